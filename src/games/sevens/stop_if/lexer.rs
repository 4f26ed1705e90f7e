//! The rule's words, numbers, operators and parentheses, each with its column, so a mistake is
//! shown where it is.

/// A token's kind and text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    Num(i64),
    Word(String),
    Op(&'static str),
    Open,
    Close,
}

/// A token where it stands in the rule.
#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) tok: Tok,
    /// Character column in the rule, from 0.
    pub(super) at: usize,
}

impl Token {
    /// The token as a message names it.
    pub(super) fn what(&self) -> String {
        match &self.tok {
            Tok::Num(n) => format!("number {n}"),
            Tok::Word(w) => format!("'{w}'"),
            Tok::Op(o) => format!("'{o}'"),
            Tok::Open => "'('".to_string(),
            Tok::Close => "')'".to_string(),
        }
    }
}

/// A mistake: the character column in the rule (from 0) and what was wrong there.
pub(super) type Fail = (usize, String);

/// The rule's tokens with their columns.
pub(super) fn lex(text: &str) -> std::result::Result<Vec<Token>, Fail> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let at = i;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[at..i].iter().collect();
            let n = digits
                .parse::<i64>()
                .ok()
                .filter(|&n| n <= 1_000_000_000)
                .ok_or((
                    at,
                    format!("number {digits} is too large (at most 1000000000)"),
                ))?;
            tokens.push(Token {
                tok: Tok::Num(n),
                at,
            });
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[at..i].iter().collect();
            tokens.push(Token {
                tok: Tok::Word(word),
                at,
            });
            continue;
        }
        let next = chars.get(i + 1).copied();
        let (tok, len) = match (c, next) {
            ('=', Some('=')) => (Tok::Op("=="), 2),
            ('!', Some('=')) => (Tok::Op("!="), 2),
            ('<', Some('=')) => (Tok::Op("<="), 2),
            ('>', Some('=')) => (Tok::Op(">="), 2),
            ('<', _) => (Tok::Op("<"), 1),
            ('>', _) => (Tok::Op(">"), 1),
            ('+', _) => (Tok::Op("+"), 1),
            ('-', _) => (Tok::Op("-"), 1),
            ('*', _) => (Tok::Op("*"), 1),
            ('(', _) => (Tok::Open, 1),
            (')', _) => (Tok::Close, 1),
            ('=', _) => return Err((at, "'=' compares as '=='".to_string())),
            ('&', _) | ('|', _) | ('!', _) => {
                return Err((at, format!("unexpected '{c}'; write and, or, not in words")));
            }
            _ => {
                return Err((
                    at,
                    format!(
                        "unexpected '{c}'; a rule has variables, whole numbers, and, or, not, \
                         == != < <= > >=, + - * and parentheses"
                    ),
                ));
            }
        };
        tokens.push(Token { tok, at });
        i += len;
    }
    Ok(tokens)
}

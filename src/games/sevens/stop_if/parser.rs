//! The grammar of the module docs, parsed by recursive descent: each rule of the grammar is a
//! function, and each part is typed (number or truth) as it is parsed, so a rule that mixes them
//! is refused with the column where it does.

use super::eval::{Arith, Cmp, Node};
use super::lexer::{Fail, Tok, Token};
use super::vars::VARIABLES;

/// The deepest nesting of parentheses and `not`/`-` accepted; the parser recurses once a level.
const MAX_DEPTH: usize = 64;

/// What a parsed part is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Number,
    Truth,
}

/// A recursive descent over the tokens, one function per rule of the grammar (module docs).
struct Parser<'t> {
    tokens: &'t [Token],
    at: usize,
    depth: usize,
    /// The rule's length in characters: where "the end" is.
    end: usize,
}

type Parsed = std::result::Result<(Node, Kind), Fail>;

/// The rule of `tokens` (a text of `end` characters), which must be true or false as a whole;
/// a mistake's column is counted in the rule, from 0.
pub(super) fn parse(tokens: &[Token], end: usize) -> std::result::Result<Node, Fail> {
    let mut p = Parser {
        tokens,
        at: 0,
        depth: 0,
        end,
    };
    let (rule, kind) = p.or()?;
    if let Some(t) = p.peek() {
        return Err((
            t.at,
            format!(
                "unexpected {}; expected and, or or the end of the rule",
                t.what()
            ),
        ));
    }
    if kind != Kind::Truth {
        return Err((
            tokens.first().map_or(0, |t| t.at),
            "the rule is a number; it must be true or false, e.g. sum >= 14".to_string(),
        ));
    }
    Ok(rule)
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn column(&self) -> usize {
        self.peek().map_or(self.end, |t| t.at)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Token { tok: Tok::Word(x), .. }) if x == w)
    }

    fn is_op(&self, ops: &[&'static str]) -> Option<&'static str> {
        match self.peek() {
            Some(Token {
                tok: Tok::Op(o), ..
            }) if ops.contains(o) => Some(o),
            _ => None,
        }
    }

    /// `what` (at `column`) must be true or false, for `op`.
    fn truth(part: (Node, Kind), column: usize, op: &str) -> std::result::Result<Node, Fail> {
        match part {
            (node, Kind::Truth) => Ok(node),
            (_, Kind::Number) => Err((
                column,
                format!(
                    "'{op}' needs true or false here, not a number (a comparison, e.g. sum >= 14)"
                ),
            )),
        }
    }

    fn number(part: (Node, Kind), column: usize, op: &str) -> std::result::Result<Node, Fail> {
        match part {
            (node, Kind::Number) => Ok(node),
            (_, Kind::Truth) => Err((
                column,
                format!("'{op}' needs a number here, not true or false"),
            )),
        }
    }

    fn deeper(&mut self) -> std::result::Result<(), Fail> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err((self.column(), format!("nested more than {MAX_DEPTH} deep")));
        }
        Ok(())
    }

    fn or(&mut self) -> Parsed {
        let first = self.column();
        let mut left = self.and()?;
        while self.is_word("or") {
            self.at += 1;
            let col = self.column();
            let right = self.and()?;
            let l = Self::truth(left, first, "or")?;
            let r = Self::truth(right, col, "or")?;
            left = (Node::Or(Box::new(l), Box::new(r)), Kind::Truth);
        }
        Ok(left)
    }

    fn and(&mut self) -> Parsed {
        let first = self.column();
        let mut left = self.not()?;
        while self.is_word("and") {
            self.at += 1;
            let col = self.column();
            let right = self.not()?;
            let l = Self::truth(left, first, "and")?;
            let r = Self::truth(right, col, "and")?;
            left = (Node::And(Box::new(l), Box::new(r)), Kind::Truth);
        }
        Ok(left)
    }

    fn not(&mut self) -> Parsed {
        if self.is_word("not") {
            self.at += 1;
            self.deeper()?;
            let col = self.column();
            let inner = self.not()?;
            self.depth -= 1;
            let inner = Self::truth(inner, col, "not")?;
            return Ok((Node::Not(Box::new(inner)), Kind::Truth));
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Parsed {
        let first = self.column();
        let left = self.sum()?;
        let Some(op) = self.is_op(&["==", "!=", "<", "<=", ">", ">="]) else {
            return Ok(left);
        };
        self.at += 1;
        let col = self.column();
        let right = self.sum()?;
        let l = Self::number(left, first, op)?;
        let r = Self::number(right, col, op)?;
        if let Some(again) = self.is_op(&["==", "!=", "<", "<=", ">", ">="]) {
            return Err((
                self.column(),
                format!("a second comparison '{again}' in a row; join comparisons with and"),
            ));
        }
        let cmp = match op {
            "==" => Cmp::Eq,
            "!=" => Cmp::Ne,
            "<" => Cmp::Lt,
            "<=" => Cmp::Le,
            ">" => Cmp::Gt,
            _ => Cmp::Ge,
        };
        Ok((Node::Cmp(cmp, Box::new(l), Box::new(r)), Kind::Truth))
    }

    fn sum(&mut self) -> Parsed {
        let first = self.column();
        let mut left = self.product()?;
        while let Some(op) = self.is_op(&["+", "-"]) {
            self.at += 1;
            let col = self.column();
            let right = self.product()?;
            let l = Self::number(left, first, op)?;
            let r = Self::number(right, col, op)?;
            let a = if op == "+" { Arith::Add } else { Arith::Sub };
            left = (Node::Arith(a, Box::new(l), Box::new(r)), Kind::Number);
        }
        Ok(left)
    }

    fn product(&mut self) -> Parsed {
        let first = self.column();
        let mut left = self.unary()?;
        while self.is_op(&["*"]).is_some() {
            self.at += 1;
            let col = self.column();
            let right = self.unary()?;
            let l = Self::number(left, first, "*")?;
            let r = Self::number(right, col, "*")?;
            left = (
                Node::Arith(Arith::Mul, Box::new(l), Box::new(r)),
                Kind::Number,
            );
        }
        Ok(left)
    }

    fn unary(&mut self) -> Parsed {
        let Some(token) = self.peek().cloned() else {
            return Err((
                self.end,
                "the rule ends too soon; expected a number, a variable or '('".to_string(),
            ));
        };
        self.at += 1;
        match token.tok {
            Tok::Num(n) => Ok((Node::Num(n), Kind::Number)),
            Tok::Op("-") => {
                self.deeper()?;
                let col = self.column();
                let inner = self.unary()?;
                self.depth -= 1;
                let inner = Self::number(inner, col, "-")?;
                Ok((Node::Neg(Box::new(inner)), Kind::Number))
            }
            Tok::Open => {
                self.deeper()?;
                let inner = self.or()?;
                self.depth -= 1;
                match self.peek() {
                    Some(Token {
                        tok: Tok::Close, ..
                    }) => {
                        self.at += 1;
                        Ok(inner)
                    }
                    Some(t) => Err((
                        t.at,
                        format!(
                            "unexpected {}; expected ')' to close the '(' at column {}",
                            t.what(),
                            token.at + 1
                        ),
                    )),
                    None => Err((
                        self.end,
                        format!(
                            "the rule ends before the ')' that closes the '(' at column {}",
                            token.at + 1
                        ),
                    )),
                }
            }
            Tok::Word(w) => match VARIABLES.iter().find(|(n, _, _)| *n == w) {
                Some((_, v, _)) => Ok((Node::Var(*v), Kind::Number)),
                None if ["and", "or", "not"].contains(&w.as_str()) => Err((
                    token.at,
                    format!("unexpected '{w}'; expected a number, a variable or '('"),
                )),
                None => Err((
                    token.at,
                    format!(
                        "unknown variable '{w}'; expected one of {}",
                        VARIABLES.map(|(n, _, _)| n).join(", ")
                    ),
                )),
            },
            _ => Err((
                token.at,
                format!(
                    "unexpected {}; expected a number, a variable or '('",
                    token.what()
                ),
            )),
        }
    }
}

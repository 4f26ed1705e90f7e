//! `stop-if:EXPR`: a player's own rule of thumb for Sevens, typed on the command line
//! (`--policy 'stop-if: sum >= 14 or dice <= 2'`) and compiled into decision tables like any
//! built-in policy.
//!
//! The grammar (spaces allowed between any two tokens):
//!
//! ```text
//! rule       = or
//! or         = and { "or" and }
//! and        = not { "and" not }
//! not        = "not" not | comparison
//! comparison = sum [ ("==" | "!=" | "<" | "<=" | ">" | ">=") sum ]
//! sum        = product { ("+" | "-") product }
//! product    = unary { "*" unary }
//! unary      = "-" unary | number | variable | "(" or ")"
//! ```
//!
//! A comparison, `and`, `or` and `not` are true or false; numbers and variables are whole
//! numbers, and the two kinds do not mix (`sum and 3` is refused, as is a rule that is a number).
//! A small parser of our own rather than an expression crate: the crates we looked at
//! (`evalexpr`, `fasteval`) spell `and` as `&&`, evaluate floats or dynamic values, and report
//! errors without a column, where a rule of thumb reads best in words and a mistake is best shown
//! where it is.

use std::fmt;

use crate::error::{Error, Result, Setting};

use super::lookup::Lookup;
use super::rolls::RollOutcomes;
use super::rules::Kept;

/// The longest rule accepted, in characters, the spaces around it not counted: far beyond any
/// rule of thumb, short enough that nothing about it (parsing, nesting) can take noticeable time
/// or stack.
const MAX_LEN: usize = 1000;
/// The deepest nesting of parentheses and `not`/`-` accepted; the parser recurses once a level.
const MAX_DEPTH: usize = 64;

/// A variable a rule can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Var {
    /// Rolls used so far this turn (1 after the first roll).
    Roll,
    /// Rolls this turn may use (fewer than `max_rolls` for a follower under
    /// `follower_limit=leader`).
    Rolls,
    /// Dice kept after removing sevens.
    Dice,
    /// Their sum.
    Sum,
    /// The best score so far this round for a follower; -1 when there is nothing to beat (a
    /// round's first player, a single turn), so `sum > to_beat` always holds then.
    ToBeat,
    /// The round, 1 to `rounds`; a play-off round reads `rounds + 1`.
    Round,
    /// The rounds of a game (`rounds=`).
    Rounds,
    /// My total before this turn.
    Me,
    /// The highest total of the other players, this round's scores of those who have played
    /// included.
    BestOther,
}

/// Every variable with its name, in the order the docs list them.
pub const VARIABLES: [(&str, Var, &str); 9] = [
    (
        "roll",
        Var::Roll,
        "rolls used so far this turn (1 after the first roll)",
    ),
    ("rolls", Var::Rolls, "rolls this turn may use"),
    ("dice", Var::Dice, "dice kept after removing sevens"),
    ("sum", Var::Sum, "their sum"),
    (
        "to_beat",
        Var::ToBeat,
        "the best score so far this round (a follower); -1 with nothing to beat",
    ),
    (
        "round",
        Var::Round,
        "the round of the game, from 1 (games only)",
    ),
    ("rounds", Var::Rounds, "the rounds of a game (games only)"),
    ("me", Var::Me, "my total before this turn (games only)"),
    (
        "best_other",
        Var::BestOther,
        "the highest total of the other players (games only)",
    ),
];

impl Var {
    fn name(self) -> &'static str {
        VARIABLES
            .iter()
            .find(|(_, v, _)| *v == self)
            .map(|(n, _, _)| *n)
            .expect("every variable is listed")
    }

    /// Whether the variable exists only in a game (it has no value in a single turn).
    pub fn of_game(self) -> bool {
        matches!(self, Var::Round | Var::Rounds | Var::Me | Var::BestOther)
    }
}

/// The values of the variables at one decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Vars {
    /// `roll`.
    pub roll: i64,
    /// `rolls`.
    pub rolls: i64,
    /// `dice`.
    pub dice: i64,
    /// `sum`.
    pub sum: i64,
    /// `to_beat` (-1: nothing to beat).
    pub to_beat: i64,
    /// `round`.
    pub round: i64,
    /// `rounds`.
    pub rounds: i64,
    /// `me`.
    pub me: i64,
    /// `best_other`.
    pub best_other: i64,
}

impl Vars {
    /// The turn's variables after roll `roll` of `rolls` with `kept`; the game's are 0 (a rule
    /// that reads them is asked with them set, by [`GameRule`]).
    pub fn turn(roll: u8, rolls: u8, kept: Kept, to_beat: i64) -> Self {
        Self {
            roll: i64::from(roll),
            rolls: i64::from(rolls),
            dice: i64::from(kept.dice),
            sum: i64::from(kept.sum),
            to_beat,
            ..Self::default()
        }
    }

    fn get(&self, v: Var) -> i64 {
        match v {
            Var::Roll => self.roll,
            Var::Rolls => self.rolls,
            Var::Dice => self.dice,
            Var::Sum => self.sum,
            Var::ToBeat => self.to_beat,
            Var::Round => self.round,
            Var::Rounds => self.rounds,
            Var::Me => self.me,
            Var::BestOther => self.best_other,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arith {
    Add,
    Sub,
    Mul,
}

/// A parsed rule. Arithmetic saturates, so no rule can overflow.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Num(i64),
    Var(Var),
    Neg(Box<Node>),
    Arith(Arith, Box<Node>, Box<Node>),
    Cmp(Cmp, Box<Node>, Box<Node>),
    Not(Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
}

impl Node {
    fn number(&self, v: &Vars) -> i64 {
        match self {
            Node::Num(n) => *n,
            Node::Var(x) => v.get(*x),
            Node::Neg(a) => a.number(v).saturating_neg(),
            Node::Arith(op, a, b) => {
                let (a, b) = (a.number(v), b.number(v));
                match op {
                    Arith::Add => a.saturating_add(b),
                    Arith::Sub => a.saturating_sub(b),
                    Arith::Mul => a.saturating_mul(b),
                }
            }
            _ => unreachable!("the parser types every node"),
        }
    }

    fn truth(&self, v: &Vars) -> bool {
        match self {
            Node::Cmp(op, a, b) => {
                let (a, b) = (a.number(v), b.number(v));
                match op {
                    Cmp::Eq => a == b,
                    Cmp::Ne => a != b,
                    Cmp::Lt => a < b,
                    Cmp::Le => a <= b,
                    Cmp::Gt => a > b,
                    Cmp::Ge => a >= b,
                }
            }
            Node::Not(a) => !a.truth(v),
            Node::And(a, b) => a.truth(v) && b.truth(v),
            Node::Or(a, b) => a.truth(v) || b.truth(v),
            _ => unreachable!("the parser types every node"),
        }
    }

    fn visit(&self, f: &mut impl FnMut(Var)) {
        match self {
            Node::Num(_) => {}
            Node::Var(x) => f(*x),
            Node::Neg(a) | Node::Not(a) => a.visit(f),
            Node::Arith(_, a, b) | Node::Cmp(_, a, b) | Node::And(a, b) | Node::Or(a, b) => {
                a.visit(f);
                b.visit(f);
            }
        }
    }
}

/// A rule of thumb: stop when it is true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StopIf {
    /// The rule as typed, spaces trimmed at its ends and every other space written as an ASCII
    /// space: the policy's name.
    text: String,
    rule: Node,
}

impl StopIf {
    /// Parses the rule `text`; an error names the column of `spec` (what the user typed, of
    /// which `text` begins at byte `offset`) where it went wrong, and what was expected there.
    pub fn parse(spec: &str, offset: usize, text: &str) -> Result<Self> {
        let bad = |column: usize, why: String| {
            Error::value(Setting::POLICY, spec, format!("column {column}: {why}"))
        };
        // Columns count characters of the whole spec, from 1.
        let base = spec[..offset].chars().count() + 1;
        // The limit is on the rule, not on the spaces around it, which are never read: the
        // column is that of the first character past it.
        let rule_text = text.trim();
        let chars = rule_text.chars().count();
        if chars > MAX_LEN {
            let leading = text[..text.len() - text.trim_start().len()].chars().count();
            return Err(bad(
                base + leading + MAX_LEN,
                format!("a rule of {chars} characters; at most {MAX_LEN} are read"),
            ));
        }
        let tokens = lex(text).map_err(|(at, why)| bad(base + at, why))?;
        let mut p = Parser {
            tokens: &tokens,
            at: 0,
            depth: 0,
            end: text.chars().count(),
        };
        let (rule, kind) = p.or().map_err(|(at, why)| bad(base + at, why))?;
        if let Some(t) = p.peek() {
            return Err(bad(
                base + t.at,
                format!(
                    "unexpected {}; expected and, or or the end of the rule",
                    t.what()
                ),
            ));
        }
        if kind != Kind::Truth {
            return Err(bad(
                base + tokens.first().map_or(0, |t| t.at),
                "the rule is a number; it must be true or false, e.g. sum >= 14".to_string(),
            ));
        }
        // A no-break or other Unicode space separates tokens as a space does, so it names the
        // same rule: left as typed, it would look the same and name another policy (and a
        // comparison of the two would not see them as one).
        let text = rule_text
            .chars()
            .map(|c| if c.is_whitespace() { ' ' } else { c })
            .collect();
        Ok(Self { text, rule })
    }

    /// Whether to stop, given the variables' values.
    #[inline]
    pub fn stops(&self, vars: &Vars) -> bool {
        self.rule.truth(vars)
    }

    /// The variables the rule reads, each once, in the order of [`VARIABLES`].
    pub fn variables(&self) -> Vec<Var> {
        let mut seen = Vec::new();
        self.rule.visit(&mut |v| {
            if !seen.contains(&v) {
                seen.push(v);
            }
        });
        seen.sort();
        seen
    }

    /// The variables the rule reads that exist only in a game.
    pub fn game_variables(&self) -> Vec<&'static str> {
        self.variables()
            .into_iter()
            .filter(|v| v.of_game())
            .map(Var::name)
            .collect()
    }

    /// Whether the rule reads the score to beat.
    pub fn reads_to_beat(&self) -> bool {
        self.variables().contains(&Var::ToBeat)
    }
}

impl fmt::Display for StopIf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stop-if:{}", self.text)
    }
}

/// A rule that reads the game's state (`round`, `me`, ...): no table can hold its decisions,
/// so a game asks it at each decision, keeping the first of the sets a roll can leave (as the
/// tables do) under `removal=subsets`.
#[derive(Clone, Debug)]
pub struct GameRule {
    rule: StopIf,
    /// The first kept set of every option list.
    first: Vec<Kept>,
    rounds: i64,
}

/// Where a player stands at the start of its turn in a game, as a rule reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameAt {
    /// `round`, from 1; `None` in a play-off, which reads `rounds + 1`.
    pub round: Option<i64>,
    /// `to_beat` (-1: nothing to beat).
    pub to_beat: i64,
    /// `me`.
    pub me: i64,
    /// `best_other`.
    pub best_other: i64,
}

impl GameRule {
    /// The rule for games of `rounds` rounds, whose rolls can leave `outcomes`.
    pub fn new(rule: StopIf, outcomes: &RollOutcomes, rounds: u32) -> Self {
        Self {
            rule,
            first: outcomes.sets.iter().map(|options| options[0]).collect(),
            rounds: i64::from(rounds),
        }
    }

    /// Plays a turn of `allowed` rolls on pre-drawn `rolls`: (score, rolls used). The last
    /// roll and an empty hand stop whatever the rule says, as in every table.
    pub fn play_turn(&self, lookup: &Lookup, rolls: &[u32], allowed: u8, at: GameAt) -> (u8, u8) {
        let mut dice = lookup.start();
        for roll in 1..=allowed {
            let kept = self.first[lookup.list(dice, rolls[usize::from(roll) - 1])];
            let vars = Vars {
                round: at.round.unwrap_or(self.rounds + 1),
                rounds: self.rounds,
                me: at.me,
                best_other: at.best_other,
                ..Vars::turn(roll, allowed, kept, at.to_beat)
            };
            if roll == allowed || kept.dice == 0 || self.rule.stops(&vars) {
                return (kept.sum, roll);
            }
            dice = kept.dice;
        }
        unreachable!("the last roll always stops")
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Num(i64),
    Word(String),
    Op(&'static str),
    Open,
    Close,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    /// Character column in the rule, from 0.
    at: usize,
}

impl Token {
    fn what(&self) -> String {
        match &self.tok {
            Tok::Num(n) => format!("number {n}"),
            Tok::Word(w) => format!("'{w}'"),
            Tok::Op(o) => format!("'{o}'"),
            Tok::Open => "'('".to_string(),
            Tok::Close => "')'".to_string(),
        }
    }
}

type Fail = (usize, String);

/// The rule's tokens with their columns.
fn lex(text: &str) -> std::result::Result<Vec<Token>, Fail> {
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

/// What a parsed part is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Number,
    Truth,
}

struct Parser<'t> {
    tokens: &'t [Token],
    at: usize,
    depth: usize,
    /// The rule's length in characters: where "the end" is.
    end: usize,
}

type Parsed = std::result::Result<(Node, Kind), Fail>;

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

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(text: &str) -> StopIf {
        let spec = format!("stop-if:{text}");
        StopIf::parse(&spec, 8, text).unwrap()
    }

    fn error(text: &str) -> String {
        let spec = format!("stop-if:{text}");
        StopIf::parse(&spec, 8, text).unwrap_err().to_string()
    }

    fn at(roll: i64, dice: i64, sum: i64) -> Vars {
        Vars {
            roll,
            rolls: 3,
            dice,
            sum,
            to_beat: -1,
            ..Vars::default()
        }
    }

    #[test]
    fn the_issues_rule_of_thumb_stops_on_fourteen_or_two_dice() {
        let r = rule(" sum >= 14 or dice <= 2 ");
        assert!(r.stops(&at(1, 4, 14)));
        assert!(r.stops(&at(1, 2, 5)));
        assert!(!r.stops(&at(1, 4, 13)));
        assert!(!r.stops(&at(2, 6, 10)));
        assert_eq!(r.to_string(), "stop-if:sum >= 14 or dice <= 2");
        assert_eq!(r.variables(), [Var::Dice, Var::Sum]);
        assert!(r.game_variables().is_empty());
    }

    #[test]
    fn precedence_is_not_then_and_then_or_and_arithmetic_binds_tighter() {
        // and binds tighter than or: true or (false and false).
        let r = rule("sum == 1 or sum == 2 and dice == 3");
        assert!(r.stops(&at(1, 6, 1)));
        assert!(!r.stops(&at(1, 6, 2)));
        assert!(r.stops(&at(1, 3, 2)));
        let r = rule("not sum > 10 and dice == 2");
        assert!(r.stops(&at(1, 2, 9)));
        assert!(!r.stops(&at(1, 2, 11)));
        // 2 + 3 * 4 = 14; a minus binds to its number.
        let r = rule("sum >= 2 + 3 * 4");
        assert!(r.stops(&at(1, 6, 14)) && !r.stops(&at(1, 6, 13)));
        let r = rule("sum - -2 == (1 + 1) * 5");
        assert!(r.stops(&at(1, 6, 8)));
        let r = rule("(roll == 1 and sum >= 15) or (roll == 2 and sum >= 10)");
        assert!(r.stops(&at(1, 4, 15)) && !r.stops(&at(1, 4, 14)));
        assert!(r.stops(&at(2, 4, 10)) && !r.stops(&at(2, 4, 9)));
    }

    #[test]
    fn arithmetic_saturates_instead_of_overflowing() {
        let r = rule("sum * 1000000000 * 1000000000 * 1000000000 > 0");
        assert!(r.stops(&at(1, 6, 6)));
        assert!(!r.stops(&at(1, 0, 0)));
    }

    #[test]
    fn game_variables_are_named_as_such() {
        let r = rule("me - best_other > 20 or (round == rounds and to_beat >= sum)");
        assert_eq!(r.game_variables(), ["round", "rounds", "me", "best_other"]);
        assert!(r.reads_to_beat());
    }

    #[test]
    fn mistakes_point_at_their_column() {
        for (text, expected) in [
            // Columns count the whole spec: "stop-if:" is 8 characters.
            (
                "sum >= 14 xor dice",
                "column 19: unexpected 'xor'; expected and, or or the end",
            ),
            (
                "summ >= 14",
                "column 9: unknown variable 'summ'; expected one of roll, rolls",
            ),
            ("sum >= ", "column 16: the rule ends too soon"),
            ("sum = 14", "column 13: '=' compares as '=='"),
            (
                "sum >= 14 && dice",
                "column 19: unexpected '&'; write and, or, not in words",
            ),
            (
                "sum",
                "column 9: the rule is a number; it must be true or false",
            ),
            (
                "sum and dice > 2",
                "column 9: 'and' needs true or false here, not a number",
            ),
            (
                "(sum > 2) + 1 > 0",
                "column 9: '+' needs a number here, not true or false",
            ),
            ("1 < sum < 5", "column 17: a second comparison '<' in a row"),
            (
                "(sum > 2",
                "column 17: the rule ends before the ')' that closes the '(' at column 1",
            ),
            ("sum > 2)", "column 16: unexpected ')'"),
            ("", "column 9: the rule ends too soon"),
            (
                "sum > 99999999999",
                "column 15: number 99999999999 is too large",
            ),
            ("sum > 2 or", "column 19: the rule ends too soon"),
            ("sum > 2 ; dice", "column 17: unexpected ';'"),
        ] {
            let e = error(text);
            assert!(e.contains(expected), "{text:?}: {e}");
            assert!(e.starts_with(&format!("policy 'stop-if:{text}': ")), "{e}");
        }
    }

    #[test]
    fn a_game_rule_reads_the_totals_the_round_and_the_score_to_beat() {
        use super::super::rules::Removal;
        let outcomes = RollOutcomes::new(Removal::Pairs);
        let lookup = Lookup::new(&outcomes);
        // Every roll shows only 1s: six dice summing 6 stay, roll after roll.
        let rolls = [0u32; 3];
        let game = |text: &str| GameRule::new(rule(text), &outcomes, 10);
        let at = |round, to_beat, me, best_other| GameAt {
            round,
            to_beat,
            me,
            best_other,
        };
        let behind = game("me < best_other");
        assert_eq!(
            behind.play_turn(&lookup, &rolls, 3, at(Some(1), -1, 10, 20)),
            (6, 1)
        );
        assert_eq!(
            behind.play_turn(&lookup, &rolls, 3, at(Some(1), -1, 30, 20)),
            (6, 3)
        );
        // A follower allowed two rolls stops on its second whatever the rule says.
        assert_eq!(
            behind.play_turn(&lookup, &rolls, 2, at(Some(1), 5, 30, 20)),
            (6, 2)
        );
        let last = game("round == rounds");
        assert_eq!(
            last.play_turn(&lookup, &rolls, 3, at(Some(10), -1, 0, 0)),
            (6, 1)
        );
        assert_eq!(
            last.play_turn(&lookup, &rolls, 3, at(Some(9), -1, 0, 0)),
            (6, 3)
        );
        // A play-off round reads rounds + 1.
        assert_eq!(
            last.play_turn(&lookup, &rolls, 3, at(None, -1, 0, 0)),
            (6, 3)
        );
        let playoff = game("round == rounds + 1 and roll == 2");
        assert_eq!(
            playoff.play_turn(&lookup, &rolls, 3, at(None, -1, 0, 0)),
            (6, 2)
        );
        let beaten = game("sum > to_beat");
        assert_eq!(
            beaten.play_turn(&lookup, &rolls, 3, at(Some(1), 5, 0, 0)),
            (6, 1)
        );
        assert_eq!(
            beaten.play_turn(&lookup, &rolls, 3, at(Some(1), 6, 0, 0)),
            (6, 3)
        );
        assert_eq!(
            beaten.play_turn(&lookup, &rolls, 3, at(Some(1), -1, 0, 0)),
            (6, 1)
        );
    }

    /// A rule typed with no-break spaces (a word processor's, a web page's) looks like the one
    /// typed with spaces, and is the same rule under the same name.
    #[test]
    fn unicode_spaces_name_the_same_rule_as_spaces() {
        let plain = rule("sum >= 14 or dice <= 2");
        for spaces in [
            "sum\u{a0}>=\u{a0}14\u{a0}or dice <= 2",
            "sum\u{202f}>= 14\u{2007}or\u{2009}dice\u{3000}<= 2\u{a0}",
            "\u{a0}sum >=\t14 or\u{2028}dice <= 2",
        ] {
            let r = rule(spaces);
            assert_eq!(r, plain, "{spaces:?}");
            assert_eq!(
                r.to_string(),
                "stop-if:sum >= 14 or dice <= 2",
                "{spaces:?}"
            );
        }
    }

    /// Spaces around a rule are trimmed, never read: they do not count toward its limit, and a
    /// rule past the limit is shown where it passes it, not at column 1.
    #[test]
    fn the_length_limit_counts_the_rule_not_the_spaces_around_it() {
        let pad = " ".repeat(50);
        let longest = format!("sum >{}1", " ".repeat(MAX_LEN - 6));
        assert_eq!(longest.chars().count(), MAX_LEN);
        assert!(rule(&format!("{pad}{longest}{pad}")).stops(&at(1, 6, 2)));
        let e = error(&format!("{pad}{longest}2{pad}"));
        // "stop-if:" is 8 characters, then 50 spaces: the rule's 1001st is column 1059.
        assert!(
            e.ends_with("': column 1059: a rule of 1001 characters; at most 1000 are read"),
            "{}",
            &e[e.len() - 80..]
        );
    }

    #[test]
    fn deep_nesting_and_long_rules_are_refused_not_overflowed() {
        let deep = format!("{}sum > 1{}", "(".repeat(100_000), ")".repeat(100_000));
        assert!(error(&deep).contains("a rule of 200007 characters; at most 1000"));
        let deep = format!("{}sum > 1{}", "(".repeat(200), ")".repeat(200));
        assert!(
            error(&deep).contains("nested more than 64 deep"),
            "{}",
            error(&deep)
        );
        let nots = format!("{}sum > 1", "not ".repeat(100));
        assert!(error(&nots).contains("nested more than 64 deep"));
    }
}

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
//!
//! The rule is read in three steps, a file each: `lexer.rs` (tokens with their columns),
//! `parser.rs` (the grammar above, typing each part as a number or a truth) and `eval.rs` (a
//! parsed rule's value at a decision, from the variables of `vars.rs`); `rule.rs` holds what
//! a policy reads, [`StopIf`] and [`GameRule`].

mod eval;
mod lexer;
mod parser;
mod rule;
mod vars;

pub use rule::{GameAt, GameRule, StopIf};
pub use vars::Vars;

#[cfg(test)]
mod tests;

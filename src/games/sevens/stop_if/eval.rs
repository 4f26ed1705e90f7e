//! A parsed rule and its evaluation: numbers and truths from the variables' values at one
//! decision. The parser types every node, so evaluating one never meets the wrong kind.

use super::vars::{Var, Vars};

/// A comparison of two numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// An arithmetic operation on two numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Arith {
    Add,
    Sub,
    Mul,
}

/// A parsed rule. Arithmetic saturates, so no rule can overflow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Node {
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
    pub(super) fn number(&self, v: &Vars) -> i64 {
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

    pub(super) fn truth(&self, v: &Vars) -> bool {
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

    pub(super) fn visit(&self, f: &mut impl FnMut(Var)) {
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

//! Sevens: roll six dice up to three times, remove dice adding up to seven, score what is left.
//!
//! The question users bring is "when should I stop rolling?": [`exact`] answers it by dynamic
//! programming and gives every built-in policy's exact score distribution.

pub mod rules;

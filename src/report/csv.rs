//! CSV as every report and table writes it: one way to write a number, one way to build a file.
//!
//! Its pieces live below the reports, where the games' own tests and the claims reach them too:
//! numbers in [`crate::number`], tables in [`crate::games::analysis`].

pub use crate::games::analysis::{csv_bytes, is_probability, table_csv};
pub use crate::number::{fmt_num, fmt_short};

//! The typed operations: one function or type per thing a command does, taking a typed request
//! and returning a typed result, with no command line, no terminal and no files. The command
//! line (`app`), the Python package and a program of its own are thin shells over this layer:
//! they read their user's words into a request, call it, and show or write what it returns.
//! Writing a report folder is a separate, explicit step (`crate::output`).

mod data;

pub use data::{data_files, files};

//! End-to-end tests of the `dicelab` binary, one module per command: reports, determinism across
//! threads and shards, merging, and one clear error line for every bad input, each bad input its
//! own test so that one failure does not hide the others.

/// One `#[test]` per refused input, from a table of
/// `name: [args...] with fixture, ... => "expected";` (`with` is optional): each case runs in its
/// own temporary folder holding the fixtures it names (functions of `common`), must fail with exit
/// code `code`, exactly one stderr line containing the expected text and nothing on stdout, and
/// must leave the folder it ran in, its `--out` among all, exactly as it found it.
macro_rules! refusals {
    ($code:expr; $(
        $(#[$attr:meta])*
        $name:ident: [$($arg:expr),+ $(,)?] $(with $($fixture:ident),+)? => $expected:expr;
    )+) => {
        $(
            $(#[$attr])*
            #[test]
            fn $name() {
                let tmp = tempfile::tempdir().unwrap();
                let d = tmp.path();
                $($($crate::common::$fixture(d);)+)?
                let args: &[&str] = &[$($arg),+];
                let before = $crate::common::tree(d);
                $crate::common::fails(d, args, $code, $expected);
                $crate::common::left_untouched(d, args, &before);
            }
        )+
    };
}

/// Bad input (what was typed, or a file's content): exit code 2; see `refusals!`.
macro_rules! bad_input {
    ($($cases:tt)+) => { refusals!(2; $($cases)+); };
}

/// A file or folder the operating system cannot read or write: exit code 1; see `refusals!`.
macro_rules! io_failure {
    ($($cases:tt)+) => { refusals!(1; $($cases)+); };
}

mod common;

mod advise;
mod captured;
mod claims;
mod compare;
mod decks;
mod determinism;
mod exit_codes;
mod formats;
mod games;
mod help;
mod house_rules;
mod inputs;
mod install;
mod json;
mod line_ends;
mod merge;
mod own_rules;
mod play;
mod report;
mod review;
mod run_json;
mod simulate;
mod solve;
mod stdout;
mod strangers;
mod sweep;
mod table;
mod tune;
mod writes;

//! Whole numbers as a user types them, read one way wherever dicelab takes one: units, seed,
//! threads, players, shard, budget and whole-number rule options.
//!
//! Accepted: digits with `_` between them (`1_000_000`), and scientific notation whose mantissa
//! may have a fraction as long as the value is whole (`1e6`, `1.5e8`, `15E7`). Refused, each with
//! its own reason: a negative number, a value that is not whole (`1.5`, `1e-3`), a value past the
//! largest allowed, and anything else that is not a number.

use std::fmt;

/// Why a typed number was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WholeError {
    /// Not a number at all.
    Malformed,
    /// A number with a minus sign.
    Negative,
    /// A number with a fraction (`1.5`, `15e-1`... but `150e-1` is 15).
    NotWhole,
    /// Larger than `u64` holds.
    TooLarge,
}

/// The forms a whole number may take, for messages.
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the command line's value parsers
pub const FORMS: &str = "such as 1000000, 1_000_000, 1e6 or 1.5e6";

/// Reads a whole number (see the module's documentation for the forms).
pub fn parse_whole(s: &str) -> Result<u64, WholeError> {
    let t = s.trim();
    if let Some(rest) = t.strip_prefix('-') {
        return Err(if parse_whole(rest).is_ok() || is_number_like(rest) {
            WholeError::Negative
        } else {
            WholeError::Malformed
        });
    }
    let t = t.strip_prefix('+').unwrap_or(t);
    let (mantissa, exponent) = match t.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e)),
        None => (t, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, f),
        None => (mantissa, ""),
    };
    let int = digits(int, true)?;
    let frac = digits(frac, true)?;
    if int.is_empty() && frac.is_empty() {
        return Err(WholeError::Malformed);
    }
    let exponent: i64 = match exponent {
        None => 0,
        Some(e) => {
            let (negative, e) = match e.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, e.strip_prefix('+').unwrap_or(e)),
            };
            let e = digits(e, false)?;
            // Past this the value is zero, not whole, or too large; no need to hold it exactly.
            let magnitude: i64 = e.parse::<i64>().unwrap_or(i64::MAX).min(1_000_000);
            if negative { -magnitude } else { magnitude }
        }
    };
    // The value is `all * 10^shift`, where `all` is the mantissa's digits.
    let mut all: String = format!("{int}{frac}");
    let mut shift = exponent - frac.len() as i64;
    while shift < 0 && all.ends_with('0') {
        all.pop();
        shift += 1;
    }
    let all = all.trim_start_matches('0');
    if all.is_empty() {
        return Ok(0);
    }
    if shift < 0 {
        return Err(WholeError::NotWhole);
    }
    if all.len() as i64 + shift > 20 {
        return Err(WholeError::TooLarge);
    }
    let value: u128 = all.parse().map_err(|_| WholeError::TooLarge)?;
    let value = value
        .checked_mul(10u128.pow(shift as u32))
        .ok_or(WholeError::TooLarge)?;
    u64::try_from(value).map_err(|_| WholeError::TooLarge)
}

/// The digits of `s` with `_` allowed between digits; `empty_ok` lets `s` be empty.
fn digits(s: &str, empty_ok: bool) -> Result<String, WholeError> {
    if s.is_empty() {
        return if empty_ok {
            Ok(String::new())
        } else {
            Err(WholeError::Malformed)
        };
    }
    if s.starts_with('_') || s.ends_with('_') || s.contains("__") {
        return Err(WholeError::Malformed);
    }
    let d: String = s.chars().filter(|&c| c != '_').collect();
    if d.chars().all(|c| c.is_ascii_digit()) {
        Ok(d)
    } else {
        Err(WholeError::Malformed)
    }
}

/// Whether `s` reads as some number (a fraction, say) once its sign is gone.
pub(crate) fn is_number_like(s: &str) -> bool {
    matches!(
        parse_whole(s),
        Ok(_) | Err(WholeError::NotWhole | WholeError::TooLarge)
    )
}

/// A whole number from `min` to `max`, or a message saying why not that leaves out the value
/// itself, which clap prints first (`invalid value '-5' for` and the flag).
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the command line's value parsers
pub fn whole_in(s: &str, min: u64, max: u64) -> Result<u64, String> {
    let value = whole_syntax(s, min, max)?;
    if value < min {
        return Err(format!("expected at least {min}, found {value}"));
    }
    if value > max {
        return Err(format!("too large; the largest allowed is {max}"));
    }
    Ok(value)
}

/// A whole number as typed, or why it is not one; `min` and `max` only word the refusal (the
/// range is checked by whoever owns it).
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the command line's value parsers
pub fn whole_syntax(s: &str, min: u64, max: u64) -> Result<u64, String> {
    parse_whole(s).map_err(|e| Refusal { min, max, e }.to_string())
}

/// A refused number, in words.
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the command line's value parsers
struct Refusal {
    min: u64,
    max: u64,
    e: WholeError,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Refusal { min, max, e } = self;
        match e {
            WholeError::Malformed => write!(f, "expected a whole number {FORMS}"),
            WholeError::Negative => write!(
                f,
                "a negative number is not allowed; expected a whole number from {min} to {max}"
            ),
            WholeError::NotWhole => write!(
                f,
                "not a whole number; expected a whole number from {min} to {max}"
            ),
            WholeError::TooLarge => write!(f, "too large; the largest allowed is {max}"),
        }
    }
}

/// A number for a CSV cell: empty when undefined, shortest exact form when ordinary, scientific
/// notation at 12 significant digits when tiny or huge (Rust would otherwise print every zero).
pub fn fmt_num(x: f64) -> String {
    if !x.is_finite() {
        String::new()
    } else if ordinary(x) {
        format!("{x}")
    } else {
        format!("{x:.11e}")
    }
}

/// A number a user gave, for a person to read (a claim's value in the terminal): the shortest
/// form that reads back as the same number, in scientific notation where [`fmt_num`] uses it,
/// so `1e308` prints as `1e308`, not as its 309 digits.
pub fn fmt_short(x: f64) -> String {
    if ordinary(x) || !x.is_finite() {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

/// Whether `x` is written in plain digits: 0, or a magnitude from 1e-4 to below 1e15.
fn ordinary(x: f64) -> bool {
    x == 0.0 || (1e-4..1e15).contains(&x.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usual_forms_are_read() {
        for (s, v) in [
            ("0", 0),
            ("1000000", 1_000_000),
            ("1_000_000", 1_000_000),
            ("1e6", 1_000_000),
            ("1E6", 1_000_000),
            ("1e+6", 1_000_000),
            ("1.5e8", 150_000_000),
            ("15e7", 150_000_000),
            ("150e-1", 15),
            ("2.50e1", 25),
            ("1.e3", 1000),
            (".5e1", 5),
            ("+7", 7),
            (" 12 ", 12),
            ("0e99999999999", 0),
            ("18446744073709551615", u64::MAX),
            ("1.8446744073709551615e19", u64::MAX),
        ] {
            assert_eq!(parse_whole(s), Ok(v), "{s}");
        }
    }

    #[test]
    fn each_refusal_has_its_reason() {
        use WholeError::*;
        for (s, e) in [
            ("", Malformed),
            ("lots", Malformed),
            ("1_", Malformed),
            ("_1", Malformed),
            ("1__0", Malformed),
            ("1e", Malformed),
            ("e5", Malformed),
            ("1.2.3", Malformed),
            ("0x10", Malformed),
            ("--5", Malformed),
            ("-lots", Malformed),
            ("-5", Negative),
            ("-1.5e8", Negative),
            ("-0.5", Negative),
            ("1.5", NotWhole),
            ("1e-3", NotWhole),
            ("15e-1", NotWhole),
            ("18446744073709551616", TooLarge),
            ("1e20", TooLarge),
            ("1e40", TooLarge),
            ("1e99999999999999999999", TooLarge),
            ("123456789012345678901234567890123456789012", TooLarge),
        ] {
            assert_eq!(parse_whole(s), Err(e), "{s}");
        }
    }

    #[test]
    fn messages_say_why_and_give_the_limits() {
        assert_eq!(
            whole_in("18446744073709551616", 1, u64::MAX).unwrap_err(),
            "too large; the largest allowed is 18446744073709551615"
        );
        assert_eq!(
            whole_in("4000", 1, 1024).unwrap_err(),
            "too large; the largest allowed is 1024"
        );
        assert_eq!(
            whole_in("-5", 1, 10).unwrap_err(),
            "a negative number is not allowed; expected a whole number from 1 to 10"
        );
        assert_eq!(
            whole_in("1.5", 1, 10).unwrap_err(),
            "not a whole number; expected a whole number from 1 to 10"
        );
        assert_eq!(
            whole_in("x", 1, 10).unwrap_err(),
            "expected a whole number such as 1000000, 1_000_000, 1e6 or 1.5e6"
        );
        assert_eq!(
            whole_in("0", 1, 10).unwrap_err(),
            "expected at least 1, found 0"
        );
        assert_eq!(whole_in("1e1", 1, 10), Ok(10));
    }

    use proptest::prelude::*;

    /// Characters a typed number is made of, and some it should not be.
    const NUMBER_CHARS: &[&str] = &[
        "0",
        "1",
        "5",
        "9",
        "e",
        "E",
        ".",
        "_",
        "-",
        "+",
        " ",
        "99999999999999999999",
        "e999999999",
        "e-999999999",
        "x",
        "é",
    ];

    /// The longest one number may take to read before it counts as a hang.
    const HANG: std::time::Duration = std::time::Duration::from_secs(5);

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: std::env::var("DICELAB_FUZZ_CASES")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(64),
            failure_persistence: None,
            ..proptest::prelude::ProptestConfig::default()
        })]

        #[test]
        fn typed_numbers_read_back_or_are_refused_in_one_line(
            s in prop_oneof![
                prop::collection::vec(prop::sample::select(NUMBER_CHARS), 0..12).prop_map(|w| w.concat()),
                ".{0,30}",
            ],
            v in any::<u64>(),
            (m, k) in (0u64..100_000, 0u32..25),
        ) {
            let start = std::time::Instant::now();
            let _ = parse_whole(&s);
            if let Err(e) = whole_in(&s, 1, 1000) {
                prop_assert!(!e.is_empty() && !e.contains('\n'), "{e:?}");
            }
            prop_assert!(start.elapsed() < HANG, "{s:?} took {:?}", start.elapsed());
            // What is printed reads back, with or without the separators.
            prop_assert_eq!(parse_whole(&v.to_string()), Ok(v));
            let grouped = v
                .to_string()
                .as_bytes()
                .rchunks(3)
                .rev()
                .map(|c| std::str::from_utf8(c).unwrap())
                .collect::<Vec<_>>()
                .join("_");
            prop_assert_eq!(parse_whole(&grouped), Ok(v));
            // Scientific notation is exact: m x 10^k, or too large.
            let exact = 10u64.checked_pow(k).and_then(|p| m.checked_mul(p));
            let expected = match exact {
                Some(x) => Ok(x),
                None if m == 0 => Ok(0),
                None => Err(WholeError::TooLarge),
            };
            prop_assert_eq!(parse_whole(&format!("{m}e{k}")), expected);
        }
    }

    /// A number a user typed reads back as typed where it can, and never as hundreds of digits.
    #[test]
    fn a_number_for_a_person_is_short_and_reads_back_the_same() {
        for (x, text) in [
            (1e308, "1e308"),
            (-1.5e300, "-1.5e300"),
            (1e-300, "1e-300"),
            (0.5, "0.5"),
            (20.0, "20"),
            (0.333, "0.333"),
            (0.0, "0"),
            (123456789012345.0, "123456789012345"),
            (1e15, "1e15"),
        ] {
            assert_eq!(fmt_short(x), text);
            assert_eq!(fmt_short(x).parse::<f64>(), Ok(x));
        }
        // The CSV cell of the same number keeps its 12 digits.
        assert_eq!(fmt_num(1e308), "1.00000000000e308");
    }
}

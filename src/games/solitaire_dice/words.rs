//! Solitaire Dice in words, as the coach, the review and the game at the terminal write it: a
//! division, a roll, a sheet (in words, and as `--sheet` takes it), and the sheets a roll's
//! divisions leave. Below the coach and the review, which both read them.

use super::choice::Choice;
use super::roll::Roll;
use super::rules::{MAX_SUM, MIN_SUM};
use super::sheet::Sheet;

/// A sheet as `--sheet` writes it (the inverse of [`parse_sheet`]): `S:M,.../F:M,...`.
pub fn sheet_text(sheet: &Sheet) -> String {
    let sums: Vec<String> = (MIN_SUM..=MAX_SUM)
        .filter(|&s| sheet.marks(s) > 0)
        .map(|s| format!("{s}:{}", sheet.marks(s)))
        .collect();
    let faces: Vec<String> = (1..=6)
        .filter(|&f| sheet.throwaway_marks(f) > 0)
        .map(|f| format!("{f}:{}", sheet.throwaway_marks(f)))
        .collect();
    format!("{}/{}", sums.join(","), faces.join(","))
}

/// The roll as the advice repeats it: its faces, space-separated.
pub(super) fn roll_text(roll: &Roll) -> String {
    roll.faces()
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The sheet each of `choices` leaves `sheet`, in their order: what the play-outs start from.
pub(super) fn afters(sheet: &Sheet, choices: &[Choice]) -> Vec<Sheet> {
    choices
        .iter()
        .map(|&c| {
            let mut after = *sheet;
            after.apply(c);
            after
        })
        .collect()
}

/// A division in the text's words: the two sums marked, and the die set aside.
pub(super) fn division(choice: Choice) -> String {
    let [low, high] = choice.sums();
    let kind = if choice.free_ride() {
        "free ride"
    } else {
        "throw away"
    };
    format!("{low} + {high}, {kind} {}", choice.set_aside())
}

/// The sheet in words: the marks per sum, then the throwaway marks.
pub(super) fn sheet_words(sheet: &Sheet) -> String {
    let sums: Vec<String> = (MIN_SUM..=MAX_SUM)
        .filter(|&s| sheet.marks(s) > 0)
        .map(|s| format!("{s} x{}", sheet.marks(s)))
        .collect();
    let faces: Vec<String> = (1..=6)
        .filter(|&f| sheet.throwaway_marks(f) > 0)
        .map(|f| format!("{f} x{}", sheet.throwaway_marks(f)))
        .collect();
    let part = |v: Vec<String>| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    format!("sums {}; throwaways {}", part(sums), part(faces))
}

//! CSV as every report and table writes it: one way to write a number, one way to build a file.

use crate::games::analysis::{Cell, DataTable};

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

/// A CSV file's bytes from its header and rows, built in memory so it can be written atomically.
pub fn csv_bytes<R: AsRef<[u8]>>(
    header: &[&str],
    rows: impl IntoIterator<Item = Vec<R>>,
) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    // Writing to a Vec cannot fail.
    w.write_record(header).expect("CSV into memory");
    for row in rows {
        w.write_record(&row).expect("CSV into memory");
    }
    w.into_inner().expect("CSV into memory")
}

/// Whether the column `name` holds probabilities (`probability`, `cumulative`, `p_...`): its
/// values are clamped to [0, 1] wherever they are written, since a sum of floating-point terms
/// can stray past either end by a rounding (`-2.22e-16`), a chance no reader should see.
pub fn is_probability(name: &str) -> bool {
    name == "probability" || name == "cumulative" || name.starts_with("p_")
}

/// A data table's CSV file, its notes first as `# ` comment lines; probabilities clamped to
/// [0, 1] ([`is_probability`]).
pub fn table_csv(table: &DataTable) -> Vec<u8> {
    let header: Vec<&str> = table.columns.iter().map(String::as_str).collect();
    let chance: Vec<bool> = table.columns.iter().map(|c| is_probability(c)).collect();
    let mut bytes: Vec<u8> = table
        .notes
        .iter()
        .flat_map(|n| format!("# {n}\n").into_bytes())
        .collect();
    bytes.extend(csv_bytes(
        &header,
        table.rows.iter().map(|row| {
            row.iter()
                .zip(&chance)
                .map(|(cell, &chance)| match cell {
                    Cell::Text(s) => s.clone(),
                    Cell::Int(i) => i.to_string(),
                    Cell::Num(x) if chance => fmt_num(x.clamp(0.0, 1.0)),
                    Cell::Num(x) => fmt_num(*x),
                })
                .collect::<Vec<String>>()
        }),
    ));
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

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

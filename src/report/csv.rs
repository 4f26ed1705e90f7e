//! CSV as every report and table writes it: one way to write a number, one way to build a file.

use crate::games::analysis::{Cell, DataTable};

/// A number for a CSV cell: empty when undefined, shortest exact form when ordinary, scientific
/// notation at 12 significant digits when tiny or huge (Rust would otherwise print every zero).
pub fn fmt_num(x: f64) -> String {
    if !x.is_finite() {
        String::new()
    } else if x == 0.0 || (1e-4..1e15).contains(&x.abs()) {
        format!("{x}")
    } else {
        format!("{x:.11e}")
    }
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

//! The printed tables: every column kept in CSV and TSV, what rows share said once in
//! Markdown and grids, one number format a column, probabilities clamped, grids as a rulebook
//! prints them.

use super::*;
use crate::cells;

fn turns() -> Vec<DataTable> {
    let mut table = DataTable::new(
        "turns_table",
        &[
            "game",
            "rules",
            "turns",
            "probability",
            "cumulative",
            "mean",
        ],
    );
    table.push(cells![
        "hearts-due",
        "wipe_ones=4",
        1u32,
        -2.220446049250313e-16,
        -2.220446049250313e-16,
        12.5
    ]);
    table.push(cells![
        "hearts-due",
        "wipe_ones=4",
        2u32,
        0.25,
        0.25,
        0.001234
    ]);
    table.push(cells![
        "hearts-due",
        "wipe_ones=4",
        3u32,
        0.75,
        1.0000000000000002,
        3.0
    ]);
    vec![table.exact()]
}

fn plain() -> Style {
    Style::default()
}

#[test]
fn csv_keeps_every_column_and_probabilities_stay_within_zero_and_one() {
    let csv = tables_as(&turns(), &[], TableFormat::Csv, plain());
    assert_eq!(
        csv,
        "# turns_table\n\
         game,rules,turns,probability,cumulative,mean\n\
         hearts-due,wipe_ones=4,1,0.000000,0.000000,12.500000\n\
         hearts-due,wipe_ones=4,2,0.250000,0.250000,0.001234\n\
         hearts-due,wipe_ones=4,3,0.750000,1.000000,3.000000\n"
    );
}

#[test]
fn csv_and_tsv_columns_do_not_depend_on_what_the_rows_hold() {
    let mut mixed = turns();
    mixed[0].rows[2][1] = Cell::Text("wipe_ones=3".into());
    for format in [TableFormat::Csv, TableFormat::Tsv] {
        let header = |tables: &[DataTable]| {
            tables_as(tables, &[], format, plain())
                .lines()
                .find(|l| !l.starts_with('#'))
                .map(str::to_string)
        };
        assert_eq!(header(&turns()), header(&mixed), "{format:?}");
    }
    // Markdown, for a person, says the rules every row shares once, above.
    let md = tables_as(&turns(), &[], TableFormat::Markdown, plain());
    assert!(md.contains("| turns | probability |"), "{md}");
    let md = tables_as(&mixed, &[], TableFormat::Markdown, plain());
    assert!(md.contains("| rules | turns | probability |"), "{md}");
}

#[test]
fn percent_markdown_and_tabs_keep_one_format_per_column() {
    let md = tables_as(
        &turns(),
        &[],
        TableFormat::Markdown,
        Style {
            percent: true,
            digits: None,
        },
    );
    assert!(
        md.starts_with("### turns_table\n\ngame: `hearts-due`  \nrules: `wipe_ones=4`  \n\n"),
        "{md}"
    );
    assert!(
        md.contains(
            "| turns | probability (%) | cumulative (%) | mean |\n| ---: | ---: | ---: | ---: |\n"
        ),
        "{md}"
    );
    // The first row, a chance of 0 (a rounding below it), cannot arise: it is left out.
    assert!(!md.contains("| 1 |"), "{md}");
    assert!(md.contains("| 3 | 75.00 | 100.00 | 3.000000 |\n"), "{md}");
    let tsv = tables_as(&turns(), &[], TableFormat::Tsv, plain());
    assert!(
        tsv.contains(
            "turns\tprobability\tcumulative\tmean\nhearts-due\twipe_ones=4\t1\t0.000000\t"
        ),
        "{tsv}"
    );
}

#[test]
fn digits_set_every_real_number_and_about_lines_head_every_table() {
    let about = [
        ("game".to_string(), "hearts-due".to_string()),
        ("seed".to_string(), "7".to_string()),
    ];
    let csv = tables_as(
        &turns(),
        &about,
        TableFormat::Csv,
        Style {
            percent: false,
            digits: Some(2),
        },
    );
    // The command's lines head the table; its rows keep their own columns.
    assert!(
        csv.starts_with("# turns_table\n# game: hearts-due\n# seed: 7\ngame,rules,turns,"),
        "{csv}"
    );
    assert!(
        csv.contains("\nhearts-due,wipe_ones=4,2,0.25,0.25,0.00\n"),
        "{csv}"
    );
}

/// A long table of (rolled, kept) chances, printed as the grid a rulebook holds.
fn keep() -> DataTable {
    let mut t = DataTable::new("keep_chances", &["rolled", "kept", "probability"]);
    for (n, k, p) in [
        (1u32, 0u32, 0.0),
        (1, 1, 1.0),
        (2, 0, 1.0 / 6.0),
        (2, 1, 0.0),
        (2, 2, 5.0 / 6.0),
    ] {
        t.push(cells![n, k, p]);
    }
    t.read_as_grid("rolled", "kept", &["probability"]).exact()
}

#[test]
fn a_grid_prints_one_key_down_and_one_across_with_impossible_cells_marked() {
    let md = tables_as(
        &[keep()],
        &[("game".to_string(), "sevens".to_string())],
        TableFormat::Markdown,
        Style {
            percent: true,
            digits: Some(1),
        },
    );
    assert!(
        md.starts_with(
            "### keep_chances: probability (%) by rolled and kept\n\ngame: `sevens`  \n\n"
        ),
        "{md}"
    );
    assert!(
        md.contains(
            "| rolled | kept=0 | kept=1 | kept=2 |\n| ---: | ---: | ---: | ---: |\n\
             | 1 | – | 100.0 |  |\n| 2 | 16.7 | – | 83.3 |\n"
        ),
        "{md}"
    );
    let csv = tables_as(&[keep()], &[], TableFormat::Csv, plain());
    assert!(
        csv.contains(
            "rolled,kept=0,kept=1,kept=2\n1,0.000000,1.000000,\n2,0.166667,0.000000,0.833333\n"
        ),
        "{csv}"
    );
}

#[test]
fn an_estimated_chance_of_zero_is_a_number_and_its_row_stays() {
    let mut t = DataTable::new("actions", &["action", "p_win", "loses"]);
    t.push(cells!["stop", 0.25, 0.0]);
    t.push(cells!["roll", 0.0, 0.25]);
    let md = tables_as(&[t.clone()], &[], TableFormat::Markdown, plain());
    assert!(md.contains("| roll | 0.0000 |"), "{md}");
    let exact = tables_as(&[t.exact()], &[], TableFormat::Markdown, plain());
    assert!(!exact.contains("| roll |"), "{exact}");
}

#[test]
fn a_column_whose_first_cell_is_empty_is_still_aligned_as_numbers() {
    let mut t = DataTable::new("actions", &["action", "loses"]);
    t.push(cells!["stop", ""]);
    t.push(cells!["roll", 0.5]);
    let md = tables_as(&[t], &[], TableFormat::Markdown, plain());
    assert!(md.contains("| action | loses |\n| --- | ---: |\n"), "{md}");
}

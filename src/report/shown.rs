//! What a command prints, in each form a person or a program asks for (`--format`): the text a
//! terminal shows, one JSON document, or the tables as CSV, tab-separated values or Markdown.
//! Every command's result says the three once ([`Shown`]); [`render`] picks one, so every
//! command takes the same formats and a table reads the same whichever command printed it.

use crate::games::analysis::{Analysis, DataTable};
use crate::games::{DecksOutput, TuneOutput};

use super::json::tables_json;
use super::print::{Style, TableFormat, tables_as};

/// How a result is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// For reading on a terminal.
    Text,
    /// One JSON document: every figure, for a program.
    Json,
    /// The tables the text shows, in a table format.
    Tables(TableFormat),
}

/// A command's result, as it can be printed.
pub trait Shown {
    /// What a terminal shows.
    fn text(&self) -> String;
    /// One JSON document holding every figure.
    fn json(&self) -> String;
    /// The tables the text shows, as data (`--format csv`, `tsv`, `md`).
    fn tables(&self) -> Vec<DataTable>;
    /// What every table shares (the game, its rules, the seed), said once above each as
    /// `key: value`.
    fn about(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// `shown` in `format`; `style` sets how a table writes its numbers.
pub fn render(shown: &dyn Shown, format: Format, style: Style) -> String {
    match format {
        Format::Text => shown.text(),
        Format::Json => shown.json(),
        Format::Tables(format) => tables_as(&shown.tables(), &shown.about(), format, style),
    }
}

/// An exact analysis with what its tables share.
pub struct Analysed<'a> {
    /// The analysis.
    pub analysis: &'a Analysis,
    /// What every table shares (the game and its rules).
    pub about: Vec<(String, String)>,
}

impl Shown for Analysed<'_> {
    fn text(&self) -> String {
        self.analysis.text.clone()
    }

    fn json(&self) -> String {
        tables_json(&self.analysis.tables)
    }

    fn tables(&self) -> Vec<DataTable> {
        // `table` prints exact analyses only: a chance of 0 there cannot arise.
        self.analysis
            .tables
            .iter()
            .cloned()
            .map(DataTable::exact)
            .collect()
    }

    fn about(&self) -> Vec<(String, String)> {
        self.about.clone()
    }
}

impl Shown for DecksOutput {
    fn text(&self) -> String {
        self.text.clone()
    }

    fn json(&self) -> String {
        tables_json(std::slice::from_ref(&self.table))
    }

    fn tables(&self) -> Vec<DataTable> {
        vec![self.table.clone()]
    }
}

impl Shown for TuneOutput {
    fn text(&self) -> String {
        self.summary.clone()
    }

    fn json(&self) -> String {
        tables_json(std::slice::from_ref(&self.weights))
    }

    fn tables(&self) -> Vec<DataTable> {
        vec![self.weights.clone()]
    }
}

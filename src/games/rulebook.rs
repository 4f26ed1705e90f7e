//! A game's rules in the project's own words: how to play, every rule option, our reading of each
//! gap the rule texts leave, and the texts' worked examples as we play them.
//!
//! One source for every reader: `dicelab rules GAME` prints [`text`], the game's docs page holds
//! [`markdown`] between two markers (a test checks they agree), and `dicelab play` starts with
//! [`in_short`]. A game declares its [`Rulebook`] in its [`GameInfo`](super::GameInfo) beside the
//! rule options, which both renderings list from the same table the parser reads; each takes
//! the game's [`Rules`] ([`GameInfo::rules`](super::GameInfo::rules)).

use super::options::OptionSpec;

/// What the renderings read of a game: its name, its line, its options and its rulebook.
#[derive(Clone, Copy, Debug)]
pub struct Rules<'a> {
    /// The command-line name.
    pub name: &'a str,
    /// One line on what it is.
    pub about: &'a str,
    /// The rule options, in declared order.
    pub options: &'a [OptionSpec],
    /// The rules in words.
    pub book: &'a Rulebook,
}

/// A game's rules, written for a person at the table.
#[derive(Clone, Copy, Debug)]
pub struct Rulebook {
    /// A few sentences on how a game goes, for the start of `dicelab play`.
    pub in_short: &'static str,
    /// How to play: paragraphs, list items and tables, in order.
    pub how_to_play: &'static [Block],
    /// Our reading of every gap or disagreement of the rule texts, one topic each.
    pub readings: &'static [Reading],
    /// The rule texts' worked examples, each as this project plays it.
    pub examples: &'static [&'static str],
}

impl Rulebook {
    /// A rulebook that says nothing beyond the options: for a game with no text of its own.
    pub const NONE: Rulebook = Rulebook {
        in_short: "",
        how_to_play: &[],
        readings: &[],
        examples: &[],
    };
}

/// One piece of the "how to play" text. Text may mark code with backticks, which the terminal
/// drops and markdown keeps.
#[derive(Clone, Copy, Debug)]
pub enum Block {
    /// A paragraph.
    Para(&'static str),
    /// A list item; consecutive items make one list.
    Item(&'static str),
    /// A table: its header row, then its rows.
    Table(&'static [&'static [&'static str]]),
}

/// Our reading of one gap of the rule texts.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// What it is about, a few words: "Removal".
    pub topic: &'static str,
    /// How the project plays it, and why.
    pub text: &'static str,
}

/// The widest line [`text`] writes: an 80-column terminal shows every line whole.
pub const WIDTH: usize = 78;

/// The widest line of [`markdown`]'s prose, as the docs pages are written (a table row is
/// one line, however long).
const PAGE_WIDTH: usize = 100;

/// The headings both renderings use, so a page and the terminal read the same.
pub(super) const HOW_TO_PLAY: &str = "How to play";
pub(super) const OPTIONS: &str = "Rule options";
pub(super) const READINGS: &str = "Our reading of the gaps";
const EXAMPLES: &str = "The rule texts' worked examples";

/// What the options' heading says under it (the same words on both renderings of the command
/// line's and the docs' rules).
fn options_intro(game: &Rules) -> String {
    format!(
        "Every number and reading of the rules is an option: set one with `--rule KEY=VALUE` on \
         any command that plays {}; each is listed as KEY=DEFAULT with the values it takes.",
        game.name
    )
}

/// What the options' heading says under it on a page, which has no command line: where a
/// player sets them.
const PAGE_OPTIONS_INTRO: &str = "Every number and reading of the rules is an option, listed \
     here as KEY=DEFAULT with the values it takes; a game on the Play page takes them as \
     KEY=VALUE in its rules.";

/// Lines of `text` at most `width` characters (a longer word stands alone), the first after
/// `first` and the others after `rest`.
pub fn wrap(text: &str, width: usize, first: &str, rest: &str) -> String {
    let mut out = String::new();
    let mut line = String::from(first);
    let mut empty = true;
    for word in text.split_whitespace() {
        if !empty && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from(rest);
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    if !empty {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// `text` for a terminal: the backticks and bold marks of markdown dropped.
fn plain(text: &str) -> String {
    text.replace('`', "").replace("**", "")
}

/// A table's rows as aligned columns for a terminal, first column left, the others right.
fn table_text(rows: &[&[&str]], indent: &str) -> String {
    let columns = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .map(|r| r.get(c).map_or(0, |s| plain(s).chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, &w))| {
                let cell = plain(cell);
                if c == 0 {
                    format!("{cell:<w$}")
                } else {
                    format!("{cell:>w$}")
                }
            })
            .collect();
        out.push_str(indent);
        out.push_str(cells.join("   ").trim_end());
        out.push('\n');
    }
    out
}

/// An option as both renderings head it: `key=default`.
fn option_head(o: &OptionSpec) -> String {
    format!("{}={}", o.key, o.default)
}

/// The rules of `game` for a terminal, no line over [`WIDTH`] characters: how to play, the
/// rule options with their values and defaults, our reading of the gaps, the worked examples.
pub fn text(game: &Rules) -> String {
    let book = game.book;
    let mut out = wrap(&plain(game.about), WIDTH, "", "");
    let heading = |out: &mut String, title: &str| {
        out.push('\n');
        out.push_str(&title.to_uppercase());
        out.push_str("\n\n");
    };
    if !book.how_to_play.is_empty() {
        heading(&mut out, HOW_TO_PLAY);
        let mut previous_item = true;
        for block in book.how_to_play {
            match block {
                Block::Para(p) => {
                    if !out.ends_with("\n\n") {
                        out.push('\n');
                    }
                    out.push_str(&wrap(&plain(p), WIDTH, "", ""));
                    out.push('\n');
                    previous_item = false;
                }
                Block::Item(i) => {
                    if !previous_item && !out.ends_with("\n\n") {
                        out.push('\n');
                    }
                    out.push_str(&wrap(&plain(i), WIDTH, "- ", "  "));
                    previous_item = true;
                }
                Block::Table(rows) => {
                    if !out.ends_with("\n\n") {
                        out.push('\n');
                    }
                    out.push_str(&table_text(rows, "    "));
                    out.push('\n');
                    previous_item = false;
                }
            }
        }
        while out.ends_with("\n\n") {
            out.pop();
        }
    }
    heading(&mut out, OPTIONS);
    let options = game.options;
    if options.is_empty() {
        out.push_str("None: the game is played one way.\n");
    } else {
        out.push_str(&wrap(&plain(&options_intro(game)), WIDTH, "", ""));
        for o in options {
            out.push('\n');
            out.push_str(&wrap(
                &format!("{}  ({})", option_head(o), o.values.expected()),
                WIDTH,
                "",
                "    ",
            ));
            out.push_str(&wrap(&plain(o.meaning), WIDTH, "    ", "    "));
        }
    }
    if !book.readings.is_empty() {
        heading(&mut out, READINGS);
        for (i, r) in book.readings.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&wrap(
                &plain(&format!("{}. {}", r.topic, r.text)),
                WIDTH,
                "- ",
                "  ",
            ));
        }
    }
    if !book.examples.is_empty() {
        heading(&mut out, EXAMPLES);
        for (i, e) in book.examples.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&wrap(&plain(e), WIDTH, "- ", "  "));
        }
    }
    out
}

/// The few lines `dicelab play GAME` starts with: the game in short and where the whole rules
/// are.
pub fn in_short(game: &Rules) -> String {
    let book = game.book;
    let mut out = wrap(
        &format!(
            "How to play {}: {}",
            game.name,
            if book.in_short.is_empty() {
                game.about
            } else {
                book.in_short
            }
        ),
        WIDTH,
        "",
        "",
    );
    out.push_str(&wrap(
        &format!(
            "Every rule, option and reading: dicelab rules {}",
            game.name
        ),
        WIDTH,
        "",
        "",
    ));
    plain(&out)
}

/// The rules of `game` as markdown, for its docs page: the same words as [`text`] under `###`
/// headings (the page gives the `##` heading above them), ending in one line break.
pub fn markdown(game: &Rules) -> String {
    markdown_with(game, &options_intro(game))
}

/// The rules of `game` as markdown for a page of the web app: [`markdown`]'s words, but for
/// where the options are set (a page has no command line to type a flag on).
pub fn page_markdown(game: &Rules) -> String {
    markdown_with(game, PAGE_OPTIONS_INTRO)
}

/// The rules as markdown, the options introduced by `intro`.
fn markdown_with(game: &Rules, intro: &str) -> String {
    let book = game.book;
    let mut out = String::new();
    let heading = |out: &mut String, title: &str| {
        out.push_str(&format!("### {title}\n\n"));
    };
    out.push_str(&wrap(game.about, PAGE_WIDTH, "", ""));
    out.push('\n');
    if !book.how_to_play.is_empty() {
        heading(&mut out, HOW_TO_PLAY);
        let mut in_list = false;
        for block in book.how_to_play {
            let item = matches!(block, Block::Item(_));
            if in_list && !item {
                out.push('\n');
            }
            match block {
                Block::Para(p) => {
                    out.push_str(&wrap(p, PAGE_WIDTH, "", ""));
                    out.push('\n');
                }
                Block::Item(i) => out.push_str(&wrap(i, PAGE_WIDTH, "- ", "  ")),
                Block::Table(rows) => {
                    for (r, row) in rows.iter().enumerate() {
                        out.push_str(&format!("| {} |\n", row.join(" | ")));
                        if r == 0 {
                            out.push_str(&format!("|{}\n", " --- |".repeat(row.len())));
                        }
                    }
                    out.push('\n');
                }
            }
            in_list = item;
        }
        if in_list {
            out.push('\n');
        }
    }
    heading(&mut out, OPTIONS);
    let options = game.options;
    if options.is_empty() {
        out.push_str("None: the game is played one way.\n\n");
    } else {
        out.push_str(&wrap(intro, PAGE_WIDTH, "", ""));
        out.push('\n');
        for o in options {
            out.push_str(&wrap(
                &format!(
                    "`{}` ({}): {}",
                    option_head(o),
                    o.values.expected(),
                    o.meaning
                ),
                PAGE_WIDTH,
                "- ",
                "  ",
            ));
        }
        out.push('\n');
    }
    if !book.readings.is_empty() {
        heading(&mut out, READINGS);
        for r in book.readings {
            out.push_str(&wrap(
                &format!("**{}.** {}", r.topic, r.text),
                PAGE_WIDTH,
                "- ",
                "  ",
            ));
        }
        out.push('\n');
    }
    if !book.examples.is_empty() {
        heading(&mut out, EXAMPLES);
        for e in book.examples {
            out.push_str(&wrap(e, PAGE_WIDTH, "- ", "  "));
        }
        out.push('\n');
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// The words of a text, in order, without markup or punctuation: what [`text`] and
/// [`markdown`] must share.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_wraps_under_its_first_line() {
        assert_eq!(
            wrap("one two three four five", 9, "- ", "  "),
            "- one two\n  three\n  four\n  five\n"
        );
        assert_eq!(wrap("a verylongword b", 4, "", ""), "a\nverylongword\nb\n");
        assert_eq!(wrap("", 10, "- ", "  "), "");
    }

    #[test]
    fn a_table_reads_in_aligned_columns() {
        let rows: &[&[&str]] = &[&["run", "points"], &["1-2", "5"], &["five 6's", "30"]];
        assert_eq!(
            table_text(rows, "  "),
            "  run        points\n  1-2             5\n  five 6's       30\n"
        );
    }
}

//! The report index: `index.html` and `README.md` at the root of the default job's reports, one
//! section per question a run answers, with the run's estimates, intervals and exact values, its
//! charts and links to its files, so the findings are read in one place rather than dug out of
//! folders.
//!
//! The page is self-contained (inline CSS, no script, no network), reads on a phone and prints
//! (each section starts on a page). On a screen narrower than a table (a phone), each row of a
//! table reflows into a block of its own, every figure beside its column's name, so the page
//! never scrolls sideways; on a wider one a table too wide for it scrolls inside its own box with
//! its first column held in place. Charts are shown at no more than their own width
//! ([`crate::plot::WIDTH`]), which keeps their text at the size it was drawn for, and on a phone
//! at the screen's width.

use std::fmt::Write;

/// One section: the question, the run that answers it and what it wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexSection {
    /// The folder of the run, relative to the index.
    pub folder: String,
    /// The question the run answers.
    pub question: String,
    /// The run in one line (game, rules, policies, seed, size).
    pub heading: String,
    /// The answer to the question in a sentence or two, from the run's numbers: what the
    /// section opens with.
    pub answer: String,
    /// Column names of the findings table.
    pub columns: Vec<String>,
    /// The findings, one row per metric or claim, as text.
    pub rows: Vec<Vec<String>>,
    /// The files written in the folder, by name.
    pub files: Vec<String>,
    /// Sentences under the run's line, before the table: what a reader should know of these
    /// figures (a run too small for its intervals).
    pub notes: Vec<String>,
}

/// Text safe inside HTML elements and attribute values.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A section's anchor: its folder, which is unique.
fn anchor(section: &IndexSection) -> String {
    section
        .folder
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// Files a reader opens (tables and the accumulators), as opposed to charts shown inline.
fn data_files(section: &IndexSection) -> impl Iterator<Item = &String> {
    section.files.iter().filter(|f| !f.ends_with(".svg"))
}

fn charts(section: &IndexSection) -> impl Iterator<Item = &String> {
    section.files.iter().filter(|f| f.ends_with(".svg"))
}

/// The page's style. Tables reflow below 40rem: a row becomes a block, its first cell a heading
/// and every other cell its column's name (`data-label`) and figure, an empty one left out.
const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 70rem; padding: 1rem;
  color: #1a1a1a; line-height: 1.45; overflow-wrap: break-word; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2.5rem; }
nav ol { padding-left: 1.3rem; } nav li { margin: 0.2rem 0; }
.run { color: #555; font-size: 0.85rem; overflow-wrap: anywhere; }
.note { color: #8a4b00; }
.answer { font-size: 1.05rem; }
.table { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: 0.85rem; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25rem 0.6rem; text-align: right;
  white-space: nowrap; background: #fff; }
th:first-child, td:first-child { text-align: left; position: sticky; left: 0; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr));
  gap: 1.5rem 1rem; align-items: start; margin-top: 1rem; }
figure { margin: 0; } figure img { display: block; max-width: 100%; height: auto;
  box-sizing: border-box; border: 1px solid #eee; }
figcaption { font-size: 0.8rem; color: #555; }
.files a { margin-right: 0.8rem; font-size: 0.85rem; }
@media (max-width: 40rem) {
  body { padding: 0.75rem; }
  .table table, .table tbody, .table tr, .table td { display: block; }
  .table thead { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip-path: inset(50%); }
  .table tr { border-bottom: 1px solid #ddd; padding: 0.35rem 0; }
  .table td { display: inline-block; border: 0; padding: 0 1rem 0 0; text-align: left;
    position: static; }
  .table td:first-child { display: block; font-weight: 600; white-space: normal; }
  .table td:empty { display: none; }
  .table td[data-label]::before { content: attr(data-label) \" \"; color: #666;
    font-size: 0.75rem; }
}
@media print { section { break-before: page; } nav { break-after: page; } }
";

/// The index as one self-contained HTML page.
pub fn index_html(title: &str, intro: &str, sections: &[IndexSection]) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{t}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{t}</h1>\n<p>{i}</p>\n\
         <nav>\n<ol>\n",
        t = escape(title),
        i = escape(intro)
    );
    for s in sections {
        let _ = writeln!(
            out,
            "<li><a href=\"#{}\">{}</a></li>",
            anchor(s),
            escape(&s.question)
        );
    }
    out.push_str("</ol>\n</nav>\n");
    for s in sections {
        let _ = write!(
            out,
            "<section id=\"{a}\">\n<h2>{q}</h2>\n",
            a = anchor(s),
            q = escape(&s.question),
        );
        if !s.answer.is_empty() {
            let _ = writeln!(out, "<p class=\"answer\">{}</p>", escape(&s.answer));
        }
        let _ = writeln!(out, "<p class=\"run\">{}</p>", escape(&s.heading));
        for note in &s.notes {
            let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(note));
        }
        out.push_str("<div class=\"table\">\n<table>\n<thead><tr>");
        for c in &s.columns {
            let _ = write!(out, "<th>{}</th>", escape(c));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for row in &s.rows {
            out.push_str("<tr>");
            for (i, cell) in row.iter().enumerate() {
                // Every cell but the row's first names its column, which a reflowed row shows.
                match s.columns.get(i).filter(|_| i > 0) {
                    Some(column) => {
                        let _ = write!(
                            out,
                            "<td data-label=\"{}\">{}</td>",
                            escape(column),
                            escape(cell)
                        );
                    }
                    None => {
                        let _ = write!(out, "<td>{}</td>", escape(cell));
                    }
                }
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table>\n</div>\n<div class=\"charts\">\n");
        for chart in charts(s) {
            let path = format!("{}/{chart}", s.folder);
            let _ = writeln!(
                out,
                "<figure><img src=\"{p}\" alt=\"{c}\">\
                 <figcaption><a href=\"{p}\">{c}</a></figcaption></figure>",
                p = escape(&path),
                c = escape(chart)
            );
        }
        out.push_str("</div>\n<p class=\"files\">Files: ");
        for file in data_files(s) {
            let _ = write!(
                out,
                "<a href=\"{}\">{}</a> ",
                escape(&format!("{}/{file}", s.folder)),
                escape(file)
            );
        }
        out.push_str("</p>\n</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// The same index in Markdown, for reading the folder on a code host.
pub fn index_markdown(title: &str, intro: &str, sections: &[IndexSection]) -> String {
    let cell = |t: &str| t.replace('|', "\\|");
    let mut out = format!("# {title}\n\n{intro}\n\n");
    for (i, s) in sections.iter().enumerate() {
        let _ = writeln!(out, "{}. [{}](#{})", i + 1, s.question, anchor(s));
    }
    for s in sections {
        let _ = write!(
            out,
            "\n<a id=\"{}\"></a>\n\n## {}\n\n",
            anchor(s),
            s.question,
        );
        if !s.answer.is_empty() {
            let _ = write!(out, "{}\n\n", s.answer);
        }
        let _ = write!(out, "`{}`\n\n", s.heading);
        for note in &s.notes {
            let _ = write!(out, "{note}\n\n");
        }
        let _ = write!(
            out,
            "| {} |\n|{}\n",
            s.columns
                .iter()
                .map(|c| cell(c))
                .collect::<Vec<_>>()
                .join(" | "),
            " --- |".repeat(s.columns.len())
        );
        for row in &s.rows {
            let _ = writeln!(
                out,
                "| {} |",
                row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | ")
            );
        }
        out.push('\n');
        for chart in charts(s) {
            let _ = writeln!(out, "![{chart}]({}/{chart})", s.folder);
        }
        let files: Vec<String> = data_files(s)
            .map(|f| format!("[{f}]({}/{f})", s.folder))
            .collect();
        let _ = writeln!(out, "\nFiles: {}", files.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section() -> IndexSection {
        IndexSection {
            folder: "sevens-2p".into(),
            question: "Does <stopping> early pay?".into(),
            heading: "sevens | players=2 | policy leader | optimal".into(),
            answer: "Leader wins 49%.".into(),
            columns: vec!["metric".into(), "mean".into()],
            rows: vec![vec!["win_rate [leader]".into(), "0.49".into()]],
            files: vec!["summary.csv".into(), "win_rate-by-seat.svg".into()],
            notes: Vec::new(),
        }
    }

    #[test]
    fn a_sections_notes_come_before_its_table_in_both_forms() {
        let mut s = section();
        s.notes = vec!["too few units <here>".into()];
        let html = index_html("t", "i", std::slice::from_ref(&s));
        let note = html
            .find("<p class=\"note\">too few units &lt;here&gt;</p>")
            .unwrap();
        assert!(note < html.find("<table>").unwrap());
        let md = index_markdown("t", "i", &[s]);
        assert!(md.find("too few units <here>\n").unwrap() < md.find("| metric").unwrap());
    }

    /// Each cell but a row's first names its column, which the reflowed rows of a phone show
    /// beside the figure; charts are never drawn wider than they were made.
    #[test]
    fn cells_name_their_columns_and_charts_keep_their_own_width() {
        let html = index_html("t", "i", &[section()]);
        assert!(
            html.contains("<tr><td>win_rate [leader]</td><td data-label=\"mean\">0.49</td></tr>"),
            "{html}"
        );
        assert!(html.contains("@media (max-width: 40rem)"));
        assert!(html.contains("max-width: 100%; height: auto"));
        assert!(
            !html.contains(" width: 100%"),
            "a chart stretched past its width"
        );
    }

    #[test]
    fn the_page_links_each_file_and_escapes_text() {
        let html = index_html("Findings", "intro", &[section()]);
        assert!(html.contains("<a href=\"#sevens-2p\">Does &lt;stopping&gt; early pay?</a>"));
        assert!(html.contains("<img src=\"sevens-2p/win_rate-by-seat.svg\""));
        assert!(html.contains("<a href=\"sevens-2p/summary.csv\">summary.csv</a>"));
        assert!(!html.contains("<script") && !html.contains("http"));
        let md = index_markdown("Findings", "intro", &[section()]);
        assert!(md.contains("![win_rate-by-seat.svg](sevens-2p/win_rate-by-seat.svg)"));
        assert!(md.contains("| win_rate [leader] | 0.49 |"));
    }
}

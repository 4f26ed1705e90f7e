//! Text escaped to one line: what a user typed (a spec, a path, a field of a file) is quoted in
//! errors and printed tables alike, and a control character, a line separator or a mark that
//! turns the text around in it must neither break the line nor drive the terminal.

/// `message` with every control character escaped, so that it prints as one line. The line and
/// paragraph separators (U+2028, U+2029) are escaped with them: they are no control characters,
/// but an editor or a terminal may break the line there. The characters that reverse the
/// direction of the text after them (U+202A to U+202E, U+2066 to U+2069) are escaped too: in a
/// file name they would make a line read as something else.
pub fn one_line(message: &str) -> String {
    let mut line = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() || is_separator(c) || is_direction_mark(c) {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    line
}

/// `text` as lines for a terminal: each line as [`one_line`] writes it, the line breaks kept. A
/// table that quotes a file name (a policy's `heuristic:FILE`) can then neither break its lines
/// nor drive the terminal.
pub fn printable(text: &str) -> String {
    text.split('\n')
        .map(one_line)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `c` separates lines or paragraphs (Unicode's categories Zl and Zp).
fn is_separator(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// Whether `c` overrides or isolates the direction of the text after it.
fn is_direction_mark(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table printed for a person keeps its lines, but a file name in it can neither add a
    /// line, move the cursor nor turn the text after it around.
    #[test]
    fn printable_text_keeps_its_lines_and_escapes_the_rest() {
        assert_eq!(printable("a\tb\nc\n"), "a\\tb\nc\n");
        assert_eq!(
            printable("policy heuristic:w\u{1b}[2Jx\u{202e}.csv\n"),
            "policy heuristic:w\\u{1b}[2Jx\\u{202e}.csv\n"
        );
        assert_eq!(printable("plain é\n\nend"), "plain é\n\nend");
        assert_eq!(one_line("to \u{2066}x"), "to \\u{2066}x");
    }
}

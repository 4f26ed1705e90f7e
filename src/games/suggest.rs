//! "Did you mean": the known name closest to a mistyped one, for the messages that refuse an
//! unknown game, policy or rule option. Distances are strsim's (clap's own suggestions use it).

/// The name in `known` a user most likely meant by `typed`: one or two edits away (a swap of
/// two letters is one), at most a third of its length, or the one name `typed` begins (three
/// letters at least: `hearts` for `hearts-due`). `None` when nothing is that close, so a wild
/// guess is never offered.
pub fn closest<'a>(typed: &str, known: &[&'a str]) -> Option<&'a str> {
    let as_typed = typed.trim();
    let typed = as_typed.to_lowercase();
    if typed.is_empty() || known.contains(&as_typed) {
        return None;
    }
    let near = known
        .iter()
        .map(|k| (strsim::damerau_levenshtein(&typed, &k.to_lowercase()), *k))
        .filter(|&(d, k)| d <= 2 && 3 * d <= k.chars().count())
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k);
    near.or_else(|| {
        let starting: Vec<&str> = known
            .iter()
            .copied()
            .filter(|k| typed.chars().count() >= 3 && k.starts_with(typed.as_str()))
            .collect();
        match starting[..] {
            [one] if one != typed => Some(one),
            _ => None,
        }
    })
}

/// What a refusal of `typed` says before "expected ...": `; did you mean 'NAME'? ` when a known
/// name is close to it, else `; `.
pub fn did_you_mean(typed: &str, known: &[&str]) -> String {
    asking(closest(typed, known))
}

/// `; did you mean 'NAME'? `, or `; ` without a name to offer.
pub fn asking(meant: Option<&str>) -> String {
    meant.map_or_else(|| "; ".to_string(), |m| format!("; did you mean '{m}'? "))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &[&str] = &[
        "sequences",
        "hearts-due",
        "sevens",
        "solitaire-dice",
        "sieben",
    ];

    #[test]
    fn a_swap_a_slip_or_a_missing_letter_finds_the_name() {
        assert_eq!(closest("sevnes", GAMES), Some("sevens"));
        assert_eq!(closest("seven", GAMES), Some("sevens"));
        assert_eq!(closest("Sevens", GAMES), Some("sevens"));
        assert_eq!(
            closest("sevens", GAMES),
            None,
            "a known name is no suggestion"
        );
        assert_eq!(closest("seiben", GAMES), Some("sieben"));
        assert_eq!(closest("hearts", GAMES), Some("hearts-due"));
        assert_eq!(closest("solitaire", GAMES), Some("solitaire-dice"));
        assert_eq!(
            closest("optimla", &["optimal", "rolls", "target"]),
            Some("optimal")
        );
        assert_eq!(
            closest("remova", &["removal", "max_rolls"]),
            Some("removal")
        );
    }

    #[test]
    fn nothing_close_suggests_nothing() {
        assert_eq!(closest("chess", GAMES), None);
        assert_eq!(closest("", GAMES), None);
        assert_eq!(
            closest("x", &["y"]),
            None,
            "one edit is all of a short name"
        );
        // A prefix of two names names neither.
        assert_eq!(closest("se", GAMES), None);
        assert_eq!(did_you_mean("chess", GAMES), "; ");
        assert_eq!(did_you_mean("sevnes", GAMES), "; did you mean 'sevens'? ");
    }
}

//! `compare`: one clear line for every bad set of policies.

bad_input! {
    refuses_a_sevens_policy_given_twice:
        ["compare", "sevens", "--policy", "optimal", "--policy", "optimal"]
        => "given twice";
    refuses_the_forced_policy_of_sequences_given_twice:
        ["compare", "sequences", "--policy", "forced", "--policy", "forced"]
        => "--policy 'forced' is given twice; the policies compared in one run must differ";
    refuses_a_single_policy:
        ["compare", "sevens", "--policy", "optimal"]
        => "at least two --policy";
    refuses_a_sieben_lookahead_without_play_outs:
        [
            "compare",
            "sieben",
            "--players",
            "3",
            "--policy",
            "lookahead:0",
            "--policy",
            "seven-first",
        ]
        => "--policy 'lookahead:0': expected lookahead:K with K, the play-outs per legal play, from 1 to 1000";
}

/// Whether `svg` is text an XML 1.0 parser takes as far as its characters go: none of the
/// control characters XML forbids even as a reference (all below a space but tab, line feed and
/// carriage return), and every `&` the start of an entity.
fn xml_characters_are_valid(svg: &str) -> Result<(), String> {
    if let Some(c) = svg.chars().find(|&c| {
        (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{fffe}' || c == '\u{ffff}'
    }) {
        return Err(format!("{c:?} is not allowed in XML 1.0"));
    }
    for (at, _) in svg.match_indices('&') {
        let rest = &svg[at..];
        let entity = ["&lt;", "&gt;", "&amp;", "&quot;", "&apos;", "&#"]
            .iter()
            .any(|e| rest.starts_with(e));
        if !entity {
            return Err(format!("a bare & at {:?}", &rest[..rest.len().min(20)]));
        }
    }
    Ok(())
}

/// A policy file named with control characters and XML's own `<&>` still gives charts that are
/// XML: the control characters written escaped as the terminal shows them, `<&>` as entities.
#[test]
fn charts_are_valid_xml_whatever_a_file_name_holds() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let name = "w\u{1}\u{1b}<&>.csv";
    let weights = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/solitaire-tuned.csv");
    std::fs::copy(weights, d.join(name)).unwrap();
    let policy = format!("heuristic:{name}");
    crate::common::ok(
        d,
        &[
            "compare",
            "solitaire-dice",
            "--policy",
            "greedy",
            "--policy",
            &policy,
            "-n",
            "50",
            "-q",
            "--out",
            "r",
        ],
    );
    let mut charts = 0;
    for entry in std::fs::read_dir(d.join("r")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "svg") {
            let svg = std::fs::read_to_string(&path).unwrap();
            if let Err(e) = xml_characters_are_valid(&svg) {
                panic!("{}: {e}", path.display());
            }
            charts += 1;
        }
    }
    assert!(charts >= 3, "{charts} charts");
    let by_policy = std::fs::read_to_string(d.join("r/final_score-by-policy.svg")).unwrap();
    assert!(
        by_policy.contains("heuristic:w\\u{1}\\u{1b}&lt;&amp;&gt;.csv"),
        "{by_policy}"
    );
}

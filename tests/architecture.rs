//! The shape of the code, held by tests: the layers of `src/` point one way, no two files import
//! each other in a circle, and every file and function stays a size a reader can hold
//! (docs/architecture.md, "Layers").
//!
//! The source is read as text: comments, strings and character literals are blanked first, then
//! every path that starts `crate::`, `super::` or `self::` (in a `use` or in code, groups in
//! braces expanded) is resolved to the file that *defines* what it names, following `pub use`
//! re-exports. A re-export is an alias, not a dependency, so a folder's `mod.rs` that re-exports
//! its files' items depends on none of them; a file that names an item depends on the file that
//! defines it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a file may use items of its own layer or a lower one, never of a
/// higher one. Each top-level module of `src/` (a file or a folder) is in exactly one layer.
const LAYERS: &[&[&str]] = &[
    &["error", "number", "memory", "dice"],
    &["stats", "accumulator"],
    &["input"],
    &["engine"],
    &["record", "saved", "merge"],
    &["games"],
    &["plot"],
    &["report"],
    &["claims"],
    &["output"],
    &["ops"],
    &["app"],
    &["lib", "main", "bin"],
];

/// The most lines a file of `src/` may have, tests at its bottom included (a `*_tests.rs` file,
/// which holds only tests, is exempt).
const MAX_FILE_LINES: usize = 700;
/// The most lines a function may span, from `fn` to its closing brace.
const MAX_FN_LINES: usize = 150;
/// The most lines a file of the command line's folder may have: its commands are thin shells.
const MAX_APP_FILE_LINES: usize = 400;

/// One source file: its path under `src/`, its module path, and its text with comments, strings
/// and character literals blanked (line breaks kept, so line numbers hold).
struct Source {
    path: String,
    module: Vec<String>,
    code: String,
    lines: usize,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let path = file
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&file).unwrap();
            Source {
                module: module_of(&path),
                code: blank(&text),
                lines: text.lines().count(),
                path,
            }
        })
        .collect()
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// `games/sevens/sim/play.rs` is `games::sevens::sim::play`; `games/mod.rs` is `games`; `lib.rs`
/// the root. A binary (`main.rs`, `bin/*.rs`) is a crate of its own: its module path starts with
/// its name.
fn module_of(path: &str) -> Vec<String> {
    let trimmed = path.trim_end_matches(".rs");
    let mut parts: Vec<String> = trimmed.split('/').map(String::from).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts == ["lib"] {
        parts.clear();
    }
    parts
}

/// `text` with every comment, string literal and character literal replaced by spaces.
fn blank(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out: Vec<char> = b.clone();
    let mut i = 0;
    let clear = |out: &mut Vec<char>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    while i < b.len() {
        let next = b.get(i + 1).copied();
        if b[i] == '/' && next == Some('/') {
            let end = (i..b.len()).find(|&j| b[j] == '\n').unwrap_or(b.len());
            clear(&mut out, i, end);
            i = end;
        } else if b[i] == '/' && next == Some('*') {
            let (mut depth, mut j) = (1, i + 2);
            while j < b.len() && depth > 0 {
                if b[j] == '/' && b.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 1;
                } else if b[j] == '*' && b.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 1;
                }
                j += 1;
            }
            clear(&mut out, i, j);
            i = j;
        } else if b[i] == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !(b[i - 1].is_alphanumeric() || b[i - 1] == '_'))
        {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|h| b.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            clear(&mut out, i, j);
            i = j;
        } else if b[i] == '"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != '"' {
                if b[j] == '\\' {
                    j += 1;
                }
                j += 1;
            }
            clear(&mut out, i, (j + 1).min(b.len()));
            i = j + 1;
        } else if b[i] == '\'' {
            // A character literal ('x', '\n', '\u{1F600}'), or a lifetime ('a), left alone.
            if next == Some('\\') {
                let end = (i + 2..b.len()).find(|&j| b[j] == '\'').unwrap_or(b.len());
                clear(&mut out, i, end + 1);
                i = end + 1;
            } else if b.get(i + 2) == Some(&'\'') {
                clear(&mut out, i, i + 3);
                i += 3;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out.into_iter().collect()
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every path in `code` that starts with `crate`, `super` or `self`, as its segments (groups in
/// braces expanded), with the line it is on and whether it is a `pub use` (a re-export).
fn paths(code: &str) -> Vec<(Vec<String>, usize, bool)> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !is_ident(chars[i]) || (i > 0 && (is_ident(chars[i - 1]) || chars[i - 1] == ':')) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && is_ident(chars[i]) {
            i += 1;
        }
        let word: String = chars[start..i].iter().collect();
        // `use NAME::...` names a path relative to this module (a child module, or an external
        // crate, which resolves to no other file).
        let (start, prefix) = if word == "use" {
            let next = skip_space(&chars, i);
            if next == i || !chars.get(next).copied().is_some_and(is_ident) {
                continue;
            }
            let mut end = next;
            while end < chars.len() && is_ident(chars[end]) {
                end += 1;
            }
            let first: String = chars[next..end].iter().collect();
            if matches!(first.as_str(), "crate" | "super" | "self") {
                i = next;
                continue;
            }
            (next, vec!["self".to_string()])
        } else if matches!(word.as_str(), "crate" | "super" | "self") && at(&chars, i, "::") {
            (start, vec![])
        } else if at(&chars, i, "::") && !at(&chars, i + 2, "<") {
            // `NAME::...` in code: a path through a child module when NAME is one (an external
            // crate or a type resolves to no other file, and is dropped).
            (start, vec!["self".to_string()])
        } else {
            continue;
        };
        let line = chars[..start].iter().filter(|&&c| c == '\n').count() + 1;
        let line_start = chars[..start]
            .iter()
            .rposition(|&c| c == '\n')
            .map_or(0, |p| p + 1);
        let statement: String = chars[line_start..start].iter().collect();
        let reexport = statement.trim_start().starts_with("pub") && statement.contains("use ");
        let mut out = Vec::new();
        i = parse_path(&chars, start, prefix, &mut out);
        for p in out {
            found.push((p, line, reexport));
        }
    }
    found
}

fn at(chars: &[char], i: usize, s: &str) -> bool {
    s.chars()
        .enumerate()
        .all(|(k, c)| chars.get(i + k) == Some(&c))
}

fn skip_space(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    i
}

/// Parses a path from `i` (segments, `::`, one group in braces), adding each full path to `out`;
/// returns where it ended.
fn parse_path(
    chars: &[char],
    mut i: usize,
    prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    let mut segs = prefix;
    loop {
        i = skip_space(chars, i);
        if i < chars.len() && chars[i] == '{' {
            i += 1;
            loop {
                i = skip_space(chars, i);
                if i >= chars.len() {
                    return i;
                }
                if chars[i] == '}' {
                    return i + 1;
                }
                if chars[i] == ',' {
                    i += 1;
                    continue;
                }
                i = parse_path(chars, i, segs.clone(), out);
                // Skip an `as NAME` rename.
                i = skip_space(chars, i);
                if at(chars, i, "as ") {
                    i += 3;
                    i = skip_space(chars, i);
                    while i < chars.len() && is_ident(chars[i]) {
                        i += 1;
                    }
                }
            }
        }
        if i < chars.len() && chars[i] == '*' {
            out.push(segs);
            return i + 1;
        }
        let start = i;
        while i < chars.len() && is_ident(chars[i]) {
            i += 1;
        }
        if i == start {
            out.push(segs);
            return i;
        }
        segs.push(chars[start..i].iter().collect());
        if at(chars, i, "::") && !at(chars, i + 2, "<") {
            i += 2;
        } else {
            out.push(segs);
            return i;
        }
    }
}

/// The modules of the crate, and for each the items its file re-exports (`pub use`): the name
/// and the absolute path it stands for.
struct Crate {
    files: BTreeMap<Vec<String>, usize>,
    reexports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
}

/// `segments` as an absolute module path, read from inside `module` (`scope` levels of inline
/// `mod` deep in the file: a `super` there first leaves the inline module).
fn absolute(module: &[String], segments: &[String]) -> Vec<String> {
    let mut path = module.to_vec();
    let mut rest = segments;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            path.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        _ => {}
    }
    while rest.first().is_some_and(|s| s == "super") {
        path.pop();
        rest = &rest[1..];
    }
    path.extend(rest.iter().cloned());
    path
}

impl Crate {
    fn new(sources: &[Source]) -> Crate {
        let files = sources
            .iter()
            .enumerate()
            .map(|(i, s)| (s.module.clone(), i))
            .collect();
        let mut reexports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>> = BTreeMap::new();
        for s in sources {
            for (path, _, reexport) in paths(&s.code) {
                if reexport && let Some(name) = path.last() {
                    let target = absolute(&s.module, &path);
                    reexports
                        .entry(s.module.clone())
                        .or_default()
                        .insert(name.clone(), target);
                }
            }
        }
        // An exported macro is named at the crate's root but defined in its own file.
        let root = reexports.entry(Vec::new()).or_default();
        for s in sources {
            let mut rest = s.code.as_str();
            while let Some(at) = rest.find("macro_rules!") {
                rest = &rest[at + "macro_rules!".len()..];
                let name: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|&c| is_ident(c))
                    .collect();
                let mut target = s.module.clone();
                target.push(name.clone());
                root.insert(name, target);
            }
        }
        Crate { files, reexports }
    }

    /// The file that defines what the absolute `path` names.
    fn resolve(&self, path: &[String], depth: usize) -> Option<usize> {
        let mut module: Vec<String> = Vec::new();
        for (k, seg) in path.iter().enumerate() {
            let mut child = module.clone();
            child.push(seg.clone());
            if self.files.contains_key(&child) {
                module = child;
                continue;
            }
            // An item of `module`: defined there, or re-exported from elsewhere.
            if let Some(target) = self.reexports.get(&module).and_then(|r| r.get(seg))
                && target != &path[..=k]
            {
                if depth < 16 {
                    return self.resolve(target, depth + 1);
                }
            } else if module.is_empty()
                && let Some(target) = self.reexports[&module].get(seg)
            {
                // A macro defined in a module's file: the target path names that module.
                return self.files.get(&target[..target.len() - 1]).copied();
            }
            return self.files.get(&module).copied();
        }
        self.files.get(&module).copied()
    }
}

/// Which inline `mod NAME {` blocks enclose each line, for `super` inside a test module.
fn inline_depth(code: &str) -> Vec<usize> {
    let mut depth_at_line = vec![0];
    let mut stack: Vec<usize> = Vec::new();
    let mut brace = 0usize;
    let mut pending_mod = false;
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            depth_at_line.push(stack.len());
        } else if c == '{' {
            brace += 1;
            if pending_mod {
                stack.push(brace);
                pending_mod = false;
            }
        } else if c == '}' {
            if stack.last() == Some(&brace) {
                stack.pop();
            }
            brace = brace.saturating_sub(1);
        } else if c == ';' {
            pending_mod = false;
        } else if at(&chars, i, "mod ") && (i == 0 || !is_ident(chars[i - 1])) {
            pending_mod = true;
        }
        i += 1;
    }
    depth_at_line
}

/// Every edge of the crate's library: (from file, to file, line), files as their `src/` paths.
fn edges(sources: &[Source]) -> Vec<(String, String, usize)> {
    let krate = Crate::new(sources);
    let mut edges = Vec::new();
    for (i, s) in sources.iter().enumerate() {
        let depths = inline_depth(&s.code);
        for (path, line, reexport) in paths(&s.code) {
            if reexport {
                continue;
            }
            // `super` inside an inline module first leaves that module, not the file's.
            let inline = depths.get(line - 1).copied().unwrap_or(0);
            let mut rel = path.clone();
            let mut skipped = 0;
            while skipped < inline && rel.first().is_some_and(|p| p == "super") {
                rel.remove(0);
                skipped += 1;
            }
            if skipped > 0 && rel.first().is_some_and(|p| p != "super") {
                rel.insert(0, "self".into());
            }
            let target = absolute(&s.module, &rel);
            if let Some(j) = krate.resolve(&target, 0)
                && j != i
            {
                edges.push((s.path.clone(), sources[j].path.clone(), line));
            }
        }
    }
    edges.sort();
    edges.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
    edges
}

/// The layer of a file: its top-level module's place in [`LAYERS`].
fn layer(path: &str) -> usize {
    let top = path.split('/').next().unwrap().trim_end_matches(".rs");
    LAYERS
        .iter()
        .position(|l| l.contains(&top))
        .unwrap_or_else(|| panic!("src/{path}: its module {top} is in no layer of LAYERS"))
}

/// The import circles between files: each strongly connected set of two or more files.
fn circles(edges: &[(String, String, usize)]) -> Vec<Vec<String>> {
    let mut graph: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (a, b, _) in edges {
        graph.entry(a).or_default().insert(b);
        graph.entry(b).or_default();
    }
    // Kosaraju: finish order on the graph, then components on the reversed graph.
    let mut order = Vec::new();
    let mut seen = BTreeSet::new();
    fn visit<'a>(
        n: &'a str,
        g: &BTreeMap<&'a str, BTreeSet<&'a str>>,
        seen: &mut BTreeSet<&'a str>,
        order: &mut Vec<&'a str>,
    ) {
        if !seen.insert(n) {
            return;
        }
        for m in &g[n] {
            visit(m, g, seen, order);
        }
        order.push(n);
    }
    for n in graph.keys() {
        visit(n, &graph, &mut seen, &mut order);
    }
    let mut reversed: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (a, bs) in &graph {
        reversed.entry(a).or_default();
        for b in bs {
            reversed.entry(b).or_default().insert(a);
        }
    }
    let mut assigned = BTreeSet::new();
    let mut found = Vec::new();
    for n in order.iter().rev() {
        let mut component = Vec::new();
        visit(n, &reversed, &mut assigned, &mut component);
        if component.len() > 1 {
            component.sort();
            found.push(component.into_iter().map(String::from).collect());
        }
    }
    found
}

/// Every function longer than `limit` lines: (file, name, first line, lines).
fn long_functions(sources: &[Source], limit: usize) -> Vec<(String, String, usize, usize)> {
    let mut long = Vec::new();
    for s in sources.iter().filter(|s| !s.path.ends_with("_tests.rs")) {
        let chars: Vec<char> = s.code.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if at(&chars, i, "fn ") && (i == 0 || !is_ident(chars[i - 1])) {
                let name_start = skip_space(&chars, i + 3);
                let mut j = name_start;
                while j < chars.len() && is_ident(chars[j]) {
                    j += 1;
                }
                let name: String = chars[name_start..j].iter().collect();
                // The body: the first `{` before any `;` (a declaration without a body has none).
                let mut k = j;
                let mut angle = 0i32;
                while k < chars.len() && chars[k] != '{' && !(chars[k] == ';' && angle == 0) {
                    match chars[k] {
                        '<' => angle += 1,
                        '>' if k > 0 && chars[k - 1] != '-' => angle -= 1,
                        _ => {}
                    }
                    k += 1;
                }
                if k < chars.len() && chars[k] == '{' {
                    let mut depth = 0;
                    let mut end = k;
                    for (m, &c) in chars.iter().enumerate().skip(k) {
                        if c == '{' {
                            depth += 1;
                        } else if c == '}' {
                            depth -= 1;
                            if depth == 0 {
                                end = m;
                                break;
                            }
                        }
                    }
                    let line_of = |p: usize| chars[..p].iter().filter(|&&c| c == '\n').count() + 1;
                    let lines = line_of(end) - line_of(i) + 1;
                    if lines > limit {
                        long.push((s.path.clone(), name, line_of(i), lines));
                    }
                }
                i = j;
            } else {
                i += 1;
            }
        }
    }
    long
}

/// Prints the import graph's findings without failing: `cargo test --test architecture -- \
/// --ignored --nocapture picture` for the before-and-after figures of a restructuring.
#[test]
#[ignore]
fn picture() {
    let sources = sources();
    let e = edges(&sources);
    for (a, b, line) in e.iter().filter(|(a, b, _)| layer(a) < layer(b)) {
        println!("upward: {a}:{line} -> {b}");
    }
    for c in circles(&e) {
        println!("circle: {}", c.join(" "));
        for (a, b, line) in e.iter().filter(|(a, b, _)| c.contains(a) && c.contains(b)) {
            println!("    {a}:{line} -> {b}");
        }
    }
    let mut sizes: Vec<_> = sources
        .iter()
        .filter(|s| !s.path.ends_with("_tests.rs"))
        .map(|s| (s.lines, s.path.clone()))
        .collect();
    sizes.sort();
    for (lines, path) in sizes.iter().rev().take(15) {
        println!("size: {lines} {path}");
    }
    let mut long = long_functions(&sources, 100);
    long.sort_by_key(|f| std::cmp::Reverse(f.3));
    for (path, name, line, lines) in long {
        println!("fn: {lines} {path}:{line} {name}");
    }
    println!("edges: {}", e.len());
}

/// Prints what a failed check found, one per line, and fails with `what`.
fn fail_if_any<T: std::fmt::Debug>(what: &str, found: &[T]) {
    for f in found {
        eprintln!("{f:?}");
    }
    assert!(
        found.is_empty(),
        "{what}: {} found (listed above)",
        found.len()
    );
}

/// No file imports from a layer above its own: input never names a game, a game never prints
/// through the report layer, the output layer never reaches into the reports.
#[test]
fn no_file_imports_from_a_higher_layer() {
    let sources = sources();
    let upward: Vec<_> = edges(&sources)
        .into_iter()
        .filter(|(a, b, _)| layer(a) < layer(b))
        .collect();
    fail_if_any("imports from a higher layer", &upward);
}

/// No two files of `src/` import each other, directly or through a chain of files.
#[test]
fn no_files_import_each_other_in_a_circle() {
    let sources = sources();
    fail_if_any("import circles", &circles(&edges(&sources)));
}

/// No file over 700 lines (a `*_tests.rs` file excepted) and none of the command line's over 400.
#[test]
fn every_file_is_a_size_a_reader_can_hold() {
    let big: Vec<_> = sources()
        .into_iter()
        .filter(|s| !s.path.ends_with("_tests.rs"))
        .filter(|s| {
            s.lines > MAX_FILE_LINES || (s.path.starts_with("app/") && s.lines > MAX_APP_FILE_LINES)
        })
        .map(|s| (s.path, s.lines))
        .collect();
    fail_if_any("files over their size", &big);
}

/// No function spans more than 150 lines (a `*_tests.rs` file excepted).
#[test]
fn no_function_is_over_150_lines() {
    fail_if_any("long functions", &long_functions(&sources(), MAX_FN_LINES));
}

/// The library builds without the command line's crates: each is optional and only the `cli`
/// feature (on by default) turns it on, so `cargo build --no-default-features` (which CI runs)
/// has neither clap nor indicatif; nor, without `serve`, the web server's.
#[test]
fn the_command_lines_crates_come_only_with_the_cli_feature() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let cli = manifest
        .lines()
        .find(|l| l.starts_with("cli = ["))
        .expect("a cli feature");
    for krate in ["clap", "clap_complete", "clap_mangen", "indicatif"] {
        let line = manifest
            .lines()
            .find(|l| l.starts_with(&format!("{krate} = ")))
            .unwrap_or_else(|| panic!("{krate} is a dependency"));
        assert!(line.contains("optional = true"), "{line}");
        assert!(cli.contains(&format!("\"dep:{krate}\"")), "{cli}");
    }
    assert!(manifest.contains("default = [\"cli\", \"serve\"]"));
    // The web server's crates likewise come only with `serve` (which needs `cli`).
    let serve = manifest
        .lines()
        .find(|l| l.starts_with("serve = ["))
        .expect("a serve feature");
    assert!(serve.contains("\"cli\""), "{serve}");
    for krate in ["axum", "tokio", "hyper", "hyper-util", "form_urlencoded"] {
        let line = manifest
            .lines()
            .find(|l| l.starts_with(&format!("{krate} = ")))
            .unwrap_or_else(|| panic!("{krate} is a dependency"));
        assert!(line.contains("optional = true"), "{line}");
        assert!(serve.contains(&format!("\"dep:{krate}\"")), "{serve}");
    }
}

/// The checker itself: a circle, an upward import, a re-export followed to its definition, a
/// group in braces and a `super` inside a test module are each read as they are.
#[test]
fn the_checker_reads_paths_as_rust_does() {
    let source = |path: &str, text: &str| Source {
        path: path.into(),
        module: module_of(path),
        code: blank(text),
        lines: text.lines().count(),
    };
    let sources = vec![
        source("lib.rs", "mod engine; mod games;"),
        source(
            "engine.rs",
            "use crate::games::Game; // crate::games::sevens\n",
        ),
        source(
            "games/mod.rs",
            "pub use sevens::Sevens;\npub trait Game {}\nmod sevens;\n",
        ),
        source(
            "games/sevens.rs",
            "use super::{Game, other::{X}};\npub struct Sevens;\n\
             #[cfg(test)]\nmod tests {\n    use super::Sevens;\n    fn t() { \"crate::engine\"; }\n}\n",
        ),
        source(
            "games/other.rs",
            "use crate::games::Sevens;\npub struct X;\n",
        ),
    ];
    let e = edges(&sources);
    let pairs: Vec<(&str, &str)> = e.iter().map(|(a, b, _)| (a.as_str(), b.as_str())).collect();
    assert_eq!(
        pairs,
        [
            ("engine.rs", "games/mod.rs"),
            ("games/other.rs", "games/sevens.rs"),
            ("games/sevens.rs", "games/mod.rs"),
            ("games/sevens.rs", "games/other.rs"),
        ]
    );
    assert_eq!(
        circles(&e),
        [vec![
            "games/other.rs".to_string(),
            "games/sevens.rs".to_string()
        ]]
    );
    assert!(layer("engine.rs") < layer("games/mod.rs"));
    let long = source(
        "x.rs",
        &format!(
            "fn short() {{}}\nfn long() {{\n{}}}\n",
            "    let a = 1;\n".repeat(150)
        ),
    );
    let found = long_functions(&[long], MAX_FN_LINES);
    assert_eq!(found, [("x.rs".to_string(), "long".to_string(), 2, 152)]);
}

/// The web app's modules (`web/*.js`) by name, and each import of one by another: (importer,
/// imported, line). Imports are the lines `import ... from "./NAME"`, as the app writes them.
fn web_imports() -> (BTreeSet<String>, Vec<(String, String, usize)>) {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let mut names = BTreeSet::new();
    let mut imports = Vec::new();
    for entry in std::fs::read_dir(&web).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".js") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if !line.starts_with("import ") {
                continue;
            }
            let from = line
                .split(" from ")
                .nth(1)
                .unwrap_or_else(|| panic!("web/{name}:{}: an import without from", n + 1));
            let target = from.trim_end_matches(';').trim_matches('"');
            let target = target
                .strip_prefix("./")
                .unwrap_or_else(|| panic!("web/{name}:{}: {target} is not ./NAME", n + 1));
            imports.push((name.clone(), target.to_string(), n + 1));
        }
        names.insert(name);
    }
    (names, imports)
}

/// The web app is laid out as src/ is: every module imports only the app's own files (the
/// worker alone imports the module dev/web.sh builds into pkg/), none imports the entry page
/// (app.js) or the service worker, and no two import each other in a circle, so each imports
/// down only, towards the leaves (dom.js, compute.js).
#[test]
fn the_web_modules_import_down_only_and_none_imports_the_entry() {
    let (names, imports) = web_imports();
    assert!(names.contains("app.js") && names.contains("compute.js"));
    let mut wrong = Vec::new();
    for (from, to, line) in &imports {
        let built = from == "worker.js" && to.starts_with("pkg/");
        if !(names.contains(to) || built) || to == "app.js" || to == "sw.js" || from == "sw.js" {
            wrong.push(format!("web/{from}:{line} imports {to}"));
        }
    }
    fail_if_any(
        "imports of no module, of the entry or by the service worker",
        &wrong,
    );
    let edges: Vec<(String, String, usize)> = imports
        .into_iter()
        .filter(|(_, to, _)| names.contains(to))
        .collect();
    fail_if_any(
        "web modules importing each other in a circle",
        &circles(&edges),
    );
}

/// What is particular to a game is entered in one place, the map of coaches (coaches.js): no
/// other module names a game, so a game added to the library needs no change elsewhere in
/// web/. And the coach's line on a move is the library's (`Cost::line`), never put together in
/// JavaScript.
#[test]
fn no_web_module_names_a_game_but_the_map_of_coaches() {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let (names, _) = web_imports();
    let mut found = Vec::new();
    for name in &names {
        let text = std::fs::read_to_string(web.join(name)).unwrap();
        for game in [
            "sevens",
            "solitaire-dice",
            "sieben",
            "sequences",
            "hearts-due",
        ] {
            if name != "coaches.js" && text.contains(&format!("\"{game}\"")) {
                found.push(format!("web/{name} names \"{game}\""));
            }
        }
        if text.contains("`coach: ") || text.contains("\"coach: ") {
            found.push(format!("web/{name} writes the coach's line"));
        }
    }
    fail_if_any(
        "game names or the coach's words in web/ outside their place",
        &found,
    );
}

/// Every file of web/ but the service worker is built into the binary (`dicelab serve`'s pages
/// when no app folder is built): one added to web/ and not to the list would be missing there.
#[test]
fn every_web_file_is_built_into_the_server() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = std::fs::read_to_string(root.join("src/app/serve/app.rs")).unwrap();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(root.join("web")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name != "sw.js" && !files.contains(&format!("web/{name}\")")) {
            missing.push(name);
        }
    }
    fail_if_any("web/ files the server does not carry", &missing);
}

//! `dicelab serve` over HTTP, as a client on loopback sees it: the API answers what the command
//! line prints, every bad request gets a 4xx with one JSON line, hostile requests (a wrong Host,
//! a huge body, `..` paths, a stalled connection) are refused without harm, and Ctrl-C stops it.
//! Raw requests are written on a `TcpStream`, so nothing a client library would correct (a path
//! it would normalise, a Host it would set) is hidden from the server.
#![cfg(feature = "serve")]

mod load;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_dicelab");

/// The README's Sevens position, as `advise --position` reads it.
const README_POSITION: &str = r#"{"roll": 1, "dice": 2, "sum": 5, "allowed": 2, "round": 6, "totals": "52,49", "scores": 15}"#;

/// A server on a free port of 127.0.0.1 (its report folder `reports`), stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    first: String,
}

impl Server {
    fn start(reports: &Path, extra: &[&str]) -> Server {
        Self::start_limited(reports, extra, None)
    }

    /// [`Server::start`] under an address-space limit of `kib` KiB (`ulimit -v`), where given:
    /// the shell gives way to the server (`exec`), so the child's pid is the server's.
    fn start_limited(reports: &Path, extra: &[&str], kib: Option<u64>) -> Server {
        let mut command = match kib {
            Some(kib) => {
                let mut sh = Command::new("sh");
                sh.arg("-c")
                    .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
                    .arg(BIN);
                sh
            }
            None => Command::new(BIN),
        };
        // The pages built in unless the test names an app folder: what a test checks must not
        // hang on whether this checkout has run dev/web.sh.
        let pages = if extra.contains(&"--app") {
            &[][..]
        } else {
            &["--no-app"][..]
        };
        let mut child = command
            .args(["serve", "--port", "0", "--reports"])
            .arg(reports)
            .args(pages)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("dicelab serve starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().expect("a first line").expect("text");
        let port = first
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no address in {first:?}"));
        // The rest of stdout is read away, so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Server { child, port, first }
    }

    /// `request` (raw bytes, whole) sent on a new connection; the status, the headers (lowercase
    /// names) and the body of the answer.
    fn send(&self, request: &[u8]) -> (u16, String, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        stream.write_all(request).unwrap();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let text = String::from_utf8_lossy(&answer).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {head:?}"));
        (status, head.to_ascii_lowercase(), body.to_string())
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    fn get(&self, path: &str) -> (u16, String, String) {
        let host = self.host();
        self.send(
            format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes(),
        )
    }

    fn post(&self, path: &str, body: &str) -> (u16, String, String) {
        let host = self.host();
        self.send(
            format!(
                "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A report folder with an index and a secret beside it (outside), for the `..` tests.
fn folders() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let reports = dir.path().join("reports");
    std::fs::create_dir_all(reports.join("sevens")).unwrap();
    std::fs::write(
        reports.join("index.html"),
        "<!doctype html><title>findings</title>",
    )
    .unwrap();
    std::fs::write(
        reports.join("sevens").join("summary.csv"),
        "game,n\nsevens,1\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("secret.txt"), "secret").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.path().join("secret.txt"), reports.join("link.txt")).unwrap();
    (dir, reports)
}

/// A refusal: the status given, and one JSON line `{"error": ...}` naming what was wrong.
fn assert_refused((status, head, body): (u16, String, String), expected: u16, names: &str) {
    assert_eq!(status, expected, "{head}\n{body}");
    assert!(head.contains("content-type: application/json"), "{head}");
    assert_eq!(body.lines().count(), 1, "{body}");
    let value: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    let error = value["error"].as_str().expect("an error line");
    assert!(error.contains(names), "{error:?} does not name {names:?}");
    assert_eq!(value.as_object().unwrap().len(), 1, "{body}");
}

#[test]
fn the_advice_api_answers_what_advise_json_prints() {
    let (dir, reports) = folders();
    let server = Server::start(&reports, &[]);
    assert!(server.first.contains("Ctrl-C stops it"), "{}", server.first);
    let file = dir.path().join("position.json");
    std::fs::write(&file, README_POSITION).unwrap();
    let cli = Command::new(BIN)
        .args(["advise", "sevens", "--json", "--position"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(cli.status.success());
    let (status, head, body) = server.post("/api/advise/sevens", README_POSITION);
    assert_eq!(status, 200, "{body}");
    assert!(head.contains("content-type: application/json"), "{head}");
    assert_eq!(body, String::from_utf8(cli.stdout).unwrap());
    // A rule in the query string, as --rule.
    let (status, _, ruled) = server.post(
        "/api/advise/sevens?rule=max_rolls%3D2",
        r#"{"roll": 1, "dice": 2, "sum": 9}"#,
    );
    assert_eq!(status, 200, "{ruled}");
    assert!(ruled.contains("max_rolls=2"), "{ruled}");
    // Three players, then the same again: the second is served from the solved game.
    let three =
        r#"{"roll": 1, "dice": 2, "sum": 5, "round": 9, "totals": "80,85,70", "scores": "12,20"}"#;
    let (status, _, first) = server.post("/api/advise/sevens", three);
    assert_eq!(status, 200, "{first}");
    assert_eq!(server.post("/api/advise/sevens", three).2, first);
}

#[test]
fn the_pages_and_games_are_served_and_need_nothing_from_elsewhere() {
    let (_dir, reports) = folders();
    let server = Server::start(&reports, &[]);
    let (status, head, index) = server.get("/");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/html"), "{head}");
    assert!(
        head.contains("content-security-policy: default-src 'self'"),
        "{head}"
    );
    let mut first_page = index.len();
    for asset in ["/app.js", "/coach.js", "/style.css"] {
        let (status, _, body) = server.get(asset);
        assert_eq!(status, 200, "{asset}");
        assert!(
            !body.contains("http://") && !body.contains("https://"),
            "{asset} names another site"
        );
        first_page += body.len();
    }
    assert!(!index.contains("http://") && !index.contains("https://"));
    assert!(first_page < 300_000, "the first page is {first_page} bytes");
    let (status, _, games) = server.get("/api/games");
    assert_eq!(status, 200);
    let games: serde_json::Value = serde_json::from_str(&games).unwrap();
    assert_eq!(games["reports"], true);
    let names: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "sequences",
            "hearts-due",
            "sevens",
            "solitaire-dice",
            "sieben"
        ]
    );
    // Each game by the name players say, for the pages to show.
    let titles: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        ["Sequences", "Hearts Due", "Sevens", "Solitaire Dice", "7"]
    );
    let (status, _, rules) = server.get("/api/rules/sevens");
    assert_eq!(status, 200);
    assert!(rules.contains("How to play"), "{rules}");
    // The page's rules name no flag: a page has no command line.
    let rules: serde_json::Value = serde_json::from_str(&rules).unwrap();
    let page = rules["page"].as_str().unwrap();
    assert!(
        page.contains("a game on the Play page takes them") && !page.contains("--"),
        "{page}"
    );
    assert!(
        rules["markdown"]
            .as_str()
            .unwrap()
            .contains("`--rule KEY=VALUE`")
    );
    let (status, _, summary) = server.get("/reports/sevens/summary.csv");
    assert_eq!((status, summary.as_str()), (200, "game,n\nsevens,1\n"));
    assert_eq!(server.get("/reports/").0, 200);
}

#[test]
fn bad_requests_get_a_4xx_and_one_json_line_naming_the_field() {
    let (_dir, reports) = folders();
    let server = Server::start(&reports, &[]);
    assert_refused(server.post("/api/advise/sevens", "{not json"), 400, "body");
    assert_refused(server.post("/api/advise/sevens", "[1, 2]"), 400, "body");
    assert_refused(
        server.post("/api/advise/sevens", r#"{"dice": 9}"#),
        400,
        "dice",
    );
    assert_refused(
        server.post("/api/advise/sevens", r#"{"colour": 3}"#),
        400,
        "colour",
    );
    assert_refused(
        server.post("/api/advise/sevens?rule=max_rolls%3D99", "{}"),
        400,
        "max_rolls",
    );
    assert_refused(
        server.post("/api/advise/sevens?threads=3", "{}"),
        400,
        "threads",
    );
    assert_refused(server.post("/api/advise/sevens?n=-1", "{}"), 400, "n");
    assert_refused(server.post("/api/advise/chess", "{}"), 404, "chess");
    assert_refused(server.post("/api/advise/sequences", "{}"), 400, "totals");
    assert_refused(server.get("/api/nothing"), 404, "/api/nothing");
    assert_refused(server.get("/api/advise/sevens"), 405, "GET");
    assert_refused(server.post("/api/advise/sevens", "\u{ff}"), 400, "body");
}

#[test]
fn hostile_requests_are_refused_and_harm_nothing() {
    let (_dir, reports) = folders();
    let server = Server::start(&reports, &[]);
    let port = server.port;
    // A page elsewhere reaching 127.0.0.1 through a name of its own (DNS rebinding).
    for host in [
        format!("evil.example:{port}"),
        format!("127.0.0.1.nip.io:{port}"),
        "127.0.0.1".to_string(),
        format!("127.0.0.1:{}", port + 1),
    ] {
        let request =
            format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        assert_refused(server.send(request.as_bytes()), 421, "Host");
    }
    assert_refused(
        server.send(b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n"),
        421,
        "Host",
    );
    // A huge body: refused from its declared length, and from its bytes when it lies.
    let host = server.host();
    let huge = format!(
        "POST /api/advise/sevens HTTP/1.1\r\nHost: {host}\r\nContent-Length: 100000000\r\nConnection: close\r\n\r\n{{"
    );
    assert_refused(server.send(huge.as_bytes()), 413, "body");
    let chunked = format!(
        "POST /api/advise/sevens HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n{}0\r\n\r\n",
        "4000\r\n".to_string()
            + &"x".repeat(0x4000)
            + "\r\n"
            + &("4000\r\n".to_string() + &"x".repeat(0x4000) + "\r\n").repeat(4)
    );
    assert_refused(server.send(chunked.as_bytes()), 413, "body");
    // Paths out of the report folder, as written and percent-encoded, and a link out of it.
    for path in [
        "/reports/../Cargo.toml",
        "/reports/%2e%2e/secret.txt",
        "/reports/sevens/%2e%2e/%2e%2e/secret.txt",
        "/reports/..%2fsecret.txt",
        "/reports/%2fetc%2fpasswd",
    ] {
        let (status, _, body) = server.get(path);
        assert!((400..500).contains(&status), "{path}: {status} {body}");
        assert!(
            !body.contains("secret") || body.contains("error"),
            "{path}: {body}"
        );
        assert!(!body.contains("[package]"), "{path}: {body}");
    }
    let (status, _, body) = server.get("/reports/link.txt");
    assert_eq!(status, 404, "{body}");
    assert!(!body.contains("\"secret\""));
    // A connection that stalls half-way through its header holds up no one else.
    let mut stalled = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stalled.write_all(b"GET / HTTP/1.1\r\nHo").unwrap();
    assert_eq!(server.get("/api/games").0, 200);
    // Garbage is no request, and the server goes on.
    let _ = server.send(b"\x00\x01\x02 garbage\r\n\r\n");
    let _ = server.send(b"GET /\xff\xfe HTTP/1.1\r\n\r\n");
    assert_eq!(server.get("/api/games").0, 200);
    drop(stalled);
}

#[test]
fn ctrl_c_stops_it_cleanly_and_a_taken_port_is_one_line() {
    let (_dir, reports) = folders();
    let mut server = Server::start(&reports, &[]);
    assert_eq!(server.get("/api/games").0, 200);
    let killed = Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = server.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    // The port it held is free again; taken by another, it is refused in one line.
    let holder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = holder.local_addr().unwrap().port().to_string();
    let out = Command::new(BIN)
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!("--port {port}: cannot listen")),
        "{stderr}"
    );
    // A report folder that is not there is refused before anything listens.
    let out = Command::new(BIN)
        .args(["serve", "--port", "0", "--reports", "/no/such/folder"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--reports /no/such/folder"));
}

#[test]
fn listening_on_every_interface_says_who_can_reach_it() {
    let (_dir, reports) = folders();
    let mut child = Command::new(BIN)
        .args(["serve", "--port", "0", "--host", "0.0.0.0", "--reports"])
        .arg(&reports)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let second = lines.next().unwrap().unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        first.starts_with("dicelab serve: http://127.0.0.1:"),
        "{first}"
    );
    assert!(
        second.contains("anyone who can reach this machine"),
        "{second}"
    );
    // Where a phone opens it: this machine's real address (this machine has one besides
    // loopback), never a placeholder.
    assert!(
        second.contains("on a phone on the same network, open http://")
            || second.contains("no network address but loopback"),
        "{second}"
    );
    assert!(!second.contains("THIS-MACHINE"), "{second}");
}

/// Listening on the network, the machine's own names are answered (its hostname and `.local`
/// name, as a phone finds it by mDNS), on loopback alone not; a name of another is refused,
/// and a browser asking for a page gets one it can read, where a program gets the JSON line.
#[cfg(target_os = "linux")]
#[test]
fn the_machines_own_name_is_answered_and_a_refused_browser_reads_why() {
    let (_dir, reports) = folders();
    let hostname = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
    let first = hostname.trim().to_ascii_lowercase();
    let first = first.split('.').next().unwrap().to_string();
    // On loopback alone the names are refused: the network could point them at 127.0.0.1.
    let alone = Server::start(&reports, &[]);
    let (status, _, _) = alone.send(
        format!(
            "GET / HTTP/1.1\r\nHost: {first}.local:{}\r\nConnection: close\r\n\r\n",
            alone.port
        )
        .as_bytes(),
    );
    assert_eq!(status, 421);
    let server = Server::start(&reports, &["--host", "0.0.0.0"]);
    let port = server.port;
    let get = |host: &str, accept: &str| {
        server.send(
            format!(
                "GET / HTTP/1.1\r\nHost: {host}\r\nAccept: {accept}\r\nConnection: close\r\n\r\n"
            )
            .as_bytes(),
        )
    };
    for host in [format!("{first}:{port}"), format!("{first}.local:{port}")] {
        let (status, _, body) = get(&host, "text/html");
        assert_eq!(status, 200, "{host}: {body}");
    }
    let (status, head, page) = get(&format!("evil.example:{port}"), "text/html,*/*;q=0.8");
    assert_eq!(status, 421);
    assert!(head.contains("content-type: text/html"), "{head}");
    assert!(page.contains("dicelab did not answer this"), "{page}");
    assert!(page.contains("Host evil.example"), "{page}");
    let (status, head, line) = get(&format!("{first}.local:{}", port + 1), "application/json");
    assert_eq!(status, 421);
    assert!(head.contains("application/json"), "{head}");
    assert!(line.starts_with("{\"error\":\"Host "), "{line}");
}

#[test]
fn a_game_played_by_its_moves_is_the_terminal_game_and_reviews_as_review_prints() {
    let (dir, reports) = folders();
    let server = Server::start(&reports, &[]);
    // The person always takes the first action listed, move after move, to the game's end.
    let mut moves: Vec<usize> = Vec::new();
    let mut log = String::new();
    let end = loop {
        let body = format!(r#"{{"seed": 7, "players": 2, "moves": {moves:?}, "coach": true}}"#);
        let (status, _, answer) = server.post("/api/play/sevens", &body);
        assert_eq!(status, 200, "{answer}");
        let now: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(now["seed"], 7);
        let told = now["log"].as_str().unwrap().to_string();
        assert!(told.starts_with(&log), "the story so far is kept: {told}");
        log = told;
        if !moves.is_empty() {
            assert!(now["last"]["loss"].as_f64().unwrap() >= 0.0, "{answer}");
        }
        if now["over"] == true {
            break now;
        }
        assert!(now["decision"]["actions"].as_array().unwrap().len() >= 2);
        moves.push(0);
        assert!(moves.len() < 100, "the game ends");
    };
    assert!(end["result"].as_str().unwrap().starts_with("game over"));
    // The same choices typed at the terminal play the same game and write the same record.
    let file = dir.path().join("played.txt");
    let mut play = Command::new(BIN)
        .args([
            "play",
            "sevens",
            "--seed",
            "7",
            "--players",
            "2",
            "--record",
        ])
        .arg(&file)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let typed: String = moves.iter().map(|m| format!("{}\n", m + 1)).collect();
    play.stdin
        .take()
        .unwrap()
        .write_all(typed.as_bytes())
        .unwrap();
    assert!(play.wait().unwrap().success());
    let record = end["record"].as_str().unwrap();
    assert_eq!(record, std::fs::read_to_string(&file).unwrap());
    // Its review is exactly the command line's.
    let cli = Command::new(BIN)
        .args(["review", "--format", "json", "--threads", "1"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(cli.status.success());
    let (status, _, reviewed) = server.post("/api/review", record);
    assert_eq!(status, 200, "{reviewed}");
    assert_eq!(reviewed, String::from_utf8(cli.stdout).unwrap());
    // The game so far, cut before its second round, is reviewed as not finished.
    let half: String = record
        .lines()
        .take_while(|l| *l != "round 2")
        .map(|l| format!("{l}\n"))
        .collect();
    let (status, _, reviewed) = server.post("/api/review", &half);
    assert_eq!(status, 200, "{reviewed}");
    let game = &serde_json::from_str::<serde_json::Value>(&reviewed).unwrap()["games"][0];
    assert_eq!(game["finished"], false, "{game}");
    assert_eq!(game["stops"], "after round 1 of 10", "{game}");
}

#[test]
fn bad_play_and_review_requests_get_a_4xx_naming_the_field() {
    let (_dir, reports) = folders();
    let server = Server::start(&reports, &[]);
    let play = |body: &str| server.post("/api/play/sevens", body);
    assert_refused(play(r#"{"seed": 7, "moves": [9]}"#), 400, "moves[0]");
    // The body's fields in a person's words, not Rust's types (`u8`, `a sequence`).
    assert_refused(
        play(r#"{"seed": 7, "moves": [0, -1]}"#),
        400,
        "moves[1]: invalid value: integer `-1`, expected a whole number from 0 to 255",
    );
    assert_refused(
        play(r#"{"moves": "0,1"}"#),
        400,
        "moves: invalid type: string \"0,1\", expected a list",
    );
    assert_refused(play(r#"{"seed": "7"}"#), 400, "seed");
    assert_refused(play(r#"{"players": 9}"#), 400, "players");
    assert_refused(play(r#"{"rules": ["max_rolls=99"]}"#), 400, "max_rolls");
    assert_refused(play(r#"{"policies": ["nonsense"]}"#), 400, "nonsense");
    assert_refused(
        play(r#"{"coach": "yes"}"#),
        400,
        "coach: invalid type: string \"yes\", expected true or false",
    );
    assert_refused(play(r#"{"colour": 1}"#), 400, "colour");
    assert_refused(play("[0]"), 400, "body: expected a JSON object");
    assert_refused(play("{"), 400, "body");
    assert_refused(
        server.post("/api/play/sequences", "{}"),
        400,
        "can be played against dicelab's players",
    );
    assert_refused(server.post("/api/play/chess", "{}"), 404, "chess");
    // Moves past the end of a game are refused, not played.
    let many = format!(r#"{{"seed": 7, "moves": {:?}}}"#, vec![0; 200]);
    assert_refused(play(&many), 400, "the game was over");
    let bad_record =
        "dicelab record 1\ngame sevens\nseat 1 person A\nseat 2 person B\nround 1\nA: 9 9\n";
    assert_refused(server.post("/api/review", bad_record), 400, "line 6");
    assert_refused(server.post("/api/review", ""), 400, "record");
    assert_refused(server.post("/api/review?rule=x%3D1", "x"), 400, "rule");
    assert_refused(server.post("/api/review?n=1", "x"), 400, "n");
    assert_refused(server.get("/api/review"), 405, "GET");
}

#[test]
fn a_rule_policy_or_record_naming_a_file_is_refused_before_any_read() {
    let (dir, reports) = folders();
    let server = Server::start(&reports, &[]);
    let secret = dir.path().join("secret.txt");
    let secret = secret.to_str().unwrap();
    let escaped = secret.replace('/', "%2F");
    assert_refused(
        server.post(
            &format!("/api/advise/sevens?policy=table%3A{escaped}"),
            README_POSITION,
        ),
        400,
        "policy",
    );
    for (game, body) in [
        ("sieben", format!(r#"{{"rules": ["deck={secret}"]}}"#)),
        ("sevens", format!(r#"{{"policies": ["table:{secret}"]}}"#)),
        (
            "solitaire-dice",
            format!(r#"{{"policies": ["heuristic:{secret}"]}}"#),
        ),
    ] {
        let answer = server.post(&format!("/api/play/{game}"), &body);
        assert!(!answer.2.contains("secret\""), "{}", answer.2);
        assert_refused(answer, 400, "reads no file a request names");
    }
    let record = format!(
        "dicelab record 1\ngame sieben\nrules deck={secret}\nseat 1 person A\nseat 2 person B\n\
         round 1\ndeal A: 1 2 3 4 5 6 7\ndeal B: 1 2 3 4 5 6 7\n"
    );
    assert_refused(server.post("/api/review", &record), 400, "rule 'deck=");
}

#[test]
fn a_game_of_7_played_over_http_is_reviewed_and_costly_requests_are_bounded() {
    let (_dir, reports) = folders();
    let server = Server::start(&reports, &[]);
    // A whole game of 7, the first action each time: its record names the default deck, which
    // the review reads as any request may.
    let mut moves: Vec<usize> = Vec::new();
    let record = loop {
        let body = format!(r#"{{"seed": 3, "players": 3, "moves": {moves:?}}}"#);
        let (status, _, answer) = server.post("/api/play/sieben", &body);
        assert_eq!(status, 200, "{answer}");
        let now: serde_json::Value = serde_json::from_str(&answer).unwrap();
        if now["over"] == true {
            break now["record"].as_str().unwrap().to_string();
        }
        moves.push(0);
        assert!(moves.len() < 500, "the game ends");
    };
    assert!(record.contains("deck=data/sieben-deck.csv"), "{record}");
    let (status, _, reviewed) = server.post("/api/review", &record);
    assert_eq!(status, 200, "{reviewed}");
    assert!(reviewed.contains("\"game\": \"sieben\""), "{reviewed}");
    // More play-outs than a request may ask, and more games than one review may hold.
    assert_refused(
        server.post("/api/advise/sevens?n=1000000", README_POSITION),
        400,
        "default sizes",
    );
    assert_refused(
        server.post("/api/review?n=20", &record),
        400,
        "default sizes",
    );
    assert_refused(
        server.post(
            "/api/review",
            &format!(
                "dicelab record 1\n{}",
                record.strip_prefix("dicelab record 1\n").unwrap().repeat(3)
            ),
        ),
        400,
        "3 games of Solitaire Dice or 7",
    );
    let game = "game sevens\nseat 1 person A\nseat 2 person B\nround 1\nA: 1 1 1 1 1 1\n";
    let many = format!("dicelab record 1\n{}", game.repeat(21));
    assert_refused(server.post("/api/review", &many), 400, "21 games");
    // A page of another site is refused by its Origin; the app's own pages are not.
    let host = server.host();
    let from = |origin: &str| {
        server.send(
            format!(
                "POST /api/advise/sevens HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n{README_POSITION}",
                README_POSITION.len()
            )
            .as_bytes(),
        )
    };
    assert_refused(from("http://evil.example"), 403, "Origin");
    assert_refused(from("null"), 403, "Origin");
    assert_eq!(from(&format!("http://{host}")).0, 200);
}

/// The app `dev/web.sh` writes is served from its folder: its own index in place of the pages
/// built in, the module as WebAssembly (gzipped where the browser takes it and the folder has
/// it, tagged so a kept copy is not sent again), under a policy that lets the page compile it;
/// nothing outside the folder, and a folder that is not the app refused in one line before
/// anything listens.
#[test]
fn an_app_folder_is_served_gzipped_where_taken_and_nothing_outside_it() {
    let (dir, reports) = folders();
    let app = dir.path().join("app");
    std::fs::create_dir_all(app.join("pkg")).unwrap();
    std::fs::write(app.join("index.html"), "<p>the app in the browser</p>").unwrap();
    std::fs::write(app.join("sw.js"), "// the service worker").unwrap();
    let module = b"\0asm\x01\0\0\0 a module";
    std::fs::write(app.join("pkg/dicelab_wasm_bg.wasm"), module).unwrap();
    std::fs::write(app.join("pkg/dicelab_wasm_bg.wasm.gz"), b"zipped").unwrap();
    let server = Server::start(&reports, &["--app", app.to_str().unwrap()]);
    let (status, head, index) = server.get("/");
    assert_eq!(status, 200);
    assert_eq!(index, "<p>the app in the browser</p>");
    assert!(head.contains("'wasm-unsafe-eval'"), "{head}");
    let (status, head, body) = server.get("/pkg/dicelab_wasm_bg.wasm");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: application/wasm"), "{head}");
    assert!(!head.contains("content-encoding"), "{head}");
    assert_eq!(body.as_bytes(), module);
    let host = server.host();
    let (status, head, body) = server.send(
        format!(
            "GET /pkg/dicelab_wasm_bg.wasm HTTP/1.1\r\nHost: {host}\r\n\
             Accept-Encoding: gzip, br\r\nConnection: close\r\n\r\n"
        )
        .as_bytes(),
    );
    assert_eq!(status, 200);
    assert!(head.contains("content-encoding: gzip"), "{head}");
    assert!(head.contains("vary: accept-encoding"), "{head}");
    assert_eq!(body, "zipped");
    // A browser that keeps its copy asks with its tag and is told it has not changed.
    let tag = head
        .lines()
        .find_map(|l| l.strip_prefix("etag: "))
        .unwrap_or_else(|| panic!("no etag in {head}"))
        .trim()
        .to_string();
    let (status, _, body) = server.send(
        format!(
            "GET /pkg/dicelab_wasm_bg.wasm HTTP/1.1\r\nHost: {host}\r\n\
             Accept-Encoding: gzip\r\nIf-None-Match: {tag}\r\nConnection: close\r\n\r\n"
        )
        .as_bytes(),
    );
    assert_eq!(status, 304);
    assert!(body.is_empty(), "{body}");
    // Without gzip it is another copy, under another tag.
    let (status, _, body) = server.send(
        format!(
            "GET /pkg/dicelab_wasm_bg.wasm HTTP/1.1\r\nHost: {host}\r\n\
             If-None-Match: {tag}\r\nConnection: close\r\n\r\n"
        )
        .as_bytes(),
    );
    assert_eq!(status, 200);
    assert_eq!(body.as_bytes(), module);
    for outside in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/.hidden",
        "/app.js",
    ] {
        let (status, _, body) = server.get(outside);
        assert_eq!(status, 404, "{outside}: {body}");
        assert!(body.starts_with("{\"error\":"), "{outside}: {body}");
    }
    // A folder without the app is refused before anything listens.
    let out = Command::new(BIN)
        .args(["serve", "--port", "0", "--app"])
        .arg(&reports)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("dev/web.sh DIR writes one"), "{stderr}");
}

/// The scoresheet's steps over HTTP: a game started, a throw added and the game so far
/// reviewed (Ann's chance after her throw, the decision to come and its position for the
/// coach), the turn stopped, the record reviewing as `dicelab review` does; a throw the rules
/// cannot give, and a deck file in the rules, refused in words.
#[test]
fn a_game_is_followed_at_the_table_step_by_step() {
    let (dir, reports) = folders();
    let server = Server::start(&reports, &[]);
    let step = |body: serde_json::Value| {
        let (status, _, answer) = server.post("/api/sheet", &body.to_string());
        assert_eq!(status, 200, "{answer}");
        serde_json::from_str::<serde_json::Value>(&answer).unwrap()
    };
    let started = step(serde_json::json!({"start": {"game": "sevens", "seats": ["Ann", "Bob"]}}));
    assert_eq!(started["game"]["next"]["name"], "Ann");
    let record = started["record"].as_str().unwrap();
    let thrown = step(serde_json::json!({"record": record, "throw": [3, 6, 2, 1, 6, 1]}));
    let next = &thrown["game"]["next"];
    assert_eq!(
        (next["deciding"].clone(), next["dice"].clone()),
        (true.into(), 2.into())
    );
    assert_eq!(next["advise"]["dice-shown"], "3,6,2,1,6,1");
    let record = thrown["record"].as_str().unwrap();
    assert!(
        record.ends_with("round 1\nAnn: 3 6 2 1 6 1 /\n"),
        "{record}"
    );
    let stopped = step(serde_json::json!({"record": record, "stop": true}));
    assert_eq!(stopped["game"]["next"]["name"], "Bob");
    let file = dir.path().join("so-far.txt");
    std::fs::write(&file, stopped["record"].as_str().unwrap()).unwrap();
    let cli = Command::new(BIN)
        .args(["review", "--format", "json", "--threads", "1"])
        .arg(&file)
        .output()
        .unwrap();
    let cli: serde_json::Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(cli["games"][0]["players"], stopped["game"]["players"]);
    let record = stopped["record"].as_str().unwrap();
    let body = serde_json::json!({"record": record, "throw": [1, 2]}).to_string();
    assert_refused(
        server.post("/api/sheet", &body),
        400,
        "Bob throws 6 dice here, and 2 are given",
    );
    let deck = serde_json::json!({"start": {"game": "sieben", "seats": ["A", "B"], "rules": ["deck=mine.csv"]}});
    assert_refused(server.post("/api/sheet", &deck.to_string()), 400, "deck");
}

//! The server under load and at the hands of strangers: what a client can make it solve,
//! compute or hold is bounded, with the server's memory measured; a client that leaves frees its
//! core; half-open connections lock no one out; the refusals hyper would make bare read as the
//! server's own; a large report file is sent in pieces; Ctrl-C on a busy server is prompt.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use super::{BIN, README_POSITION, Server, assert_refused, folders};

/// A line of `/proc/PID/status` in KiB (`VmHWM`: the peak resident memory; `VmRSS`: now).
fn status_kib(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| {
            l.strip_prefix(key)?
                .trim()
                .strip_suffix("kB")?
                .trim()
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no {key} in {status}"))
}

/// A three-player position of the README's kind, asked under `rounds`.
fn three_players(server: &Server, rounds: u32) -> (u16, String, String) {
    let position = r#"{"roll": 1, "dice": 2, "sum": 5, "allowed": 2, "round": 6, "totals": "52,49,40", "scores": "15"}"#;
    server.post(
        &format!("/api/advise/sevens?rule=rounds={rounds}"),
        position,
    )
}

/// A record `dicelab simulate` writes, as text.
fn recorded(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(BIN)
        .args(["simulate"])
        .args(args)
        .args(["--record", "g.txt", "-q"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(dir.path().join("g.txt")).unwrap()
}

/// The record of a 40-player race to 300 (33 KB): seconds to review, a moment to check.
fn race_to_300() -> String {
    recorded(&[
        "sequences",
        "--players",
        "40",
        "--rule",
        "target=300",
        "-n",
        "1",
    ])
}

/// A review request for `record` written on a connection of its own, not yet answered.
fn review_sent(server: &Server, record: &str) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let request = format!(
        "POST /api/review HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{record}",
        server.host(),
        record.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    stream
}

#[test]
fn two_costly_solves_at_once_are_bounded_and_the_server_lives_in_its_memory() {
    let (_dir, reports) = folders();
    // The issue's limit: two such requests at once aborted the server under it.
    let server = Server::start_limited(&reports, &[], Some(2_500_000));
    let pid = server.child.id();
    let answers: Vec<(u16, String, String)> = std::thread::scope(|scope| {
        let asked: Vec<_> = [14, 15]
            .map(|rounds| {
                let server = &server;
                scope.spawn(move || three_players(server, rounds))
            })
            .into_iter()
            .collect();
        asked.into_iter().map(|a| a.join().unwrap()).collect()
    });
    let statuses: Vec<u16> = answers.iter().map(|a| a.0).collect();
    assert!(
        statuses.contains(&200) && statuses.contains(&400),
        "one solved, one refused: {answers:?}"
    );
    let refused = answers.iter().find(|a| a.0 == 400).unwrap();
    // Refused by the bound on solves, or by the room the other's solve leaves under the
    // address-space limit, whichever the order of the two made it meet first.
    assert_refused(refused.clone(), 400, "needs");
    let why = &refused.2;
    assert!(
        why.contains("more than this server gives whole games")
            || why.contains("(the address-space limit (ulimit -v))"),
        "{why}"
    );
    assert_eq!(server.get("/api/games").0, 200, "the server lives");
    // Too large alone, two players or three: refused before any work.
    assert_refused(three_players(&server, 22), 400, "needs");
    assert_refused(
        server.post(
            "/api/play/sevens",
            r#"{"seed": 1, "rules": ["rounds=800"], "moves": []}"#,
        ),
        400,
        "needs",
    );
    // Measured: the peak stays within the bound on solves (2 GiB) and the server's own needs.
    let peak = status_kib(pid, "VmHWM:");
    assert!(peak < 2_400_000, "peak resident memory {peak} KiB");
    eprintln!("two costly solves at once: peak resident memory {peak} KiB");
}

#[test]
fn a_review_past_its_work_limit_is_stopped_and_a_wrong_line_refused_before_any_work() {
    let (_dir, reports) = folders();
    let server = Server::start(&reports, &["--work-limit", "1"]);
    // A 40-player race to 300 (33 KB): seconds to review, past the one second given here.
    let race = race_to_300();
    assert!(race.len() < 64 * 1024);
    let start = Instant::now();
    assert_refused(
        server.post("/api/review", &race),
        400,
        "takes longer than the 1 s this server gives a request",
    );
    let took = start.elapsed();
    assert!(took < Duration::from_secs(10), "stopped after {took:?}");
    // A wrong line at its end: refused by the check, before any of it is valued.
    let wrong = format!("{race}hello\n");
    assert_refused(
        server.post("/api/review", &wrong),
        400,
        "`hello` is no line of a record",
    );
    assert_eq!(server.get("/api/games").0, 200);
}

#[test]
fn a_client_that_leaves_frees_its_core_for_the_next() {
    let (_dir, reports) = folders();
    let server = Server::start(&reports, &["--work-limit", "120"]);
    let race = race_to_300();
    // Alone, how long the race's review takes here.
    let start = Instant::now();
    let (status, _, _) = server.post("/api/review", &race);
    assert_eq!(status, 200);
    let alone = start.elapsed();
    // As many reviews as there are cores, each left by its client half a second in.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let left: Vec<TcpStream> = (0..cores).map(|_| review_sent(&server, &race)).collect();
    std::thread::sleep(Duration::from_millis(500));
    drop(left);
    // The next request needs a core: it gets one once the left computations hear so, well
    // before they would have ended.
    let start = Instant::now();
    let (status, _, body) = server.post("/api/advise/sevens", README_POSITION);
    let waited = start.elapsed();
    assert_eq!(status, 200, "{body}");
    assert!(
        waited < alone / 2,
        "waited {waited:?} for a core; a review takes {alone:?}"
    );
}

/// A connection to `server` from the loopback address `from`, as a second machine would make.
fn connect_from(from: [u8; 4], port: u16) -> TcpStream {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.bind(&SocketAddr::from((from, 0)).into()).unwrap();
    socket
        .connect(&SocketAddr::from(([127, 0, 0, 1], port)).into())
        .unwrap();
    socket.into()
}

/// The answer on `stream` to `request`, read to its end: its status and body.
fn answered(mut stream: TcpStream, request: &[u8]) -> (u16, String) {
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

#[test]
fn half_open_connections_lock_no_one_else_out() {
    let (_dir, reports) = folders();
    let server = Server::start(&reports, &[]);
    let port = server.port;
    // 140 connections from one address that send nothing (they locked every slot before).
    let idle: Vec<TcpStream> = (0..140)
        .map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap())
        .collect();
    // Someone else, from another address: answered, every time.
    let get = format!(
        "GET /api/games HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.host()
    );
    for _ in 0..20 {
        let (status, body) = answered(connect_from([127, 0, 0, 2], port), get.as_bytes());
        assert_eq!(status, 200, "{body}");
    }
    // The idle ones: past the first 16 of their address, closed at once; the 16 answered 408
    // once their request line is late, and closed.
    let mut closed = 0;
    let mut late = 0;
    for mut stream in idle {
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut answer = String::new();
        match stream.read_to_string(&mut answer) {
            Ok(_) if answer.is_empty() => closed += 1,
            Ok(_) if answer.starts_with("HTTP/1.1 408") => {
                assert!(
                    answer.contains(r#"{"error":"request line: not sent within 3 seconds"}"#),
                    "{answer}"
                );
                late += 1;
            }
            other => panic!("{other:?}: {answer}"),
        }
    }
    assert_eq!((late, closed), (16, 124));
}

#[test]
fn the_refusals_hyper_would_make_bare_read_as_the_servers_own() {
    let (_dir, reports) = folders();
    let server = Server::start(&reports, &[]);
    let host = server.host();
    assert_refused(
        server.send(b"\x00\x01\x02 garbage\r\n\r\n"),
        400,
        "not an HTTP request",
    );
    let long = format!(
        "GET /{} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n",
        "a".repeat(9000)
    );
    assert_refused(server.send(long.as_bytes()), 414, "request target");
    let many: String = (0..101).map(|i| format!("X-{i}: 1\r\n")).collect();
    let headers = format!("GET / HTTP/1.1\r\nHost: {host}\r\n{many}Connection: close\r\n\r\n");
    assert_refused(server.send(headers.as_bytes()), 431, "headers");
    // A chunk size that is not one: a body that is no body, not one too large.
    let chunked = format!(
        "POST /api/advise/sevens HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n\
         Connection: close\r\n\r\nzz\r\n{{}}\r\n0\r\n\r\n"
    );
    assert_refused(
        server.send(chunked.as_bytes()),
        400,
        "not a well-formed body",
    );
    assert_eq!(server.get("/api/games").0, 200);
}

#[test]
fn a_large_report_file_is_sent_in_pieces_and_an_unreadable_one_is_no_404() {
    let (dir, reports) = folders();
    // 64 MB, asked by eight clients at once: read whole for each, it held eight copies.
    let big: Vec<u8> = (0..64u32 << 20)
        .map(|i| b"0123456789,\n"[(i % 12) as usize])
        .collect();
    std::fs::write(reports.join("big.csv"), &big).unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(reports.join("b.csv"), reports.join("a.csv")).unwrap();
        std::os::unix::fs::symlink(reports.join("a.csv"), reports.join("b.csv")).unwrap();
    }
    let server = Server::start(&reports, &[]);
    let pid = server.child.id();
    let before = status_kib(pid, "VmRSS:");
    std::thread::scope(|scope| {
        for _ in 0..8 {
            scope.spawn(|| {
                let (status, _, body) = server.get("/reports/big.csv");
                assert_eq!(status, 200);
                assert_eq!(body.len(), big.len());
            });
        }
    });
    let peak = status_kib(pid, "VmHWM:");
    assert!(
        peak < before + 64 * 1024,
        "peak {peak} KiB from {before} KiB: a 64 MB file held whole"
    );
    eprintln!("eight 64 MB report files sent at once: peak resident memory {peak} KiB");
    // A file there that cannot be read (a loop of links) is the server's failure, not absent.
    assert_refused(server.get("/reports/a.csv"), 500, "cannot read it");
    drop(dir);
}

#[test]
fn ctrl_c_on_a_busy_server_answers_and_stops_within_its_drain() {
    let (_dir, reports) = folders();
    let mut server = Server::start(&reports, &["--work-limit", "120"]);
    let race = race_to_300();
    let busy = review_sent(&server, &race);
    std::thread::sleep(Duration::from_millis(500));
    let start = Instant::now();
    let sent = std::process::Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = server.child.wait().unwrap();
    let took = start.elapsed();
    assert_eq!(status.code(), Some(0));
    assert!(
        took < Duration::from_secs(5),
        "stopped after {took:?} (docs/serve.md says 5 s)"
    );
    // The review under way was told why it ends.
    let (code, body) = answered(busy, b"");
    assert_eq!(code, 503, "{body}");
    assert!(body.contains("the server is stopping"), "{body}");
}

#[test]
fn a_server_on_one_address_of_this_machine_answers_requests_to_it() {
    // This machine's address on its network, where it has one (no packet is sent).
    let probe = std::net::UdpSocket::bind("0.0.0.0:0").unwrap();
    let Some(ip) = probe
        .connect("192.0.2.1:9")
        .ok()
        .and_then(|()| probe.local_addr().ok())
        .map(|a| a.ip())
        .filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
    else {
        eprintln!("no network address here: the Host check's unit test covers it");
        return;
    };
    let (_dir, reports) = folders();
    let mut child = std::process::Command::new(BIN)
        .args([
            "serve",
            "--port",
            "0",
            "--host",
            &ip.to_string(),
            "--reports",
        ])
        .arg(&reports)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut first,
    )
    .unwrap();
    let port: u16 = first
        .trim()
        .trim_end_matches(" (Ctrl-C stops it)")
        .rsplit(':')
        .next()
        .and_then(|p| p.trim_end_matches('/').parse().ok())
        .unwrap_or_else(|| panic!("{first}"));
    let request =
        format!("GET /api/games HTTP/1.1\r\nHost: {ip}:{port}\r\nConnection: close\r\n\r\n");
    let (status, body) = answered(TcpStream::connect((ip, port)).unwrap(), request.as_bytes());
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(status, 200, "the address it printed refused it: {body}");
}

//! A phone on the same network: the addresses of this machine it can open (std lists no
//! network interface; `if-addrs` does), the names this machine answers to besides them (its
//! hostname and the `.local` name a phone finds it by over mDNS), and the first address as a QR
//! code for a phone's camera.

use std::net::IpAddr;

/// This machine's addresses a phone on its network can reach, the most likely first: IPv4
/// before IPv6 (a home network routes IPv4), no loopback, no IPv6 link-local address (a
/// browser will not open one without its interface's name). Empty where it has none, or the
/// interfaces cannot be read.
pub(super) fn addresses() -> Vec<IpAddr> {
    let mut found: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|i| !i.is_loopback())
        .filter(|i| !(i.ip().is_ipv6() && i.is_link_local()))
        .map(|i| i.ip())
        .collect();
    found.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    found.dedup();
    found
}

/// The names this machine answers to besides its addresses, in lower case: its hostname's
/// first label, and `LABEL.local`, the name mDNS gives it on the local network. The Host check
/// takes them only where the server listens on the network: a name is looked up on the
/// network, whose machines could answer it with 127.0.0.1. A dotted hostname as a whole is left
/// out: it may be a name the network handed out, and so one a site can claim.
pub(super) fn names() -> Vec<String> {
    own_names(&hostname())
}

/// The names of a machine whose hostname is `host` (`Anns-Laptop`, or `anns-laptop.home`).
fn own_names(host: &str) -> Vec<String> {
    let host = host.trim().trim_end_matches('.').to_ascii_lowercase();
    let label = host.split('.').next().unwrap_or_default();
    if label.is_empty() || label == "localhost" || label == "local" {
        return Vec::new();
    }
    vec![label.to_string(), format!("{label}.local")]
}

/// This machine's hostname, or nothing where it cannot be read.
#[cfg(unix)]
fn hostname() -> String {
    rustix::system::uname()
        .nodename()
        .to_string_lossy()
        .into_owned()
}

/// This machine's hostname, as Windows keeps it.
#[cfg(not(unix))]
fn hostname() -> String {
    std::env::var("COMPUTERNAME").unwrap_or_default()
}

/// `http://ADDRESS:PORT/`, an IPv6 address in brackets.
pub(super) fn url(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(v4) => format!("http://{v4}:{port}/"),
        IpAddr::V6(v6) => format!("http://[{v6}]:{port}/"),
    }
}

/// `text` as a QR code drawn in the terminal's block characters, two rows of modules a line,
/// light on dark as a terminal shows it, with its quiet zone; `None` where it does not fit one.
pub(super) fn qr(text: &str) -> Option<String> {
    use qrcode::render::unicode::Dense1x2;
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<Dense1x2>()
            .dark_color(Dense1x2::Light)
            .light_color(Dense1x2::Dark)
            .build(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hostname gives its first label and that label's `.local` name, in lower case, never a
    /// dotted name the network may have handed out; none where there is no name to give.
    #[test]
    fn a_machine_answers_to_its_hostname_and_its_local_name() {
        assert_eq!(
            own_names("Anns-Laptop"),
            ["anns-laptop", "anns-laptop.local"]
        );
        assert_eq!(
            own_names("anns-laptop.attacker.example."),
            ["anns-laptop", "anns-laptop.local"]
        );
        assert_eq!(
            own_names("anns-laptop.local"),
            ["anns-laptop", "anns-laptop.local"]
        );
        assert!(own_names("").is_empty());
        assert!(own_names("localhost").is_empty());
        assert!(own_names(".local").is_empty());
    }

    /// An address a phone opens, IPv6 in brackets; and a QR code of it, square, in the
    /// terminal's half blocks.
    #[test]
    fn an_address_is_opened_by_its_url_and_its_qr_code() {
        assert_eq!(
            url([192, 168, 1, 20].into(), 8077),
            "http://192.168.1.20:8077/"
        );
        assert_eq!(
            url("fd00::1".parse().unwrap(), 8077),
            "http://[fd00::1]:8077/"
        );
        let code = qr("http://192.168.1.20:8077/").unwrap();
        let lines: Vec<&str> = code.lines().collect();
        let width = lines[0].chars().count();
        // 25 modules and a quiet zone of 4 each side: 33 columns, 17 lines of two rows.
        assert_eq!(width, 33, "{code}");
        assert_eq!(lines.len(), 17, "{code}");
        assert!(lines.iter().all(|l| l.chars().count() == width));
        assert!(code.contains('▀') || code.contains('▄'));
    }
}

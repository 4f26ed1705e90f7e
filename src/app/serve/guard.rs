//! Which requests the server answers: those whose Host header names this machine by one of its
//! addresses or `localhost` (or, where it listens on the network, its own names: its hostname's
//! label and `.local` name), and the port it listens on. A page on another site that points a
//! name of its own at 127.0.0.1 (DNS rebinding) sends that name as its Host, and is refused.

use std::net::IpAddr;

/// Whether `host` (a Host header's value) may reach a server listening on `port` at `address`:
/// a loopback address, or the address listened on (`--host 192.168.1.20`: a phone names the
/// machine by it), or any address where it listens on every interface (`open`); or, where it
/// listens on the network, one of this machine's own `names`, as a phone finds it by mDNS.
pub(super) fn allowed(
    host: &str,
    port: u16,
    address: IpAddr,
    open: bool,
    names: &[String],
) -> bool {
    let Some((name, given_port)) = split(host) else {
        return false;
    };
    if given_port != port {
        return false;
    }
    if name.eq_ignore_ascii_case("localhost") {
        return true;
    }
    // The machine's own names are looked up on the network, whose machines could answer them
    // with 127.0.0.1: only a server that listens on the network takes them.
    if (open || !address.is_loopback()) && names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
        return true;
    }
    match name.parse::<IpAddr>() {
        Ok(ip) => open || ip.is_loopback() || ip == address,
        Err(_) => false,
    }
}

/// `name:port` split (`[::1]:8077` into `::1` and 8077); a Host without its port is refused,
/// since a browser always sends the port of an address that is not port 80.
fn split(host: &str) -> Option<(&str, u16)> {
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        (inside, after.strip_prefix(':')?)
    } else {
        host.rsplit_once(':')?
    };
    if name.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()) || port.len() > 5 {
        return None;
    }
    Some((name, port.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of this machine are let in, on its port only; a name a site could point at
    /// 127.0.0.1 is not, nor any other machine's address while only loopback is listened on.
    #[test]
    fn only_this_machines_names_on_its_port_are_let_in() {
        let lo: IpAddr = [127, 0, 0, 1].into();
        let lan: IpAddr = [192, 168, 1, 20].into();
        for host in [
            "127.0.0.1:8077",
            "localhost:8077",
            "LOCALHOST:8077",
            "[::1]:8077",
        ] {
            assert!(allowed(host, 8077, lo, false, &[]), "{host}");
        }
        for host in [
            "evil.example:8077",
            "127.0.0.1.nip.io:8077",
            "127.0.0.1:8078",
            "127.0.0.1",
            "localhost",
            "192.168.1.20:8077",
            "[::1]",
            "",
            ":8077",
            "127.0.0.1:80771",
            "127.0.0.1:+8077",
        ] {
            assert!(!allowed(host, 8077, lo, false, &[]), "{host}");
        }
        // Listening on every interface: a phone names the machine by its address.
        let any: IpAddr = [0, 0, 0, 0].into();
        assert!(allowed("192.168.1.20:8077", 8077, any, true, &[]));
        assert!(allowed("[fe80::1]:8077", 8077, any, true, &[]));
        assert!(!allowed("dicelab.example:8077", 8077, any, true, &[]));
        // Listening on one address of the network: that address, and loopback; no other.
        assert!(allowed("192.168.1.20:8077", 8077, lan, false, &[]));
        assert!(allowed("127.0.0.1:8077", 8077, lan, false, &[]));
        assert!(!allowed("192.168.1.21:8077", 8077, lan, false, &[]));
        assert!(!allowed("192.168.1.20:8078", 8077, lan, false, &[]));
        // The machine's own names, as a phone finds it over mDNS: on its port only.
        let names = ["anns-laptop".to_string(), "anns-laptop.local".to_string()];
        for host in ["anns-laptop.local:8077", "Anns-Laptop:8077"] {
            assert!(allowed(host, 8077, any, true, &names), "{host}");
        }
        for host in [
            "anns-laptop.local:8078",
            "bobs-laptop.local:8077",
            "local:8077",
        ] {
            assert!(!allowed(host, 8077, any, true, &names), "{host}");
        }
        // Listening on loopback alone, none: the network could point them at 127.0.0.1.
        assert!(!allowed("anns-laptop.local:8077", 8077, lo, false, &names));
    }
}

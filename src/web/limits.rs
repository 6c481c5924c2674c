//! Who a request comes from, for the rate limits ([`crate::app::limits`]): the client's
//! address, as told by the connection or by a trusted proxy.

pub use crate::app::limits::{Limit, RateLimits, Subject};

/// The client's address, as text ("unknown" without one).
pub fn client_ip(req: &actix_web::HttpRequest) -> String {
    client_address(req)
        .map(|ip| ip.to_string())
        .unwrap_or_else(|| "unknown".into())
}

/// The client's address: the TCP peer, unless the peer is one of the proxies
/// `--trusted-proxies` names; then the address that proxy saw, the last one of
/// `X-Forwarded-For` (skipping further trusted proxies, right to left). Clients can
/// forge the header, so it is read only from a trusted proxy, and only the entries the
/// trusted proxies added are believed.
pub fn client_address(req: &actix_web::HttpRequest) -> Option<std::net::IpAddr> {
    let peer = req.peer_addr()?.ip();
    let trusted = req
        .app_data::<actix_web::web::Data<super::AppState>>()
        .map(|state| state.trusted_proxies.as_slice())
        .unwrap_or_default();
    forwarded_client(peer, trusted, req.headers().get_all("x-forwarded-for"))
}

fn forwarded_client<'h>(
    peer: std::net::IpAddr,
    trusted: &[crate::binaries::fetch::Network],
    forwarded: impl DoubleEndedIterator<Item = &'h actix_web::http::header::HeaderValue>,
) -> Option<std::net::IpAddr> {
    let is_trusted = |ip: std::net::IpAddr| trusted.iter().any(|n| n.contains(ip));
    if !is_trusted(peer) {
        return Some(peer);
    }
    let mut client = peer;
    // The header's values in order, each a comma-separated list: read right to left.
    let hops: Vec<&str> = forwarded
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    for hop in hops.into_iter().rev() {
        let Ok(ip) = hop.trim().parse::<std::net::IpAddr>() else {
            // Garbage where an address should be: the last address known stands.
            break;
        };
        client = ip;
        if !is_trusted(ip) {
            break;
        }
    }
    Some(client)
}

#[cfg(test)]
mod forwarding_tests {
    use super::*;
    use crate::binaries::fetch::Network;
    use actix_web::http::header::HeaderValue;

    fn client(peer: &str, trusted: &[&str], headers: &[&str]) -> String {
        let trusted: Vec<Network> = trusted.iter().map(|t| Network::parse(t).unwrap()).collect();
        let values: Vec<HeaderValue> = headers
            .iter()
            .map(|h| HeaderValue::from_str(h).unwrap())
            .collect();
        forwarded_client(peer.parse().unwrap(), &trusted, values.iter())
            .unwrap()
            .to_string()
    }

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        // No trusted proxy: the peer, whatever the header says.
        assert_eq!(client("203.0.113.9", &[], &["198.51.100.1"]), "203.0.113.9");
        // An untrusted peer cannot claim another address.
        assert_eq!(
            client("203.0.113.9", &["10.0.0.0/8"], &["1.2.3.4"]),
            "203.0.113.9"
        );
        // The proxy's entry, not what the client put before it.
        assert_eq!(
            client("10.0.0.5", &["10.0.0.0/8"], &["6.6.6.6, 198.51.100.7"]),
            "198.51.100.7"
        );
        // Two proxies in a row, the header sent twice.
        assert_eq!(
            client("10.0.0.5", &["10.0.0.0/8"], &["198.51.100.7", "10.0.0.9"]),
            "198.51.100.7"
        );
        // A trusted proxy that forwarded nothing, or garbage: itself.
        assert_eq!(client("10.0.0.5", &["10.0.0.0/8"], &[]), "10.0.0.5");
        assert_eq!(client("10.0.0.5", &["10.0.0.0/8"], &["bogus"]), "10.0.0.5");
    }
}

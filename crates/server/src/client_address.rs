//! The client's address, for the sign-in throttle: the connection's peer, or, when the peer is
//! a reverse proxy the server was told to trust (`serve --trusted-proxy`), the address that proxy
//! says the request came from. Tests driving the router directly have none.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

use crate::AppState;

#[derive(Debug, Clone)]
pub struct ClientAddress(pub Option<String>);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        let client =
            peer.map(|peer| client_of(peer, &parts.headers, state.identity.trusted_proxies()));
        Ok(ClientAddress(client.map(|ip| ip.to_string())))
    }
}

/// The client behind `peer`: each trusted proxy appends the address it was reached from to
/// `X-Forwarded-For`, so the first address from the right that is not a trusted proxy is the
/// client. Anything further left was written by the client itself and proves nothing.
fn client_of(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    for hop in forwarded.iter().rev() {
        match hop.parse::<IpAddr>() {
            Ok(ip) if trusted.contains(&ip) => {}
            Ok(ip) => return ip,
            // A malformed hop: nothing to its left can be trusted either.
            Err(_) => return peer,
        }
    }
    peer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn only_a_trusted_proxy_is_believed_and_only_for_its_own_hop() {
        let proxy = ip("10.0.0.2");
        let trusted = [proxy];
        // Straight from the client: the header is the client's own and ignored.
        assert_eq!(
            client_of(ip("203.0.113.7"), &headers(&["1.2.3.4"]), &trusted),
            ip("203.0.113.7")
        );
        // Through the proxy: the hop it appended.
        assert_eq!(
            client_of(proxy, &headers(&["203.0.113.7"]), &trusted),
            ip("203.0.113.7")
        );
        // A client that forges a first entry gets its real address, the proxy's last one.
        assert_eq!(
            client_of(proxy, &headers(&["1.2.3.4, 203.0.113.7"]), &trusted),
            ip("203.0.113.7")
        );
        assert_eq!(
            client_of(proxy, &headers(&["1.2.3.4", "203.0.113.7"]), &trusted),
            ip("203.0.113.7")
        );
        // Two trusted proxies in a row.
        let chain = [proxy, ip("10.0.0.3")];
        assert_eq!(
            client_of(proxy, &headers(&["198.51.100.9, 10.0.0.3"]), &chain),
            ip("198.51.100.9")
        );
        // No header, or a malformed hop: the peer.
        assert_eq!(client_of(proxy, &HeaderMap::new(), &trusted), proxy);
        assert_eq!(
            client_of(proxy, &headers(&["1.2.3.4, junk"]), &trusted),
            proxy
        );
    }
}

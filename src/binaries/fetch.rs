//! Fetching a binary from a URL without becoming a proxy into private networks.
//!
//! Every address a fetch would connect to is checked: an IP literal in the URL before the
//! request, a host name's addresses after DNS resolution (by the resolver the client
//! connects through, so the checked addresses are the ones used), and again for every
//! redirect, which is followed by hand. Only global unicast addresses are reached
//! (`addresses`): private, loopback, link-local (cloud metadata included), multicast,
//! reserved, documentation and transition addresses are refused unless the deployment
//! allows them explicitly. Size, redirects and time are capped.

mod addresses;
pub use addresses::private_kind;

use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// A network (address and prefix length) fetching may reach although it is private.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    pub address: IpAddr,
    pub prefix: u8,
}

impl Network {
    /// `127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let (address, prefix) = match text.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (text, None),
        };
        let address: IpAddr = address
            .trim()
            .parse()
            .map_err(|_| format!("{text:?} is not an address or network"))?;
        let max = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= max)
                .ok_or_else(|| format!("{text:?} has a bad prefix length"))?,
            None => max,
        };
        Ok(Self { address, prefix })
    }

    /// Whether `ip` is in this network, as written or as the IPv4 address it carries.
    pub fn contains(&self, ip: IpAddr) -> bool {
        self.holds(ip) || self.holds(canonical(ip))
    }

    fn holds(&self, ip: IpAddr) -> bool {
        match (self.address, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// An IPv4 address carried in IPv6 (mapped, or NAT64's well-known prefix) is judged as
/// that IPv4 address, as the address rules judge it.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => addresses::carried_ipv4(v6).map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// What fetching may do.
#[derive(Debug, Clone)]
pub struct FetchPolicy {
    /// Private networks fetching may reach anyway (none by default).
    pub allow: Vec<Network>,
    pub max_bytes: u64,
    pub max_redirects: usize,
    /// For the whole fetch, body included.
    pub timeout: Duration,
    /// Certificate authorities trusted besides the public ones (an intranet's own).
    pub extra_roots: Vec<rustls::pki_types::CertificateDer<'static>>,
}

impl Default for FetchPolicy {
    fn default() -> Self {
        Self {
            allow: Vec::new(),
            max_bytes: 100 * 1024 * 1024,
            max_redirects: 5,
            timeout: Duration::from_secs(30),
            extra_roots: Vec::new(),
        }
    }
}

/// The certificates of a PEM file (`--fetch-ca`), with a clear error for a file that
/// cannot be read or holds none.
pub fn load_roots(
    path: &std::path::Path,
) -> Result<Vec<rustls::pki_types::CertificateDer<'static>>, String> {
    use rustls::pki_types::pem::PemObject;
    let why = |e: &dyn std::fmt::Display| {
        format!("cannot read certificates from {}: {e}", path.display())
    };
    let roots = rustls::pki_types::CertificateDer::pem_file_iter(path)
        .map_err(|e| why(&e))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| why(&e))?;
    if roots.is_empty() {
        return Err(format!("{} holds no PEM certificate", path.display()));
    }
    Ok(roots)
}

impl FetchPolicy {
    /// Refuses an address that is not public and not allowed, saying why.
    pub fn check(&self, ip: IpAddr) -> Result<(), FetchError> {
        match private_kind(ip) {
            Some(kind) if !self.allow.iter().any(|n| n.contains(ip)) => Err(FetchError::Refused(
                format!("{ip} is {kind}; fetching from it is not allowed"),
            )),
            _ => Ok(()),
        }
    }
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum FetchError {
    /// The URL or an address it leads to is not allowed: nothing is stored.
    #[error("{0}")]
    Refused(String),
    #[error("{0}")]
    TooLarge(String),
    /// The origin answered that it has no such file (4xx): permanent.
    #[error("the origin answered {0}")]
    Gone(u16),
    /// Worth trying again later: the network, a timeout, a 5xx.
    #[error("{0}")]
    Transient(String),
}

/// A parsed URL fetching will try: http or https, a host, no credentials.
pub fn check_url(input: &str) -> Result<reqwest::Url, FetchError> {
    let refused = |why: &str| FetchError::Refused(format!("{why}: {:?}", truncate(input)));
    if input.len() > 2000 {
        return Err(FetchError::Refused(
            "the URL is longer than 2000 characters".into(),
        ));
    }
    let url = reqwest::Url::parse(input.trim()).map_err(|_| refused("not a URL"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(refused("only http and https URLs can be fetched"));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(refused("the URL has no host"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(refused("URLs with credentials are not fetched"));
    }
    Ok(url)
}

fn truncate(s: &str) -> String {
    s.chars().take(80).collect()
}

/// Resolves host names and refuses them if any of their addresses is not allowed.
struct CheckingResolver {
    policy: Arc<FetchPolicy>,
}

impl reqwest::dns::Resolve for CheckingResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let policy = Arc::clone(&self.policy);
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await
                .map_err(|e| Box::new(e) as Box<dyn std::error::Error + Send + Sync>)?
                .collect();
            for addr in &addrs {
                policy.check(addr.ip()).map_err(|e| {
                    Box::new(std::io::Error::new(
                        std::io::ErrorKind::PermissionDenied,
                        format!("{host} resolves to {e}"),
                    )) as Box<dyn std::error::Error + Send + Sync>
                })?;
            }
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// What a fetch got: the body (200) or "not modified" (304), with the validators.
pub struct Fetched {
    pub not_modified: bool,
    pub e_tag: Option<String>,
    pub last_modified: Option<String>,
    pub final_url: reqwest::Url,
    pub length: Option<u64>,
    pub body: Option<reqwest::Response>,
}

impl Fetched {
    /// The body as a stream, cut off with an error past `max` bytes.
    pub fn into_stream(
        self,
        max: u64,
    ) -> impl Stream<Item = Result<Bytes, FetchError>> + Unpin + 'static {
        let mut seen = 0u64;
        let stream = match self.body {
            Some(response) => response.bytes_stream().boxed(),
            None => futures_util::stream::empty().boxed(),
        };
        stream.map(move |piece| {
            let piece = piece.map_err(|e| FetchError::Transient(describe(&e)))?;
            seen += piece.len() as u64;
            if seen > max {
                return Err(FetchError::TooLarge(format!(
                    "the file at the URL is larger than {}",
                    super::budget::human(max)
                )));
            }
            Ok(piece)
        })
    }
}

/// The refusal of an address by the resolver, if that is why a request failed.
fn refusal_in(e: &reqwest::Error) -> Option<String> {
    let mut source = std::error::Error::source(e);
    while let Some(cause) = source {
        let text = cause.to_string();
        if text.ends_with("fetching from it is not allowed") {
            return Some(text);
        }
        source = cause.source();
    }
    None
}

/// An error of the client, with its causes (reqwest's own message is terse).
fn describe(e: &reqwest::Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[derive(Clone)]
pub struct Fetcher {
    client: reqwest::Client,
    pub policy: Arc<FetchPolicy>,
    /// The client of background work (jobs, errands): connections of its own, driven by
    /// the threads of the runtime it runs on, never reused by a request.
    background: reqwest::Client,
}

/// Makes ring the process's TLS provider (HTTP clients built without one of their own
/// need it). Idempotent.
pub fn install_tls_provider() {
    // Already installed (by this or anything else) is just as good.
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// The public roots and the policy's own.
fn roots(policy: &FetchPolicy) -> std::io::Result<rustls::RootCertStore> {
    let mut roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    for cert in &policy.extra_roots {
        roots.add(cert.clone()).map_err(|e| {
            std::io::Error::other(format!("a certificate authority for fetching: {e}"))
        })?;
    }
    Ok(roots)
}

/// An HTTP client that fetches under `policy`: no redirects followed (each is checked by
/// hand), no proxy, the policy's time limits, names resolved by its rules.
fn client(policy: &Arc<FetchPolicy>) -> std::io::Result<reqwest::Client> {
    let tls = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .map_err(|e| std::io::Error::other(format!("TLS for fetching: {e}")))?
    .with_root_certificates(roots(policy)?)
    .with_no_client_auth();
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .timeout(policy.timeout)
        .connect_timeout(policy.timeout.min(Duration::from_secs(10)))
        .user_agent(concat!(
            "Sibyl/",
            env!("CARGO_PKG_VERSION"),
            " (attachment fetcher)"
        ))
        .dns_resolver(Arc::new(CheckingResolver {
            policy: Arc::clone(policy),
        }))
        .use_preconfigured_tls(tls)
        .build()
        .map_err(|e| std::io::Error::other(format!("the fetching client: {e}")))?;
    Ok(client)
}

impl Fetcher {
    /// Fails (rather than fetch without its checks) if the client cannot be built.
    pub fn new(policy: FetchPolicy) -> std::io::Result<Self> {
        install_tls_provider();
        let policy = Arc::new(policy);
        Ok(Self {
            client: client(&policy)?,
            background: client(&policy)?,
            policy,
        })
    }

    /// The same fetcher for background work: its requests use the background client's
    /// connections.
    pub fn for_background(&self) -> Self {
        Self {
            client: self.background.clone(),
            policy: Arc::clone(&self.policy),
            background: self.background.clone(),
        }
    }

    /// GETs a URL, following redirects by hand (each one checked), conditionally when
    /// validators are given.
    pub async fn get(
        &self,
        url: &reqwest::Url,
        e_tag: Option<&str>,
        last_modified: Option<&str>,
    ) -> Result<Fetched, FetchError> {
        self.get_with(url, e_tag, last_modified, &|_| Vec::new())
            .await
    }

    /// [`Fetcher::get`] with headers made for the URL of each hop (a signature covers
    /// the address it is sent to).
    pub async fn get_with(
        &self,
        url: &reqwest::Url,
        e_tag: Option<&str>,
        last_modified: Option<&str>,
        headers: &(dyn Fn(&reqwest::Url) -> Vec<(String, String)> + Send + Sync),
    ) -> Result<Fetched, FetchError> {
        let mut url = url.clone();
        for _ in 0..=self.policy.max_redirects {
            if let Some(host) = url.host() {
                let literal = match host {
                    url::Host::Ipv4(v4) => Some(IpAddr::V4(v4)),
                    url::Host::Ipv6(v6) => Some(IpAddr::V6(v6)),
                    url::Host::Domain(_) => None,
                };
                if let Some(ip) = literal {
                    self.policy.check(ip)?;
                }
            }
            let mut request = self.client.get(url.clone());
            for (name, value) in headers(&url) {
                request = request.header(name, value);
            }
            if let Some(tag) = e_tag {
                request = request.header(reqwest::header::IF_NONE_MATCH, tag);
            }
            if let Some(date) = last_modified {
                request = request.header(reqwest::header::IF_MODIFIED_SINCE, date);
            }
            let response = request.send().await.map_err(|e| match refusal_in(&e) {
                // The resolver's own sentence, not the client's chain around it.
                Some(why) => FetchError::Refused(why),
                None => FetchError::Transient(describe(&e)),
            })?;
            let status = response.status();
            if status.is_redirection() && status != reqwest::StatusCode::NOT_MODIFIED {
                let location = response
                    .headers()
                    .get(reqwest::header::LOCATION)
                    .and_then(|v| v.to_str().ok())
                    .ok_or_else(|| {
                        FetchError::Transient(format!("a {status} without a Location"))
                    })?;
                let next = url.join(location).map_err(|_| {
                    FetchError::Refused(format!("a redirect to a bad URL: {location:?}"))
                })?;
                url = check_url(next.as_str())?;
                continue;
            }
            let header = |name| {
                response
                    .headers()
                    .get(name)
                    .and_then(|v: &reqwest::header::HeaderValue| v.to_str().ok())
                    .map(str::to_owned)
            };
            let e_tag = header(reqwest::header::ETAG);
            let last_modified = header(reqwest::header::LAST_MODIFIED);
            if status == reqwest::StatusCode::NOT_MODIFIED {
                return Ok(Fetched {
                    not_modified: true,
                    e_tag,
                    last_modified,
                    final_url: url,
                    length: None,
                    body: None,
                });
            }
            if status.is_server_error() || status == reqwest::StatusCode::TOO_MANY_REQUESTS {
                return Err(FetchError::Transient(format!(
                    "the origin answered {status}"
                )));
            }
            if !status.is_success() {
                return Err(FetchError::Gone(status.as_u16()));
            }
            let length = response.content_length();
            if let Some(length) = length
                && length > self.policy.max_bytes
            {
                return Err(FetchError::TooLarge(format!(
                    "the file at the URL is {}; at most {} can be fetched",
                    super::budget::human(length),
                    super::budget::human(self.policy.max_bytes)
                )));
            }
            return Ok(Fetched {
                not_modified: false,
                e_tag,
                last_modified,
                final_url: url,
                length,
                body: Some(response),
            });
        }
        Err(FetchError::Refused(format!(
            "more than {} redirects",
            self.policy.max_redirects
        )))
    }

    /// POSTs `body` to a URL under the same address rules as every fetch, with
    /// `headers`; a redirect is not followed (a POST's signature covers its address). Ok
    /// for a 2xx; `Transient` for a 5xx, a 429, a 408 or the network; `Gone` for any other
    /// answer; the answer's body is not read.
    pub async fn post(
        &self,
        url: &reqwest::Url,
        headers: &[(String, String)],
        body: Vec<u8>,
    ) -> Result<u16, FetchError> {
        if let Some(host) = url.host() {
            match host {
                url::Host::Ipv4(v4) => self.policy.check(IpAddr::V4(v4))?,
                url::Host::Ipv6(v6) => self.policy.check(IpAddr::V6(v6))?,
                url::Host::Domain(_) => {}
            }
        }
        let mut request = self.client.post(url.clone()).body(body);
        for (name, value) in headers {
            request = request.header(name, value);
        }
        let response = request.send().await.map_err(|e| match refusal_in(&e) {
            Some(why) => FetchError::Refused(why),
            None => FetchError::Transient(describe(&e)),
        })?;
        let status = response.status();
        if status.is_success() {
            return Ok(status.as_u16());
        }
        if status.is_server_error()
            || status == reqwest::StatusCode::TOO_MANY_REQUESTS
            || status == reqwest::StatusCode::REQUEST_TIMEOUT
        {
            return Err(FetchError::Transient(format!(
                "the server answered {status}"
            )));
        }
        Err(FetchError::Gone(status.as_u16()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn allowed_networks_open_exactly_themselves() {
        let policy = FetchPolicy {
            allow: vec![
                Network::parse("127.0.0.1").unwrap(),
                Network::parse("10.0.0.0/8").unwrap(),
            ],
            ..FetchPolicy::default()
        };
        assert!(policy.check(ip("127.0.0.1")).is_ok());
        assert!(policy.check(ip("::ffff:127.0.0.1")).is_ok());
        assert!(policy.check(ip("10.200.1.1")).is_ok());
        assert!(policy.check(ip("127.0.0.2")).is_err());
        assert!(policy.check(ip("11.0.0.1")).is_ok(), "public anyway");
        assert!(policy.check(ip("192.168.0.1")).is_err());
        assert!(FetchPolicy::default().check(ip("127.0.0.1")).is_err());
        for bad in ["", "localhost", "10.0.0.0/33", "::1/129", "1.2.3"] {
            assert!(Network::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Network::parse("::1").unwrap().prefix, 128);
        // An allowance opens IPv4 carried in mapped and NAT64 forms, not in the forms
        // the address rules refuse whatever they carry.
        assert!(policy.check(ip("64:ff9b::a00:1")).is_ok());
        assert!(policy.check(ip("::10.0.0.1")).is_err());
        assert!(policy.check(ip("::ffff:0:a00:1")).is_err());
    }

    #[test]
    fn only_plain_http_and_https_urls_are_fetched() {
        for good in ["http://example.com/a.png", "https://example.com:8443/x?y=1"] {
            assert!(check_url(good).is_ok(), "{good}");
        }
        for bad in [
            "ftp://example.com/a",
            "javascript:alert(1)",
            "file:///etc/passwd",
            "http://user:pw@example.com/",
            "http://",
            "not a url",
            "gopher://127.0.0.1:25/",
        ] {
            assert!(
                matches!(check_url(bad), Err(FetchError::Refused(_))),
                "{bad}"
            );
        }
    }
}

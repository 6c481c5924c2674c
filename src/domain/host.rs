//! The host a request names, by which a deployment of many sites finds the one asked for.

use super::{Invalid, Site};

/// A host name with its port, as a site answers to it: lower case, without a trailing
/// dot, and without the port its scheme uses anyway (80 or 443), so that `Host:
/// blog.example.com` and `Host: blog.example.com:443` name the same site.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Host(String);

/// The longest host a request may name (a DNS name is at most 253 characters, a port 6).
const MAX_HOST: usize = 260;

impl Host {
    /// Reads a `Host` header, or a host an operator typed: `name[:port]` or
    /// `[ipv6][:port]`. Anything else (a path, a user, spaces, an empty label, a bad
    /// port) is refused with the reason.
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let bad = |why: &str| Invalid::new(format!("{input:?} is not a host name: {why}"));
        let text = input.trim();
        if text.is_empty() {
            return Err(bad("it is empty"));
        }
        if text.len() > MAX_HOST {
            return Err(bad("it is too long"));
        }
        let (name, port) = if let Some(rest) = text.strip_prefix('[') {
            let (inside, after) = rest
                .split_once(']')
                .ok_or_else(|| bad("an IPv6 address must be closed by ]"))?;
            if inside.is_empty()
                || !inside
                    .chars()
                    .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.')
            {
                return Err(bad("the IPv6 address is not one"));
            }
            let port = match after {
                "" => None,
                _ => Some(
                    after
                        .strip_prefix(':')
                        .ok_or_else(|| bad("junk after the address"))?,
                ),
            };
            (format!("[{}]", inside.to_ascii_lowercase()), port)
        } else {
            let (name, port) = match text.split_once(':') {
                Some((name, port)) => (name, Some(port)),
                None => (text, None),
            };
            let name = name.strip_suffix('.').unwrap_or(name);
            let labels_ok = !name.is_empty()
                && name.split('.').all(|label| {
                    !label.is_empty()
                        && label.len() <= 63
                        && !label.starts_with('-')
                        && !label.ends_with('-')
                        && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                });
            if !labels_ok {
                return Err(bad("only letters, digits, hyphens and dots between labels"));
            }
            (name.to_ascii_lowercase(), port)
        };
        let port = match port {
            None => None,
            Some(port) => match port.parse::<u16>() {
                Ok(n) if n > 0 && port.bytes().all(|b| b.is_ascii_digit()) => Some(n),
                _ => return Err(bad("the port is not a number from 1 to 65535")),
            },
        };
        Ok(Self(match port {
            None | Some(80 | 443) => name,
            Some(port) => format!("{name}:{port}"),
        }))
    }

    /// The host a site answers to.
    pub fn of(site: &Site) -> Self {
        let origin = site.as_str();
        let rest = origin.split_once("://").map_or(origin, |(_, rest)| rest);
        let rest = rest
            .strip_suffix(":80")
            .or_else(|| rest.strip_suffix(":443"))
            .unwrap_or(rest);
        Self(rest.to_owned())
    }

    /// A host as an operator names an alias: a bare host (`www.example.com`) or an origin
    /// (`https://www.example.com`).
    pub fn named(input: &str) -> Result<Self, Invalid> {
        if input.contains("://") {
            Ok(Self::of(&Site::parse(input)?))
        } else {
            Self::parse(input)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_is_folded_to_one_form() {
        for (input, folded) in [
            ("Blog.Example.COM", "blog.example.com"),
            ("blog.example.com.", "blog.example.com"),
            ("blog.example.com:443", "blog.example.com"),
            ("blog.example.com:80", "blog.example.com"),
            ("127.0.0.1:8080", "127.0.0.1:8080"),
            ("[::1]:8080", "[::1]:8080"),
            ("[FE80::1]", "[fe80::1]"),
            (" localhost ", "localhost"),
        ] {
            assert_eq!(Host::parse(input).unwrap().as_str(), folded, "{input}");
        }
    }

    #[test]
    fn malformed_hosts_are_refused() {
        for bad in [
            "",
            "a b",
            "a..b",
            "a/b",
            "user@a",
            "a:",
            "a:0",
            "a:99999",
            "a:+80",
            "-a.com",
            "a-.com",
            "[::1",
            "[zz]",
            "[::1]x",
            "::1",
            "a:80:80",
            &"a".repeat(300),
            "é.com",
        ] {
            assert!(Host::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn a_sites_host_drops_its_schemes_port() {
        let of = |s: &str| Host::of(&Site::parse(s).unwrap()).as_str().to_owned();
        assert_eq!(of("https://blog.example.com"), "blog.example.com");
        assert_eq!(of("https://blog.example.com:443"), "blog.example.com");
        assert_eq!(of("http://127.0.0.1:8080"), "127.0.0.1:8080");
        assert_eq!(
            Host::named("https://WWW.example.com/").unwrap().as_str(),
            "www.example.com"
        );
        assert_eq!(
            Host::named("www.example.com").unwrap().as_str(),
            "www.example.com"
        );
        assert!(Host::named("https://x/path").is_err());
    }
}

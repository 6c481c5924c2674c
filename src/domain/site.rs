use super::Invalid;

/// A site, named by its canonical base URL (`https://blog.example.com`), as the `<site>`
/// part of Snap!-style keys. Every record belongs to one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Site(String);

impl Site {
    /// Accepts `http(s)://host[:port]` with an optional trailing slash, nothing more.
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let trimmed = input.trim().trim_end_matches('/');
        let (scheme, rest) = trimmed.split_once("://").ok_or_else(|| {
            Invalid::new(format!(
                "site URL {input:?} must start with http:// or https://"
            ))
        })?;
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return Err(Invalid::new(format!(
                "site URL {input:?} must use http or https"
            )));
        }
        if rest.is_empty() || rest.contains(['/', '?', '#', '@', ' ']) {
            return Err(Invalid::new(format!(
                "site URL {input:?} must be a bare origin such as https://blog.example.com (no path, query or user)"
            )));
        }
        let (host, port) = match rest.rsplit_once(':') {
            Some((host, port)) if !host.ends_with(']') || rest.starts_with('[') => {
                if port.parse::<u16>().is_err() {
                    return Err(Invalid::new(format!("site URL {input:?} has a bad port")));
                }
                (host, Some(port))
            }
            _ => (rest, None),
        };
        let host_ok = !host.is_empty()
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '[' | ']' | ':'));
        if !host_ok {
            return Err(Invalid::new(format!(
                "site URL {input:?} has a bad host name"
            )));
        }
        let host = host.to_ascii_lowercase();
        Ok(Self(match port {
            Some(port) => format!("{scheme}://{host}:{port}"),
            None => format!("{scheme}://{host}"),
        }))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_https(&self) -> bool {
        self.0.starts_with("https://")
    }
}

impl std::fmt::Display for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for Site {
    type Err = Invalid;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_form_drops_trailing_slash_and_lowercases_host() {
        let site = Site::parse("HTTPS://Blog.Example.com:8443/").unwrap();
        assert_eq!(site.as_str(), "https://blog.example.com:8443");
        assert!(site.is_https());
    }

    #[test]
    fn paths_queries_and_other_schemes_are_rejected() {
        for bad in [
            "ftp://x",
            "http://x/blog",
            "http://x?y",
            "x.com",
            "http://",
            "http://a b",
            "http://x:99999",
        ] {
            assert!(Site::parse(bad).is_err(), "{bad} should be rejected");
        }
    }
}

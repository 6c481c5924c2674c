use super::{Invalid, Locale};

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
                // Digits only, written as the number they make (`0443` is 443).
                match port.parse::<u16>() {
                    Ok(n) if n > 0 && port.bytes().all(|b| b.is_ascii_digit()) => {
                        (host, Some(n.to_string()))
                    }
                    _ => {
                        return Err(Invalid::new(format!("site URL {input:?} has a bad port")));
                    }
                }
            }
            _ => (rest, None),
        };
        // A fully qualified name's final dot names the same host.
        let host = host.strip_suffix('.').unwrap_or(host);
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

    /// The host name or address, without scheme or port.
    pub fn host(&self) -> &str {
        let rest = self.0.split_once("://").map_or(self.0.as_str(), |(_, r)| r);
        let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
        match host.strip_prefix('[') {
            // An IPv6 address in brackets, then perhaps a port.
            Some(v6) => v6.split(']').next().unwrap_or(v6),
            None => host.rsplit_once(':').map_or(host, |(h, _)| h),
        }
    }

    /// Whether a passkey made on `other` (a site's address) signs in here: browsers bind
    /// a passkey to its site's host name, whatever the scheme and port, and offer
    /// passkeys only where [`Site::offers_passkeys`].
    pub fn shares_passkeys_with(&self, other: &str) -> bool {
        self.offers_passkeys() && Site::parse(other).is_ok_and(|o| o.host() == self.host())
    }

    /// Whether browsers offer passkeys here: a host name (not an address), over HTTPS
    /// or on localhost.
    pub fn offers_passkeys(&self) -> bool {
        let host = self.host();
        let named =
            !host.is_empty() && host.parse::<std::net::IpAddr>().is_err() && !host.contains(':');
        let local = host == "localhost" || host.ends_with(".localhost");
        named && (self.is_https() || local)
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

/// Whether a registered site is served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteStatus {
    /// Served to everyone.
    Live,
    /// Answered with 503 and a message: nothing is deleted, and it can be served again.
    Suspended,
    /// Being deleted: no longer served (its hosts answer as unknown ones), its rows being
    /// erased; never served again.
    Deleting,
}

impl SiteStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Live => "live",
            Self::Suspended => "suspended",
            Self::Deleting => "deleting",
        }
    }

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        match input {
            "live" => Ok(Self::Live),
            "suspended" => Ok(Self::Suspended),
            "deleting" => Ok(Self::Deleting),
            other => Err(Invalid::new(format!("{other:?} is not a site's status"))),
        }
    }
}

/// What a site calls itself, set by its administrator: shown in every page's header,
/// `<title>` and footer, its feeds and its link previews.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteIdentity {
    /// The site's name (1 to 80 characters).
    pub title: String,
    /// A line under the name (up to 160 characters; may be empty).
    pub tagline: String,
    /// What the site is, for search engines and previews of pages that say nothing more
    /// particular (up to 300 characters; may be empty).
    pub description: String,
    /// The language of the site's pages and feeds, unless a text says otherwise.
    pub language: Locale,
    /// A line of plain text at the foot of every page (up to 300 characters).
    pub footer: String,
    /// Pages show images from the site's own files only: readers' browsers fetch
    /// nothing from other sites (their Content-Security-Policy says so), and a text that
    /// shows an image from another site is refused.
    pub own_images_only: bool,
    /// The site and its authors stay off the fediverse: no actors, WebFinger or
    /// NodeInfo, no inbox, nothing delivered.
    pub fediverse_off: bool,
    /// Published static pages go to the fediverse as posts do (articles, likes and
    /// shares counted; they take no replies, as they take no comments). Off by default.
    pub fediverse_pages: bool,
    /// Whose accounts must sign in in two steps here.
    pub second_factor_for: SecondFactorPolicy,
}

/// Whose accounts a site requires two-step sign-in of: such an account without a second
/// factor is sent to add one before anything else, and cannot write, publish or
/// moderate until it has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SecondFactorPolicy {
    #[default]
    Nobody,
    Admins,
    /// Authors and administrators.
    Staff,
    Everyone,
}

impl SecondFactorPolicy {
    pub const ALL: [Self; 4] = [Self::Nobody, Self::Admins, Self::Staff, Self::Everyone];

    /// As stored and as a form sends it: '' for nobody.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Nobody => "",
            Self::Admins => "admins",
            Self::Staff => "staff",
            Self::Everyone => "everyone",
        }
    }

    pub fn parse(text: &str) -> Result<Self, Invalid> {
        Self::ALL
            .into_iter()
            .find(|p| p.as_str() == text.trim())
            .ok_or_else(|| {
                Invalid::new(format!(
                    "No such choice of who signs in in two steps: {text:?}."
                ))
            })
    }

    /// How the choice reads on the site's settings page.
    pub fn label(self) -> &'static str {
        match self {
            Self::Nobody => "nobody (each account chooses)",
            Self::Admins => "administrators",
            Self::Staff => "authors and administrators",
            Self::Everyone => "every account",
        }
    }

    /// Whether an account of `role` must sign in in two steps.
    pub fn covers(self, role: super::Role) -> bool {
        use super::Role;
        match self {
            Self::Nobody => false,
            Self::Admins => role >= Role::Admin,
            Self::Staff => role >= Role::Author,
            Self::Everyone => true,
        }
    }
}

impl Default for SiteIdentity {
    fn default() -> Self {
        Self {
            title: "Sibyl".into(),
            tagline: String::new(),
            description: "A blog published with Sibyl.".into(),
            language: Locale::Language("en".into()),
            footer: "Powered by Sibyl".into(),
            own_images_only: false,
            fediverse_off: false,
            fediverse_pages: false,
            second_factor_for: SecondFactorPolicy::Nobody,
        }
    }
}

/// One line of plain text: surrounding and repeated white space folded, no control
/// characters, at most `max` characters.
fn line(field: &str, input: &str, max: usize) -> Result<String, Invalid> {
    if input.chars().any(|c| c.is_control() && !c.is_whitespace()) {
        return Err(Invalid::new(format!(
            "The {field} cannot hold control characters."
        )));
    }
    let text = input.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = text.chars().count();
    if count > max {
        return Err(Invalid::new(format!(
            "The {field} is {count} characters long; at most {max} fit."
        )));
    }
    Ok(text)
}

impl SiteIdentity {
    /// Checks what an administrator typed. The language is a code such as `en`, `en-GB`
    /// or `pt_BR`.
    pub fn parse(
        title: &str,
        tagline: &str,
        description: &str,
        language: &str,
        footer: &str,
    ) -> Result<Self, Invalid> {
        let title = line("title", title, 80)?;
        if title.is_empty() {
            return Err(Invalid::new("The site needs a title."));
        }
        let language = Locale::parse(&language.trim().replace('-', "_")).map_err(|_| {
            Invalid::new(format!(
                "{:?} is not a language code: use one such as en, fr or en-GB.",
                language.trim()
            ))
        })?;
        if language == Locale::Neutral {
            return Err(Invalid::new(
                "The site needs a language, such as en, fr or en-GB.",
            ));
        }
        Ok(Self {
            title,
            tagline: line("tagline", tagline, 160)?,
            description: line("description", description, 300)?,
            language,
            footer: line("footer", footer, 300)?,
            own_images_only: false,
            fediverse_off: false,
            fediverse_pages: false,
            second_factor_for: SecondFactorPolicy::Nobody,
        })
    }

    /// The language as HTML's `lang` and Atom's `xml:lang` write it (`en-GB`).
    pub fn lang(&self) -> String {
        self.language.hreflang()
    }
}

/// An origin allowed to call the API from a browser: `https://app.example.com`, or any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CorsOrigin {
    Any,
    Origin(String),
}

impl CorsOrigin {
    /// `*`, or a scheme and host (and port) without a path.
    pub fn parse(input: &str) -> Result<Self, String> {
        let input = input.trim();
        if input == "*" {
            return Ok(CorsOrigin::Any);
        }
        let url = url::Url::parse(input).map_err(|e| format!("{input:?} is not an origin: {e}"))?;
        let origin = url.origin();
        if !origin.is_tuple()
            || !matches!(url.scheme(), "http" | "https")
            || url.path() != "/"
            || input.ends_with('/')
        {
            return Err(format!(
                "{input:?} is not an origin: write a scheme and host, such as https://app.example.com"
            ));
        }
        Ok(CorsOrigin::Origin(origin.ascii_serialization()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passkeys_are_shared_by_the_sites_of_one_host_name() {
        let site = Site::parse("https://blog.example:8443").unwrap();
        assert_eq!(site.host(), "blog.example");
        assert!(site.shares_passkeys_with("http://blog.example"));
        // Over plain HTTP elsewhere than on localhost, or at an address, no browser
        // offers one.
        assert!(
            !Site::parse("http://blog.example")
                .unwrap()
                .shares_passkeys_with("https://blog.example")
        );
        assert!(
            Site::parse("http://localhost:8080")
                .unwrap()
                .offers_passkeys()
        );
        assert!(!Site::parse("https://127.0.0.1").unwrap().offers_passkeys());
        assert!(!Site::parse("https://[::1]:8443").unwrap().offers_passkeys());
        assert!(!site.shares_passkeys_with("https://other.example:8443"));
        assert!(!site.shares_passkeys_with("not a site"));
        assert_eq!(Site::parse("http://[::1]:8080").unwrap().host(), "::1");
        assert_eq!(Site::parse("http://localhost").unwrap().host(), "localhost");
    }

    #[test]
    fn an_identity_is_folded_and_checked() {
        let identity = SiteIdentity::parse(
            "  Notes   from\tthe field ",
            "Small things",
            "",
            "en-GB",
            "© 2026 The authors",
        )
        .unwrap();
        assert_eq!(identity.title, "Notes from the field");
        assert_eq!(identity.lang(), "en-GB");
        assert_eq!(identity.language.code(), "en_GB");
        assert_eq!(
            SiteIdentity::parse("T", "", "", "pt_BR", "")
                .unwrap()
                .lang(),
            "pt-BR"
        );
        for (title, language, footer) in [
            ("", "en", ""),
            ("   ", "en", ""),
            ("T", "", ""),
            ("T", "english", ""),
            ("T", "EN", ""),
            ("T", "en", "bell\u{7}"),
            (&"x".repeat(81), "en", ""),
            ("T", "en", &"y".repeat(301)),
        ] {
            assert!(
                SiteIdentity::parse(title, "", "", language, footer).is_err(),
                "{title:?} {language:?} {footer:?}"
            );
        }
        assert!(SiteIdentity::parse(&"é".repeat(80), "", "", "fr", "").is_ok());
    }

    #[test]
    fn canonical_form_drops_trailing_slash_and_lowercases_host() {
        let site = Site::parse("HTTPS://Blog.Example.com:8443/").unwrap();
        assert_eq!(site.as_str(), "https://blog.example.com:8443");
        assert!(site.is_https());
        assert_eq!(
            Site::parse("https://blog.example.com.:08443")
                .unwrap()
                .as_str(),
            "https://blog.example.com:8443"
        );
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
            "http://x:+443",
            "http://x:0",
        ] {
            assert!(Site::parse(bad).is_err(), "{bad} should be rejected");
        }
    }
}

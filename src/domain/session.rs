//! What an account's sessions record of themselves, for the account's security page: how
//! each began (a browser's sign-in, a sign-in through the JSON API, a token made on the
//! account page), the browser and system it said it was, the address it came from, and
//! when it was last seen.

use sha2::{Digest, Sha256};

/// The longest user agent kept (bytes, cut at a character's boundary).
pub const MAX_AGENT: usize = 400;

/// The longest name a token made on the account page may have (characters).
pub const MAX_LABEL: usize = 64;

/// How stale a session's "last seen" may grow: it is written again when a request finds
/// it older than this, so a busy browser costs one write every few minutes, not one per
/// request.
pub const SEEN_EVERY: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

/// How a session began.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SessionKind {
    /// A browser's sign-in (its cookie).
    #[default]
    Browser,
    /// A sign-in through the JSON API (its token).
    Api,
    /// A token made on the account page, named by its owner.
    Token,
}

impl SessionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SessionKind::Browser => "browser",
            SessionKind::Api => "api",
            SessionKind::Token => "token",
        }
    }

    /// A stored kind; a session from before kinds were kept is a browser's.
    pub fn parse(s: &str) -> SessionKind {
        match s {
            "api" => SessionKind::Api,
            "token" => SessionKind::Token,
            _ => SessionKind::Browser,
        }
    }

    /// Whether the session is an API token's (either kind).
    pub fn is_token(self) -> bool {
        self != SessionKind::Browser
    }
}

/// What a session says of itself when it begins.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SessionDetails {
    pub kind: SessionKind,
    /// The User-Agent it sent, cut to [`MAX_AGENT`].
    pub agent: String,
    /// The address it came from.
    pub address: String,
    /// A token's name (empty for the others).
    pub label: String,
    /// The site it signed in to (an account's sessions span every site of a deployment).
    pub site: String,
}

impl SessionDetails {
    pub fn new(kind: SessionKind, agent: &str, address: &str, site: &str) -> Self {
        Self {
            kind,
            agent: cut(agent, MAX_AGENT).to_owned(),
            address: cut(address, 64).to_owned(),
            label: String::new(),
            site: site.to_owned(),
        }
    }
}

/// `s` cut to at most `max` bytes, at a character's boundary.
fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// A token's name as typed: trimmed, one line, 1 to [`MAX_LABEL`] characters.
pub fn parse_label(typed: &str) -> Result<String, super::Invalid> {
    let label = typed.trim();
    if label.is_empty() {
        return Err(super::Invalid(
            "Give the token a name, such as the program that will use it.".into(),
        ));
    }
    if label.chars().count() > MAX_LABEL {
        return Err(super::Invalid(format!(
            "A token's name has at most {MAX_LABEL} characters."
        )));
    }
    if label.chars().any(char::is_control) {
        return Err(super::Invalid("A token's name is one line of text.".into()));
    }
    Ok(label.to_owned())
}

/// The name a session is shown and ended by: a digest of its store key, so that a page
/// never shows the key itself (which names a live session to whoever reads the store).
pub fn public_id(key: &[u8]) -> String {
    let mut digest = Sha256::new();
    digest.update(b"session id\0");
    digest.update(key);
    super::token::hex(&digest.finalize()[..16])
}

/// What a user agent names, as a person reads it ("Firefox 131 on Linux", "curl"), for
/// the interface to say in its reader's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Agent {
    /// No user agent was sent.
    Unnamed,
    /// A program that names only itself ("curl").
    Program(String),
    /// A browser ("Firefox 131"; `None` when it is not known), on a system ("Linux"),
    /// when that is known.
    Browser {
        name: Option<String>,
        system: Option<String>,
    },
}

/// Reads the browser and system `agent` names.
pub fn read_agent(agent: &str) -> Agent {
    if agent.trim().is_empty() {
        return Agent::Unnamed;
    }
    let parser = woothee::parser::Parser::new();
    let Some(found) = parser.parse(agent) else {
        return Agent::Browser {
            name: None,
            system: None,
        };
    };
    let known = |s: &str| !s.is_empty() && s != woothee::woothee::VALUE_UNKNOWN;
    let major = |v: &str| v.split('.').next().unwrap_or_default().to_owned();
    if found.name == "HTTP Library" && known(found.version) {
        // woothee names a library (curl, wget) by its version field, without a number.
        return Agent::Program(found.version.to_owned());
    }
    let name = match (known(found.name), known(found.version)) {
        (true, true) => Some(format!("{} {}", found.name, major(found.version))),
        (true, false) => Some(found.name.to_owned()),
        _ => None,
    };
    let system = match found.os {
        "Mac OSX" => Some("macOS".to_owned()),
        os if known(os) => Some(os.to_owned()),
        _ => None,
    };
    Agent::Browser { name, system }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_read_as_browser_and_system() {
        let browser = |name: &str, system: &str| Agent::Browser {
            name: Some(name.to_owned()),
            system: Some(system.to_owned()),
        };
        let cases = [
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
                browser("Chrome 130", "Windows 10"),
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                browser("Safari 17", "iPhone"),
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0",
                browser("Firefox 131", "Linux"),
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0",
                browser("Edge 130", "macOS"),
            ),
            ("", Agent::Unnamed),
            (
                "zzz",
                Agent::Browser {
                    name: None,
                    system: None,
                },
            ),
            ("curl/8.5.0", Agent::Program("curl".to_owned())),
        ];
        for (agent, read) in cases {
            assert_eq!(read_agent(agent), read, "{agent}");
        }
    }

    #[test]
    fn details_are_cut_at_a_character() {
        let long = "é".repeat(MAX_AGENT);
        let details = SessionDetails::new(SessionKind::Api, &long, "::1", "http://a.test");
        assert!(details.agent.len() <= MAX_AGENT);
        assert!(details.agent.chars().all(|c| c == 'é'));
        assert_eq!(details.kind, SessionKind::Api);
    }

    #[test]
    fn labels_are_one_short_line() {
        assert_eq!(parse_label("  deploy bot ").unwrap(), "deploy bot");
        assert!(parse_label("   ").is_err());
        assert!(parse_label(&"x".repeat(MAX_LABEL + 1)).is_err());
        assert!(parse_label("a\nb").is_err());
        assert_eq!(
            parse_label(&"x".repeat(MAX_LABEL)).unwrap().len(),
            MAX_LABEL
        );
    }

    #[test]
    fn public_ids_name_keys_without_showing_them() {
        let id = public_id(&[7; 32]);
        assert_eq!(id.len(), 32);
        assert_ne!(id, public_id(&[8; 32]));
        assert_eq!(id, public_id(&[7; 32]), "the same key, the same name");
        for kind in [SessionKind::Browser, SessionKind::Api, SessionKind::Token] {
            assert_eq!(SessionKind::parse(kind.as_str()), kind);
        }
        assert_eq!(SessionKind::parse(""), SessionKind::Browser);
    }
}

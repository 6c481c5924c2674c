//! Random tokens for sessions and CSRF, and the digest a session is stored under.

use sha2::{Digest, Sha256};

/// `N` random bytes from the operating system. Its random source failing is not
/// something a request can recover from: the process stops, as it would without memory.
#[expect(
    clippy::expect_used,
    reason = "the operating system's random source is relied on as memory is"
)]
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("operating system random source is unavailable");
    bytes
}

/// 32 random bytes from the operating system, hex-encoded (64 characters).
pub fn random_token() -> String {
    hex(&random_bytes::<32>())
}

/// The SHA-256 of a session token. Stores keep only this, so a copy of the database
/// does not hand out live sessions.
pub fn session_key(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// The key of a session token on a site of a deployment of many: the SHA-256 of the
/// site and the token, so that a token copied from one site's cookie names no session on
/// another.
pub fn site_session_key(site: &crate::domain::Site, token: &str) -> Vec<u8> {
    let mut digest = Sha256::new();
    digest.update(b"session\0");
    digest.update(site.as_str().as_bytes());
    digest.update(b"\0");
    digest.update(token.as_bytes());
    digest.finalize().to_vec()
}

/// How long a password reset link works.
pub const RESET_LINK_MINUTES: i64 = 60;

/// How long a link confirming a new e-mail address works.
pub const CONFIRM_LINK_HOURS: i64 = 24;

/// The SHA-256 of a mailed link's token (a password reset, an address to confirm): what
/// the store keeps of it. A token no link carries (links carry 64 hexadecimal digits) is
/// given a key no record has (one byte), so that nothing else kept in the same table, a
/// sign-in's ticket whose key is the digest of other words, can be sent as a link.
pub fn reset_key(token: &str) -> Vec<u8> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return vec![0];
    }
    session_key(token)
}

/// How long the second step of a sign-in waits for its code.
pub const SIGN_IN_TICKET_MINUTES: i64 = 10;

/// The key of a sign-in's ticket on a site (its password passed, its second step to come):
/// the digest of words no link's token is (see [`reset_key`]), so that neither works as
/// the other.
pub fn sign_in_ticket_key(site: &crate::domain::Site, token: &str) -> Vec<u8> {
    let mut digest = Sha256::new();
    digest.update(b"sign-in ticket\0");
    digest.update(site.as_str().as_bytes());
    digest.update(b"\0");
    digest.update(token.as_bytes());
    digest.finalize().to_vec()
}

/// What a password reset link checks its account against when used: the digest of its
/// password hash and e-mail address, which a change of either (a use of another link
/// included) changes.
pub fn reset_stamp(user: &super::User) -> String {
    let mut digest = Sha256::new();
    digest.update(user.password_hash.as_str().as_bytes());
    digest.update(b"\n");
    digest.update(user.email.key().as_bytes());
    hex(&digest.finalize())
}

/// What a browser's CSRF token is bound to: the session it is signed in with, or, before
/// that, the random id its CSRF cookie carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CsrfBinding<'a> {
    Session(&'a str),
    PreSession(&'a str),
}

/// A browser's CSRF token: an HMAC of what it is bound to under the site's secret. A
/// token planted in a cookie matches nothing, and a token seen by one session is worth
/// nothing to another.
#[expect(clippy::expect_used, reason = "HMAC accepts keys of any length")]
pub fn csrf_token(secret: &[u8], binding: CsrfBinding<'_>) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC accepts keys of any length");
    let (kind, value) = match binding {
        CsrfBinding::Session(token) => ("session", token),
        CsrfBinding::PreSession(id) => ("pre-session", id),
    };
    mac.update(format!("csrf\0{kind}\0{value}").as_bytes());
    hex(&mac.finalize().into_bytes())
}

/// What a browser keeps of each account that signed in with it, so that a sign-in from
/// another browser can be told to the account: an HMAC under the site's secret of the
/// account and its password hash (32 hex digits), which names the account to nobody
/// without the secret, and which a change of password makes unknown (a browser that
/// signed in with a stolen password is told of again after the owner changes it).
#[expect(clippy::expect_used, reason = "HMAC accepts keys of any length")]
pub fn known_browser_mark(secret: &[u8], user: &super::User) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC accepts keys of any length");
    mac.update(b"known browser\0");
    mac.update(user.id.0.as_bytes());
    mac.update(b"\0");
    mac.update(user.password_hash.as_str().as_bytes());
    hex(&mac.finalize().into_bytes()[..16])
}

/// A uniformly random number below `bound` (for picking among candidates, not secrets).
pub fn random_below(bound: u64) -> u64 {
    // The modulo bias is below 2^-50 for the small bounds used here.
    u64::from_le_bytes(random_bytes::<8>()) % bound.max(1)
}

/// The 16 bytes a name always gives: the start of its SHA-256. Ids of records brought
/// in from another system are made from the source's own ids this way, so importing the
/// same thing twice names it the same twice.
pub fn name_bytes(name: &str) -> [u8; 16] {
    let digest = Sha256::digest(name.as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    bytes
}

/// A version-4-shaped UUID that is always the same for `name` (see [`name_bytes`]).
pub fn named_uuid(name: &str) -> uuid::Uuid {
    uuid::Builder::from_random_bytes(name_bytes(name)).into_uuid()
}

pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 0x0f)] as char);
    }
    out
}

/// Decodes lowercase or uppercase hex of at most 4 KiB of bytes; anything else is `None`.
pub fn unhex(hex: &str) -> Option<Vec<u8>> {
    if hex.is_empty() || !hex.len().is_multiple_of(2) || hex.len() > 8192 {
        return None;
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Compares two tokens in time that depends only on their lengths.
pub fn tokens_match(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() || a.is_empty() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csrf_tokens_are_bound_to_a_session_or_a_pre_session_under_the_secret() {
        let session = CsrfBinding::Session("aa");
        let token = csrf_token(b"secret", session);
        assert_eq!(token.len(), 64);
        assert_eq!(token, csrf_token(b"secret", session));
        assert_ne!(token, csrf_token(b"other secret", session));
        assert_ne!(token, csrf_token(b"secret", CsrfBinding::Session("ab")));
        assert_ne!(token, csrf_token(b"secret", CsrfBinding::PreSession("aa")));
    }

    #[test]
    fn only_a_links_token_names_a_link() {
        let token = random_token();
        assert_eq!(reset_key(&token), session_key(&token));
        let site = crate::domain::Site::parse("http://blog.example").unwrap();
        // The words a ticket's key is the digest of, sent as a link's token.
        let ticket = format!("sign-in ticket\0{}\0{token}", site.as_str());
        assert_eq!(session_key(&ticket), sign_in_ticket_key(&site, &token));
        assert_eq!(reset_key(&ticket), vec![0]);
        for bad in [
            "",
            "abc",
            &token[1..],
            &format!("{token}0"),
            &"g".repeat(64),
        ] {
            assert_eq!(reset_key(bad), vec![0], "{bad:?}");
        }
    }

    #[test]
    fn tokens_are_64_hex_characters_and_differ() {
        let (a, b) = (random_token(), random_token());
        assert_eq!(a.len(), 64);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn hex_round_trips_and_rejects_garbage() {
        assert_eq!(unhex(&hex(&[0, 1, 254, 255])), Some(vec![0, 1, 254, 255]));
        for bad in ["", "a", "zz", "0g", "é1"] {
            assert_eq!(unhex(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn token_comparison() {
        assert!(tokens_match("abc", "abc"));
        assert!(!tokens_match("abc", "abd"));
        assert!(!tokens_match("abc", "abcd"));
        assert!(!tokens_match("", ""));
    }
}

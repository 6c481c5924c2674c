//! The JSON API's tokens: JSON Web Tokens signed with HMAC-SHA256 under the site's own
//! secret (RFC 7519, algorithm HS256 only).
//!
//! A token names an account and one of its sessions (a random token, which the store
//! keeps under [`session_key`]), the site it was made for, and when it expires. The signature lets a forged or altered token be refused without a read; the
//! session is what logging out and a change of password end, so that a token stops
//! working then, before it expires.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use uuid::Uuid;

/// The only header a token of this site has: anything else (`"alg":"none"`, another
/// algorithm, extra fields) is refused before its signature is even checked.
const HEADER: &str = r#"{"alg":"HS256","typ":"JWT"}"#;

/// The longest token read: a token of this site is about 300 characters.
const MAX_TOKEN: usize = 1024;

/// What a token says.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claims {
    /// The account.
    pub sub: Uuid,
    /// The session's token (64 hex digits), which the store keeps under [`session_key`].
    pub sid: String,
    /// The site's base URL.
    pub iss: String,
    /// When it was made and when it expires, in seconds since 1970.
    pub iat: i64,
    pub exp: i64,
}

/// Why a token is refused; each reads as the reason given to the client.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("the token is not a token of this site")]
    Malformed,
    #[error("the token's signature does not match")]
    Signature,
    #[error("the token was made for another site")]
    OtherSite,
    #[error("the token has expired; sign in again")]
    Expired,
}

#[expect(clippy::expect_used, reason = "HMAC accepts keys of any length")]
fn mac(secret: &[u8]) -> Hmac<Sha256> {
    // HMAC takes a key of any length.
    Hmac::<Sha256>::new_from_slice(secret).expect("HMAC accepts keys of any length")
}

/// The key a token's session is stored under: an HMAC of its session token under the
/// site's secret. A browser's session is stored under the SHA-256 of its cookie, so the
/// session token a token carries never works as a cookie (nor a cookie's as a token);
/// and a copy of the store hands out no live session, holding neither.
pub fn session_key(secret: &[u8], sid: &str) -> Vec<u8> {
    let mut mac = mac(secret);
    mac.update(b"api session\n");
    mac.update(sid.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// Signs `claims` with `secret`.
#[expect(clippy::expect_used, reason = "plain records always serialize to JSON")]
pub fn sign(claims: &Claims, secret: &[u8]) -> String {
    let body = serde_json::to_vec(claims).expect("claims serialize");
    let signed = format!(
        "{}.{}",
        URL_SAFE_NO_PAD.encode(HEADER),
        URL_SAFE_NO_PAD.encode(body)
    );
    let mut mac = mac(secret);
    mac.update(signed.as_bytes());
    let signature = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
    format!("{signed}.{signature}")
}

/// Checks a token's form, signature (in constant time), site and expiry at `now`, and
/// returns what it says.
pub fn verify(
    token: &str,
    secret: &[u8],
    site: &str,
    now: DateTime<Utc>,
) -> Result<Claims, TokenError> {
    if token.len() > MAX_TOKEN {
        return Err(TokenError::Malformed);
    }
    let mut parts = token.split('.');
    let (Some(header), Some(body), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(TokenError::Malformed);
    };
    let decoded_header = URL_SAFE_NO_PAD
        .decode(header)
        .map_err(|_| TokenError::Malformed)?;
    if decoded_header != HEADER.as_bytes() {
        return Err(TokenError::Malformed);
    }
    let signature = URL_SAFE_NO_PAD
        .decode(signature)
        .map_err(|_| TokenError::Malformed)?;
    let mut mac = mac(secret);
    mac.update(&token.as_bytes()[..header.len() + 1 + body.len()]);
    mac.verify_slice(&signature)
        .map_err(|_| TokenError::Signature)?;
    let body = URL_SAFE_NO_PAD
        .decode(body)
        .map_err(|_| TokenError::Malformed)?;
    let claims: Claims = serde_json::from_slice(&body).map_err(|_| TokenError::Malformed)?;
    if claims.iss != site {
        return Err(TokenError::OtherSite);
    }
    if claims.exp <= now.timestamp() {
        return Err(TokenError::Expired);
    }
    Ok(claims)
}

/// The token an `Authorization` header carries: `Token <jwt>`, as the RealWorld
/// specification writes it (`Bearer <jwt>` is read too). `None`: the header names
/// another scheme or nothing.
pub fn from_header(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (["Token", "Bearer"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
        && !token.is_empty())
    .then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(exp: i64) -> Claims {
        Claims {
            sub: Uuid::from_u128(7),
            sid: "ab".repeat(32),
            iss: "https://blog.example".into(),
            iat: 1_000,
            exp,
        }
    }

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(seconds, 0).unwrap()
    }

    #[test]
    fn a_signed_token_verifies_until_it_expires() {
        let token = sign(&claims(2_000), b"secret");
        assert_eq!(token.split('.').count(), 3);
        assert_eq!(
            verify(&token, b"secret", "https://blog.example", at(1_999)),
            Ok(claims(2_000))
        );
        assert_eq!(
            verify(&token, b"secret", "https://blog.example", at(2_000)),
            Err(TokenError::Expired)
        );
    }

    #[test]
    fn another_secret_site_or_altered_body_is_refused() {
        let token = sign(&claims(2_000), b"secret");
        let now = at(1_500);
        assert_eq!(
            verify(&token, b"other", "https://blog.example", now),
            Err(TokenError::Signature)
        );
        assert_eq!(
            verify(&token, b"secret", "https://other.example", now),
            Err(TokenError::OtherSite)
        );
        // Another account's id put in the body, the signature kept.
        let parts: Vec<&str> = token.split('.').collect();
        let mut forged = claims(2_000);
        forged.sub = Uuid::from_u128(8);
        let body = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&forged).unwrap());
        let altered = format!("{}.{}.{}", parts[0], body, parts[2]);
        assert_eq!(
            verify(&altered, b"secret", "https://blog.example", now),
            Err(TokenError::Signature)
        );
    }

    #[test]
    fn unsigned_and_malformed_tokens_are_refused() {
        let now = at(1_500);
        let body = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims(2_000)).unwrap());
        let none = format!(
            "{}.{}.",
            URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#),
            body
        );
        for token in [
            none.as_str(),
            "",
            "a.b",
            "a.b.c.d",
            "!!.??.**",
            &"x".repeat(MAX_TOKEN + 1),
        ] {
            assert_eq!(
                verify(token, b"secret", "https://blog.example", now),
                Err(TokenError::Malformed),
                "{token}"
            );
        }
    }

    #[test]
    fn the_header_names_the_token_scheme() {
        assert_eq!(from_header("Token abc.def.ghi"), Some("abc.def.ghi"));
        assert_eq!(from_header("Bearer abc.def.ghi"), Some("abc.def.ghi"));
        assert_eq!(from_header("token  abc "), Some("abc"));
        assert_eq!(from_header("Basic dXNlcjpwYXNz"), None);
        assert_eq!(from_header("Token "), None);
        assert_eq!(from_header("abc.def.ghi"), None);
    }
}

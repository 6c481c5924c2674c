//! HTTP signatures as the fediverse sends them (draft-cavage-http-signatures-12, the
//! `Signature` header Mastodon, Lemmy, GoToSocial and bovine make): the signing string of
//! a request, a `Signature` header made with an actor's key, and a received one read and
//! checked. Which key a `keyId` names is for the caller to find (by fetching it and
//! reading its `owner`, never by parsing the id).

use super::keys::{ActorKey, RemoteKey};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};

/// How old a signed request's `Date` may be (Mastodon's window).
pub const MAX_AGE: Duration = Duration::hours(12);
/// How far ahead of our clock a signed request's `Date` may be.
pub const MAX_SKEW: Duration = Duration::hours(1);
/// The longest `Signature` header read.
pub const MAX_HEADER: usize = 8 * 1024;

/// Why a signature was not accepted: each a 401 with this text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the request is not signed")]
    Missing,
    #[error("the Signature header cannot be read: {0}")]
    Malformed(String),
    #[error(
        "the signature uses {0:?}, which is not supported (rsa-sha256 and hs2019 with an RSA key are)"
    )]
    Algorithm(String),
    #[error("the signature does not cover {0}")]
    Uncovered(&'static str),
    #[error("the signed header {0:?} is not in the request")]
    Absent(String),
    #[error("the request's date is outside the accepted window")]
    Stale,
    #[error("the body does not match its digest")]
    Digest,
    #[error("the signature does not match the key")]
    Mismatch,
}

/// A request as far as its signature is concerned.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    /// `GET`, `POST`.
    pub method: &'a str,
    /// The path and query as sent (`/inbox`, `/users/1?page=2`).
    pub target: &'a str,
    /// Every header, in order (names in any case; repeated names allowed).
    pub headers: &'a [(String, String)],
}

/// The values of header `name` among `headers`, joined as both signature schemes sign
/// them (each trimmed, then `, `): draft-cavage §2.3, RFC 9421 §2.1.
pub(super) fn joined(headers: &[(String, String)], name: &str) -> Option<String> {
    let values: Vec<&str> = headers
        .iter()
        .filter(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.trim())
        .collect();
    (!values.is_empty()).then(|| values.join(", "))
}

impl Request<'_> {
    fn header(&self, name: &str) -> Option<String> {
        joined(self.headers, name)
    }
}

/// A `Signature` header, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub key_id: String,
    pub algorithm: Option<String>,
    /// The covered headers, lower case, in the order signed (`date` if none were named).
    pub headers: Vec<String>,
    pub signature: Vec<u8>,
    pub created: Option<i64>,
    pub expires: Option<i64>,
}

/// Reads a `Signature` header (`keyId="…",algorithm="…",headers="…",signature="…"`).
pub fn parse(value: &str) -> Result<Parsed, SignatureError> {
    if value.len() > MAX_HEADER {
        return Err(SignatureError::Malformed("it is too long".into()));
    }
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut rest = value.trim();
    while !rest.is_empty() {
        let (name, after) = rest
            .split_once('=')
            .ok_or_else(|| SignatureError::Malformed(format!("no value after {rest:?}")))?;
        let name = name.trim().to_ascii_lowercase();
        let after = after.trim_start();
        let (field, after) = if let Some(quoted) = after.strip_prefix('"') {
            let end = quoted
                .find('"')
                .ok_or_else(|| SignatureError::Malformed(format!("{name} is not closed")))?;
            (quoted[..end].to_owned(), &quoted[end + 1..])
        } else {
            // Unquoted: `created` and `expires` are numbers.
            let end = after.find(',').unwrap_or(after.len());
            (after[..end].trim().to_owned(), &after[end..])
        };
        if fields.iter().any(|(n, _)| *n == name) {
            return Err(SignatureError::Malformed(format!("{name} is given twice")));
        }
        fields.push((name, field));
        let after = after.trim_start();
        rest = match after.strip_prefix(',') {
            Some(next) => next.trim_start(),
            None if after.is_empty() => after,
            None => {
                return Err(SignatureError::Malformed(format!(
                    "unexpected {after:?} after a value"
                )));
            }
        };
    }
    let take = |name: &str| {
        fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let number = |name: &str| -> Result<Option<i64>, SignatureError> {
        take(name)
            .map(|v| {
                v.parse::<i64>()
                    .map_err(|_| SignatureError::Malformed(format!("{name} is not a number")))
            })
            .transpose()
    };
    let key_id = take("keyid")
        .filter(|k| !k.is_empty())
        .ok_or_else(|| SignatureError::Malformed("it names no keyId".into()))?;
    let signature = take("signature")
        .ok_or_else(|| SignatureError::Malformed("it carries no signature".into()))
        .and_then(|s| {
            STANDARD
                .decode(s.trim())
                .map_err(|_| SignatureError::Malformed("the signature is not base64".into()))
        })?;
    let headers = match take("headers") {
        Some(list) => list
            .split_ascii_whitespace()
            .map(str::to_ascii_lowercase)
            .collect(),
        None => vec!["date".to_owned()],
    };
    if headers.is_empty() {
        return Err(SignatureError::Malformed("it covers no header".into()));
    }
    Ok(Parsed {
        key_id,
        algorithm: take("algorithm"),
        headers,
        signature,
        created: number("created")?,
        expires: number("expires")?,
    })
}

/// The string a signature covers: one `name: value` line per covered header.
pub fn signing_string(
    request: &Request<'_>,
    covered: &[String],
    created: Option<i64>,
    expires: Option<i64>,
) -> Result<String, SignatureError> {
    let mut lines = Vec::with_capacity(covered.len());
    for name in covered {
        let value = match name.as_str() {
            "(request-target)" => {
                format!("{} {}", request.method.to_ascii_lowercase(), request.target)
            }
            "(created)" => created
                .ok_or(SignatureError::Absent("(created)".into()))?
                .to_string(),
            "(expires)" => expires
                .ok_or(SignatureError::Absent("(expires)".into()))?
                .to_string(),
            header => request
                .header(header)
                .ok_or_else(|| SignatureError::Absent(header.to_owned()))?,
        };
        lines.push(format!("{name}: {value}"));
    }
    Ok(lines.join("\n"))
}

/// `SHA-256=<base64>`: the `Digest` header of a body.
pub fn digest(body: &[u8]) -> String {
    format!("SHA-256={}", STANDARD.encode(Sha256::digest(body)))
}

/// Whether a `Digest` (`SHA-256=…`) or `Content-Digest` (`sha-256=:…:`, `sha-512=:…:`)
/// header holds the body's hash. Other algorithms in the header are passed over; at least
/// one SHA-256 or SHA-512 must be there, and every one there must match.
pub fn digest_matches(header: &str, body: &[u8]) -> bool {
    let mut seen = false;
    for item in header.split(',') {
        let Some((algorithm, value)) = item.trim().split_once('=') else {
            continue;
        };
        let ours: Vec<u8> = match algorithm.trim().to_ascii_lowercase().as_str() {
            "sha-256" => Sha256::digest(body).to_vec(),
            "sha-512" => sha2::Sha512::digest(body).to_vec(),
            _ => continue,
        };
        let value = value.trim().trim_matches(':');
        match STANDARD.decode(value) {
            Ok(theirs) if theirs == ours => seen = true,
            _ => return false,
        }
    }
    seen
}

/// Signs a request as an actor: the `Signature` header's value, covering
/// `(request-target)` and every header given (which the request must then carry as
/// given: for a POST, `host`, `date` and `digest`).
pub fn sign(key: &ActorKey, key_id: &str, request: &Request<'_>) -> Result<String, SignatureError> {
    let mut covered = vec!["(request-target)".to_owned()];
    covered.extend(request.headers.iter().map(|(n, _)| n.to_ascii_lowercase()));
    covered.dedup();
    let text = signing_string(request, &covered, None, None)?;
    let signature = key
        .sign(text.as_bytes())
        .map_err(SignatureError::Malformed)?;
    Ok(format!(
        "keyId=\"{key_id}\",algorithm=\"rsa-sha256\",headers=\"{}\",signature=\"{}\"",
        covered.join(" "),
        STANDARD.encode(signature)
    ))
}

/// Checks a received signature against the key its `keyId` named: the algorithm is one
/// read here, it covers the request target and the host, a date (or `(created)`) inside
/// the window, and for a request with a body its digest (which the caller checked
/// against the body with [`digest_matches`]); then the signature itself.
pub fn verify(
    parsed: &Parsed,
    request: &Request<'_>,
    key: &RemoteKey,
    has_body: bool,
    now: DateTime<Utc>,
) -> Result<(), SignatureError> {
    match parsed.algorithm.as_deref().map(str::to_ascii_lowercase) {
        None => {}
        Some(a) if a == "rsa-sha256" || a == "hs2019" => {}
        Some(other) => return Err(SignatureError::Algorithm(other)),
    }
    let covers = |name: &str| parsed.headers.iter().any(|h| h == name);
    if !covers("(request-target)") {
        return Err(SignatureError::Uncovered("the request target"));
    }
    if !covers("host") {
        return Err(SignatureError::Uncovered("the host"));
    }
    if has_body && !covers("digest") && !covers("content-digest") {
        return Err(SignatureError::Uncovered("the body's digest"));
    }
    let when = if covers("date") {
        let date = request
            .header("date")
            .ok_or_else(|| SignatureError::Absent("date".into()))?;
        DateTime::parse_from_rfc2822(&date)
            .map_err(|_| SignatureError::Malformed("its date cannot be read".into()))?
            .with_timezone(&Utc)
    } else if covers("(created)") {
        parsed
            .created
            .and_then(|s| DateTime::from_timestamp(s, 0))
            .ok_or(SignatureError::Absent("(created)".into()))?
    } else {
        return Err(SignatureError::Uncovered("a date"));
    };
    if when < now - MAX_AGE || when > now + MAX_SKEW {
        return Err(SignatureError::Stale);
    }
    if let Some(expires) = parsed.expires
        && covers("(expires)")
        && expires < now.timestamp()
    {
        return Err(SignatureError::Stale);
    }
    let text = signing_string(request, &parsed.headers, parsed.created, parsed.expires)?;
    if key.verifies(text.as_bytes(), &parsed.signature) {
        Ok(())
    } else {
        Err(SignatureError::Mismatch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::federation::keys::generate;

    fn headers(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect()
    }

    /// draft-cavage-http-signatures-12 §2.3's own example of a signing string: the
    /// request target in lower case, repeated headers joined, values trimmed.
    #[test]
    fn the_signing_string_is_the_drafts_example() {
        let headers = headers(&[
            ("Host", "example.org"),
            ("Date", "Tue, 07 Jun 2014 20:51:35 GMT"),
            ("X-Example", "Example header with some whitespace.  "),
            ("Cache-Control", "max-age=60"),
            ("Cache-Control", "must-revalidate"),
        ]);
        let request = Request {
            method: "GET",
            target: "/foo",
            headers: &headers,
        };
        let covered: Vec<String> = "(request-target) host date cache-control x-example"
            .split(' ')
            .map(str::to_owned)
            .collect();
        assert_eq!(
            signing_string(&request, &covered, None, None).unwrap(),
            "(request-target): get /foo\nhost: example.org\ndate: Tue, 07 Jun 2014 20:51:35 GMT\n\
             cache-control: max-age=60, must-revalidate\nx-example: Example header with some whitespace."
        );
    }

    #[test]
    fn a_header_is_read_whatever_its_spacing_and_case() {
        let parsed = parse(
            "keyId=\"https://a.example/users/x#main-key\", algorithm=\"hs2019\",\
             headers=\"(request-target) Host date\", signature=\"AAEC\", created=1402170695",
        )
        .unwrap();
        assert_eq!(parsed.key_id, "https://a.example/users/x#main-key");
        assert_eq!(parsed.algorithm.as_deref(), Some("hs2019"));
        assert_eq!(parsed.headers, ["(request-target)", "host", "date"]);
        assert_eq!(parsed.signature, [0, 1, 2]);
        assert_eq!(parsed.created, Some(1_402_170_695));
        for bad in [
            "",
            "keyId=\"k\"",
            "signature=\"AAEC\"",
            "keyId=\"k\",signature=\"not base64!\"",
            "keyId=\"k,signature=\"AAEC\"",
            "keyId=\"k\",keyId=\"j\",signature=\"AAEC\"",
            "keyId=\"k\" signature=\"AAEC\"",
            "keyId=\"k\",signature=\"AAEC\",created=soon",
        ] {
            assert!(
                matches!(parse(bad), Err(SignatureError::Malformed(_))),
                "{bad:?}"
            );
        }
        assert!(parse(&"a".repeat(MAX_HEADER + 1)).is_err());
    }

    #[test]
    fn digests_are_made_and_checked_in_both_headers() {
        let body = b"{\"hello\": \"world\"}";
        // RFC 9530 §B's example body and its sha-256 digest.
        assert!(digest_matches(
            "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:",
            body
        ));
        assert_eq!(
            digest(body),
            "SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE="
        );
        assert!(digest_matches(&digest(body), body));
        assert!(digest_matches(&format!("MD5=abc, {}", digest(body)), body));
        assert!(!digest_matches(&digest(b"other"), body));
        assert!(!digest_matches("MD5=abc", body));
        assert!(!digest_matches("SHA-256=!!!", body));
        // RFC 9421 B.2's request: its Content-Digest is a SHA-512.
        assert!(digest_matches(
            "sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:",
            body
        ));
    }

    #[test]
    fn a_signed_post_verifies_and_any_change_to_it_does_not() {
        let key = ActorKey::from_pkcs8(&generate().unwrap()).unwrap();
        let public = key.remote().unwrap();
        let now = Utc::now();
        let date = now.format("%a, %d %b %Y %H:%M:%S GMT").to_string();
        let body = br#"{"type":"Follow"}"#;
        let signed = headers(&[
            ("host", "blog.example"),
            ("date", &date),
            ("digest", &digest(body)),
        ]);
        let request = Request {
            method: "POST",
            target: "/ap/inbox",
            headers: &signed,
        };
        let value = sign(&key, "https://peer.example/actor#main-key", &request).unwrap();
        let parsed = parse(&value).unwrap();
        assert_eq!(parsed.key_id, "https://peer.example/actor#main-key");
        assert_eq!(
            parsed.headers,
            ["(request-target)", "host", "date", "digest"]
        );
        assert_eq!(verify(&parsed, &request, &public, true, now), Ok(()));

        let elsewhere = Request {
            target: "/ap/users/1/inbox",
            ..request.clone()
        };
        assert_eq!(
            verify(&parsed, &elsewhere, &public, true, now),
            Err(SignatureError::Mismatch)
        );
        let other_host = headers(&[
            ("host", "evil.example"),
            ("date", &date),
            ("digest", &digest(body)),
        ]);
        let moved = Request {
            headers: &other_host,
            ..request.clone()
        };
        assert_eq!(
            verify(&parsed, &moved, &public, true, now),
            Err(SignatureError::Mismatch)
        );
        let stranger = ActorKey::from_pkcs8(&generate().unwrap()).unwrap();
        assert_eq!(
            verify(&parsed, &request, &stranger.remote().unwrap(), true, now),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify(&parsed, &request, &public, true, now + Duration::hours(13)),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify(&parsed, &request, &public, true, now - Duration::hours(2)),
            Err(SignatureError::Stale)
        );
        let mut weak = parsed.clone();
        weak.headers.retain(|h| h != "digest");
        assert_eq!(
            verify(&weak, &request, &public, true, now),
            Err(SignatureError::Uncovered("the body's digest"))
        );
        let mut untargeted = parsed.clone();
        untargeted.headers.remove(0);
        assert_eq!(
            verify(&untargeted, &request, &public, true, now),
            Err(SignatureError::Uncovered("the request target"))
        );
        let mut other_algorithm = parsed;
        other_algorithm.algorithm = Some("ed25519".into());
        assert_eq!(
            verify(&other_algorithm, &request, &public, true, now),
            Err(SignatureError::Algorithm("ed25519".into()))
        );
    }
}

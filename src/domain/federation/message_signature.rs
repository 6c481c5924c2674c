//! HTTP Message Signatures (RFC 9421), as newer fediverse servers send them: the
//! `Signature-Input` and `Signature` fields read (structured fields, by `sfv`), the
//! signature base of a request built from its covered components, and a signature
//! checked against the key its `keyid` names. Requests only; of the component parameters,
//! `name` (for `@query-param`) is read, and a field asked for in another form (`sf`,
//! `key`, `bs`, `req`, `tr`) is refused as unsupported.

use super::keys::{Algorithm, RemoteKey};
use super::signature::{MAX_AGE, MAX_HEADER, MAX_SKEW, SignatureError};
use chrono::{DateTime, Utc};
use sfv::{BareItem, Dictionary, InnerList, ListEntry, ListSerializer, Parser};

/// A request as far as its signature is concerned.
#[derive(Debug, Clone)]
pub struct Message<'a> {
    pub method: &'a str,
    /// `https` or `http`: how the request reached the site.
    pub scheme: &'a str,
    /// The path and query as sent.
    pub target: &'a str,
    /// Every header, in order (names in any case; repeated names allowed).
    pub headers: &'a [(String, String)],
}

impl Message<'_> {
    fn field(&self, name: &str) -> Option<String> {
        super::signature::joined(self.headers, name)
    }

    fn authority(&self) -> Result<String, SignatureError> {
        self.field("host")
            .map(|h| h.to_ascii_lowercase())
            .ok_or_else(|| SignatureError::Absent("host".into()))
    }

    fn path(&self) -> &str {
        let path = self.target.split('?').next().unwrap_or("");
        if path.is_empty() { "/" } else { path }
    }

    fn query(&self) -> &str {
        self.target.split_once('?').map_or("", |(_, q)| q)
    }
}

/// One signature of a message: its label, what it covers and says of itself, and the
/// signature's bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct Signed {
    pub label: String,
    input: InnerList,
    pub key_id: String,
    pub algorithm: Option<String>,
    pub created: Option<i64>,
    pub expires: Option<i64>,
    pub signature: Vec<u8>,
}

fn malformed(why: impl Into<String>) -> SignatureError {
    SignatureError::Malformed(why.into())
}

/// Reads the `Signature-Input` and `Signature` fields: each labelled signature with its
/// input, in the order given.
pub fn parse(input: &str, signature: &str) -> Result<Vec<Signed>, SignatureError> {
    if input.len() > MAX_HEADER || signature.len() > MAX_HEADER {
        return Err(malformed("it is too long"));
    }
    let inputs: Dictionary = Parser::new(input)
        .parse()
        .map_err(|e| malformed(format!("Signature-Input: {e}")))?;
    let signatures: Dictionary = Parser::new(signature)
        .parse()
        .map_err(|e| malformed(format!("Signature: {e}")))?;
    let mut found = Vec::new();
    for (label, entry) in &inputs {
        let ListEntry::InnerList(list) = entry else {
            return Err(malformed(format!(
                "{} is not a list of components",
                label.as_str()
            )));
        };
        let bytes = match signatures.get(label) {
            Some(ListEntry::Item(item)) => match &item.bare_item {
                BareItem::ByteSequence(bytes) => bytes.clone(),
                _ => {
                    return Err(malformed(format!(
                        "{} is not a byte sequence",
                        label.as_str()
                    )));
                }
            },
            _ => return Err(malformed(format!("{} has no signature", label.as_str()))),
        };
        let string = |name: &str| {
            list.params.get(name).and_then(|v| match v {
                BareItem::String(s) => Some(s.as_str().to_owned()),
                _ => None,
            })
        };
        let integer = |name: &str| {
            list.params.get(name).and_then(|v| match v {
                BareItem::Integer(i) => Some(i64::from(*i)),
                _ => None,
            })
        };
        for item in &list.items {
            if !matches!(item.bare_item, BareItem::String(_)) {
                return Err(malformed("a component is not a string"));
            }
        }
        found.push(Signed {
            label: label.as_str().to_owned(),
            key_id: string("keyid").ok_or_else(|| malformed("it names no keyid"))?,
            algorithm: string("alg"),
            created: integer("created"),
            expires: integer("expires"),
            input: list.clone(),
            signature: bytes,
        });
    }
    if found.is_empty() {
        return Err(SignatureError::Missing);
    }
    Ok(found)
}

impl Signed {
    /// The covered components' names, in order.
    pub fn covers(&self) -> Vec<String> {
        self.input
            .items
            .iter()
            .filter_map(|item| match &item.bare_item {
                BareItem::String(s) => Some(s.as_str().to_owned()),
                _ => None,
            })
            .collect()
    }

    /// The signature base (RFC 9421 §2.5): a line per covered component, then
    /// `@signature-params`.
    pub fn base(&self, message: &Message<'_>) -> Result<String, SignatureError> {
        let mut lines = Vec::new();
        for item in &self.input.items {
            let BareItem::String(name) = &item.bare_item else {
                return Err(malformed("a component is not a string"));
            };
            let name = name.as_str();
            let mut id = ListSerializer::new();
            id.members(std::iter::once(&ListEntry::Item(item.clone())));
            let id = id.finish().unwrap_or_default();
            if let Some((param, _)) = item.params.iter().find(|(k, _)| k.as_str() != "name") {
                return Err(SignatureError::Algorithm(format!(
                    "a component's parameter {}",
                    param.as_str()
                )));
            }
            let values: Vec<String> = match name {
                "@method" => vec![message.method.to_owned()],
                "@authority" => vec![message.authority()?],
                "@scheme" => vec![message.scheme.to_ascii_lowercase()],
                "@target-uri" => vec![format!(
                    "{}://{}{}",
                    message.scheme.to_ascii_lowercase(),
                    message.authority()?,
                    message.target
                )],
                "@request-target" => vec![message.target.to_owned()],
                "@path" => vec![message.path().to_owned()],
                "@query" => vec![format!("?{}", message.query())],
                "@query-param" => {
                    let wanted = match item.params.get("name") {
                        Some(BareItem::String(n)) => n.as_str().to_owned(),
                        _ => return Err(malformed("@query-param names no parameter")),
                    };
                    let found: Vec<String> =
                        url::form_urlencoded::parse(message.query().as_bytes())
                            .filter(|(n, _)| *n == wanted)
                            .map(|(_, v)| {
                                url::form_urlencoded::byte_serialize(v.as_bytes())
                                    .collect::<String>()
                                    .replace('+', "%20")
                            })
                            .collect();
                    if found.is_empty() {
                        return Err(SignatureError::Absent(format!(
                            "the query parameter {wanted}"
                        )));
                    }
                    found
                }
                derived if derived.starts_with('@') => {
                    return Err(SignatureError::Algorithm(format!(
                        "the component {derived}"
                    )));
                }
                field => {
                    if field.chars().any(|c| c.is_ascii_uppercase()) {
                        return Err(malformed(format!("{field} is not in lower case")));
                    }
                    vec![
                        message
                            .field(field)
                            .ok_or_else(|| SignatureError::Absent(field.to_owned()))?,
                    ]
                }
            };
            for value in values {
                if value.contains('\n') || value.contains('\r') {
                    return Err(malformed("a component's value spans lines"));
                }
                lines.push(format!("{id}: {value}"));
            }
        }
        let mut params = ListSerializer::new();
        params.members(std::iter::once(&ListEntry::InnerList(self.input.clone())));
        lines.push(format!(
            "\"@signature-params\": {}",
            params.finish().unwrap_or_default()
        ));
        Ok(lines.join("\n"))
    }

    /// Whether the signature is `key`'s over the message, by the algorithm it names (or
    /// the key's own when it names none).
    pub fn matches(&self, message: &Message<'_>, key: &RemoteKey) -> Result<(), SignatureError> {
        let algorithm = match &self.algorithm {
            None => key.default_algorithm(),
            Some(name) => {
                Algorithm::parse(name).ok_or_else(|| SignatureError::Algorithm(name.clone()))?
            }
        };
        self.matches_as(message, key, algorithm)
    }

    /// Whether the signature is `key`'s over the message by `algorithm` (what a key id
    /// agreed on beforehand implies, when the signature names none).
    pub fn matches_as(
        &self,
        message: &Message<'_>,
        key: &RemoteKey,
        algorithm: Algorithm,
    ) -> Result<(), SignatureError> {
        let base = self.base(message)?;
        if key.verifies_with(algorithm, base.as_bytes(), &self.signature) {
            Ok(())
        } else {
            Err(SignatureError::Mismatch)
        }
    }

    /// Checks a signature as an inbox needs it: it covers the method, where the request
    /// went (`@target-uri`, or `@authority` with `@path` or `@request-target`) and, for a
    /// request with a body, its `content-digest` (which the caller matched to the body);
    /// it was created inside the window and has not expired; and it is the key's.
    pub fn verify(
        &self,
        message: &Message<'_>,
        key: &RemoteKey,
        has_body: bool,
        now: DateTime<Utc>,
    ) -> Result<(), SignatureError> {
        let covered = self.covers();
        let covers = |name: &str| covered.iter().any(|c| c == name);
        if !covers("@method") {
            return Err(SignatureError::Uncovered("the method"));
        }
        let target = covers("@target-uri")
            || (covers("@authority") && (covers("@path") || covers("@request-target")));
        if !target {
            return Err(SignatureError::Uncovered("the request target"));
        }
        if has_body && !covers("content-digest") && !covers("digest") {
            return Err(SignatureError::Uncovered("the body's digest"));
        }
        let created = self
            .created
            .and_then(|s| DateTime::from_timestamp(s, 0))
            .ok_or(SignatureError::Absent("created".into()))?;
        if created < now - MAX_AGE || created > now + MAX_SKEW {
            return Err(SignatureError::Stale);
        }
        if self.expires.is_some_and(|e| e < now.timestamp()) {
            return Err(SignatureError::Stale);
        }
        self.matches(message, key)
    }
}

/// The `Content-Digest` of a body (RFC 9530), as a signed request carries it.
pub fn content_digest(body: &[u8]) -> String {
    use base64::Engine;
    use sha2::Digest;
    format!(
        "sha-256=:{}:",
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(body))
    )
}

/// Signs a request as RFC 9421 says, as `key_id` with `key` (`rsa-v1_5-sha256`), created
/// at `created` (Unix seconds): the values of its `Signature-Input` and `Signature`
/// fields (label `sig1`), covering `@method`, `@target-uri` and `content-digest`, which
/// the request must carry (with its `host`).
pub fn sign(
    key: &super::keys::ActorKey,
    key_id: &str,
    message: &Message<'_>,
    created: i64,
) -> Result<(String, String), SignatureError> {
    use base64::Engine;
    if key_id.contains(['"', '\\']) || !key_id.is_ascii() {
        return Err(malformed("a key id that cannot be a structured string"));
    }
    let input = format!(
        "sig1=(\"@method\" \"@target-uri\" \"content-digest\");created={created};keyid=\"{key_id}\";alg=\"rsa-v1_5-sha256\""
    );
    let unsigned = parse(&input, "sig1=:AAAA:")?.remove(0);
    let base = unsigned.base(message)?;
    let signature = key
        .sign(base.as_bytes())
        .map_err(SignatureError::Malformed)?;
    Ok((
        input,
        format!(
            "sig1=:{}:",
            base64::engine::general_purpose::STANDARD.encode(signature)
        ),
    ))
}

#[cfg(test)]
mod tests;

//! Other servers' documents: fetched through the address rules every fetch keeps (no
//! private, loopback or link-local address unless the operator allows it, redirects
//! checked at every hop, size and time capped), each GET signed as the site's actor (for
//! servers that answer signed fetches only); and remote actors' keys, resolved by
//! fetching the `keyId` and reading its `owner` (never by parsing the id), kept a while.

use super::{Whose, actor_key};
use crate::app::{AppError, Ctx};
use crate::binaries::fetch::{FetchError, Fetcher, check_url};
use crate::domain::federation::RemoteKey;
use crate::domain::federation::documents::{ACTIVITY_JSON, Actor};
use crate::domain::federation::signature::{self, Request};
use crate::urls;
use futures_util::StreamExt;
use serde_json::Value;
use std::time::{Duration, Instant};

/// The largest document read from another server.
pub const MAX_DOCUMENT: u64 = 1024 * 1024;

/// How long a remote actor's key is trusted before it is fetched again.
pub const KEY_TTL: Duration = Duration::from_secs(3600);

/// How many remote keys an instance keeps per site.
pub const KEYS_KEPT: usize = 1024;

/// Why another server's document could not be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RemoteError {
    /// The address is not one Sibyl fetches (private, a bad URL, too many redirects).
    #[error("{0}")]
    Refused(String),
    /// It answered that the document is not there (4xx): 410 for a deleted actor.
    #[error("the server answered {0}")]
    Gone(u16),
    /// Not now: the network, a timeout, a 5xx.
    #[error("{0}")]
    Unreachable(String),
    /// What came back is not what was asked for.
    #[error("{0}")]
    Invalid(String),
    /// Our own side failed (the store, our key).
    #[error("{0}")]
    Ours(String),
    /// Too many of its keys were fetched lately; nothing was fetched.
    #[error("{message}")]
    TooMany { message: String, retry_after: u64 },
}

impl From<FetchError> for RemoteError {
    fn from(e: FetchError) -> Self {
        match e {
            FetchError::Refused(why) => RemoteError::Refused(why),
            FetchError::TooLarge(why) => RemoteError::Invalid(why),
            FetchError::Gone(status) => RemoteError::Gone(status),
            FetchError::Transient(why) => RemoteError::Unreachable(why),
        }
    }
}

impl From<AppError> for RemoteError {
    fn from(e: AppError) -> Self {
        match e {
            AppError::TooManyRequests {
                message,
                retry_after,
            } => RemoteError::TooMany {
                message,
                retry_after,
            },
            other => RemoteError::Ours(other.to_string()),
        }
    }
}

/// An HTTP date (`Tue, 07 Jun 2014 20:51:35 GMT`).
pub fn http_date(at: chrono::DateTime<chrono::Utc>) -> String {
    at.format("%a, %d %b %Y %H:%M:%S GMT").to_string()
}

/// The host and port a request to `url` names in its `Host` header.
pub fn host_of(url: &reqwest::Url) -> String {
    match (url.host_str(), url.port()) {
        (Some(host), Some(port)) => format!("{host}:{port}"),
        (Some(host), None) => host.to_owned(),
        (None, _) => String::new(),
    }
}

/// The path and query a request to `url` names in its request line.
pub fn target_of(url: &reqwest::Url) -> String {
    match url.query() {
        Some(query) => format!("{}?{query}", url.path()),
        None => url.path().to_owned(),
    }
}

/// Fetches `url` whole, at most `max` bytes, under the address rules of every fetch and
/// never from a server the site blocks: neither the one asked nor one it redirects to.
/// `headers` are made for each hop's address.
pub async fn fetch_unblocked(
    ctx: &Ctx,
    fetcher: &Fetcher,
    url: &str,
    max: u64,
    headers: &(dyn Fn(&reqwest::Url) -> Vec<(String, String)> + Send + Sync),
) -> Result<Vec<u8>, RemoteError> {
    let refuse_blocked = |at: String| async move {
        match super::blocks::blocking(ctx, &[at.as_str()])
            .await
            .map_err(|e| RemoteError::Ours(e.to_string()))?
        {
            Some(block) => Err(RemoteError::Refused(format!("the site blocks {block}"))),
            None => Ok(()),
        }
    };
    refuse_blocked(url.to_owned()).await?;
    let url = check_url(url)?;
    let fetched = fetcher.get_with(&url, None, None, headers).await?;
    if fetched.final_url != url {
        refuse_blocked(fetched.final_url.to_string()).await?;
    }
    let mut body = Vec::new();
    let mut stream = fetched.into_stream(max);
    while let Some(piece) = stream.next().await {
        body.extend_from_slice(&piece?);
    }
    Ok(body)
}

/// Fetches an ActivityStreams document, signed as the site's actor.
pub async fn document(ctx: &Ctx, fetcher: &Fetcher, url: &str) -> Result<Value, RemoteError> {
    let key = actor_key(ctx, Whose::Site).await?;
    let key_id = Actor::key_id(&ctx.absolute(&urls::ap_site()));
    let now = ctx.clock.now();
    let headers = move |url: &reqwest::Url| {
        let signed = vec![
            ("host".to_owned(), host_of(url)),
            ("date".to_owned(), http_date(now)),
        ];
        let target = target_of(url);
        let request = Request {
            method: "GET",
            target: &target,
            headers: &signed,
        };
        let mut headers = signed.clone();
        headers.push((
            "accept".to_owned(),
            format!(
                "{ACTIVITY_JSON}, application/ld+json; profile=\"https://www.w3.org/ns/activitystreams\""
            ),
        ));
        if let Ok(value) = signature::sign(&key, &key_id, &request) {
            headers.push(("signature".to_owned(), value));
        }
        headers
    };
    let body = fetch_unblocked(ctx, fetcher, url, MAX_DOCUMENT, &headers).await?;
    let doc: Value = serde_json::from_slice(&body)
        .map_err(|e| RemoteError::Invalid(format!("{url} is not JSON: {e}")))?;
    if !doc.is_object() {
        return Err(RemoteError::Invalid(format!("{url} is not a JSON object")));
    }
    Ok(doc)
}

/// A remote actor's key, and the actor who owns it.
#[derive(Debug, Clone)]
pub struct OwnedKey {
    pub owner: String,
    pub key: RemoteKey,
}

/// The id of a document's value: the string itself, or an object's `id`.
pub fn id_of(value: &Value) -> Option<&str> {
    match value {
        Value::String(id) => Some(id),
        Value::Object(o) => o.get("id").and_then(Value::as_str),
        _ => None,
    }
}

/// The key `key_id` in a document, with its owner: the document's `publicKey` (one, or
/// one of a list) of that id, or the document itself when it is the key.
fn key_in(doc: &Value, key_id: &str) -> Option<(String, String)> {
    let candidates: Vec<&Value> = match doc.get("publicKey") {
        Some(Value::Array(keys)) => keys.iter().collect(),
        Some(key) => vec![key],
        None => vec![doc],
    };
    candidates.into_iter().find_map(|key| {
        (id_of(key) == Some(key_id)).then_some(())?;
        let owner = key.get("owner").and_then(Value::as_str)?;
        let pem = key.get("publicKeyPem").and_then(Value::as_str)?;
        Some((owner.to_owned(), pem.to_owned()))
    })
}

/// The key a signature's `keyId` names, from this instance's copies when it has a recent
/// one, fetched otherwise (at most `RATE_KEY_FETCH_PER_HOST` from one server): the key's
/// document must name its owner, and the owner's own document must list the key.
pub async fn key(ctx: &Ctx, fetcher: &Fetcher, key_id: &str) -> Result<OwnedKey, RemoteError> {
    if let Some(kept) = kept_key(ctx, key_id) {
        return Ok(kept);
    }
    // Each key fetched is a request to its server: counted per server, so that signed
    // posts naming ever new keys cannot make this one a client of anybody's choosing.
    let host = check_url(key_id)
        .map(|url| host_of(&url))
        .map_err(RemoteError::from)?;
    let subject = crate::app::limits::Subject::KeyFetchFrom(&host);
    ctx.check_limit(
        subject,
        "Too many keys were fetched from your server lately.",
    )
    .await?;
    ctx.record_attempt(crate::app::limits::Subject::KeyFetchFrom(&host))
        .await?;
    let doc = document(ctx, fetcher, key_id).await?;
    let (owner, pem) = key_in(&doc, key_id).ok_or_else(|| {
        RemoteError::Invalid(format!("{key_id} is not a public key with an owner"))
    })?;
    // The document is the owner's own only when it is what was asked for (the key's id
    // without its fragment): one naming another actor as itself proves nothing, and that
    // actor's own document must list the key.
    let asked = key_id.split('#').next().unwrap_or(key_id);
    if id_of(&doc) != Some(owner.as_str()) || owner != asked {
        let owners = document(ctx, fetcher, &owner).await?;
        let listed = key_in(&owners, key_id).map(|(o, _)| o);
        if id_of(&owners) != Some(owner.as_str()) || listed.as_deref() != Some(owner.as_str()) {
            return Err(RemoteError::Invalid(format!(
                "{owner} does not list the key {key_id}"
            )));
        }
    }
    let key = RemoteKey::from_pem(&pem).map_err(RemoteError::Invalid)?;
    let owned = OwnedKey { owner, key };
    keep_key(ctx, key_id, &owned);
    Ok(owned)
}

/// Whether this instance holds a recent copy of the key.
pub fn knows_key(ctx: &Ctx, key_id: &str) -> bool {
    kept_key(ctx, key_id).is_some()
}

fn kept_key(ctx: &Ctx, key_id: &str) -> Option<OwnedKey> {
    let keys = ctx
        .memo
        .remote_keys
        .read()
        .unwrap_or_else(|e| e.into_inner());
    keys.get(key_id)
        .filter(|(read, _, _)| read.elapsed() < KEY_TTL)
        .map(|(_, owner, key)| OwnedKey {
            owner: owner.clone(),
            key: key.clone(),
        })
}

fn keep_key(ctx: &Ctx, key_id: &str, key: &OwnedKey) {
    let mut keys = ctx
        .memo
        .remote_keys
        .write()
        .unwrap_or_else(|e| e.into_inner());
    if keys.len() >= KEYS_KEPT {
        keys.retain(|_, (read, _, _)| read.elapsed() < KEY_TTL);
        if keys.len() >= KEYS_KEPT {
            keys.clear();
        }
    }
    keys.insert(
        key_id.to_owned(),
        (Instant::now(), key.owner.clone(), key.key.clone()),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_key_is_found_in_an_actor_a_list_or_itself_with_its_owner() {
        let key = json!({ "id": "https://a.example/u#main-key", "owner": "https://a.example/u", "publicKeyPem": "PEM" });
        let actor = json!({ "id": "https://a.example/u", "publicKey": key });
        let listed = json!({ "id": "https://a.example/u", "publicKey": [
            { "id": "https://a.example/u#other", "owner": "https://a.example/u", "publicKeyPem": "OTHER" },
            key,
        ]});
        let want = Some(("https://a.example/u".to_owned(), "PEM".to_owned()));
        assert_eq!(key_in(&actor, "https://a.example/u#main-key"), want);
        assert_eq!(key_in(&listed, "https://a.example/u#main-key"), want);
        assert_eq!(key_in(&key, "https://a.example/u#main-key"), want);
        assert_eq!(key_in(&actor, "https://a.example/u#nope"), None);
        let ownerless = json!({ "id": "https://a.example/u", "publicKey": { "id": "https://a.example/u#main-key", "publicKeyPem": "PEM" } });
        assert_eq!(key_in(&ownerless, "https://a.example/u#main-key"), None);
    }

    #[test]
    fn requests_name_their_host_and_target_as_sent() {
        let url = reqwest::Url::parse("https://a.example:8443/users/x?page=2#frag").unwrap();
        assert_eq!(host_of(&url), "a.example:8443");
        assert_eq!(target_of(&url), "/users/x?page=2");
        let plain = reqwest::Url::parse("https://a.example/inbox").unwrap();
        assert_eq!(
            (host_of(&plain), target_of(&plain)),
            ("a.example".into(), "/inbox".into())
        );
        let at = chrono::DateTime::from_timestamp(1_402_173_095, 0).unwrap();
        assert_eq!(http_date(at), "Sat, 07 Jun 2014 20:31:35 GMT");
    }
}

//! What other servers POST to an inbox: accepted only when signed by the actor it claims
//! to come from. The signature (RFC 9421 when the request carries `Signature-Input`,
//! draft-cavage otherwise) must cover the method (RFC 9421), the request target, the host, a
//! date inside the window and the body's digest, which must match the body; the key is
//! the one its `keyId` resolves to ([`super::remote::key`]), and its owner must be the
//! activity's actor. An actor's own `Delete` signed by a key this instance does not hold
//! is acknowledged without fetching anything (the actor is gone, and so is its key).

use super::remote::{self, RemoteError, id_of};
use crate::app::Ctx;
use crate::binaries::fetch::Fetcher;
use crate::domain::federation::message_signature::{self, Message};
use crate::domain::federation::signature::{self, Request, SignatureError};
use serde_json::Value;

/// The largest activity an inbox reads.
pub const MAX_ACTIVITY: usize = 256 * 1024;

/// A POST to an inbox, as it arrived.
#[derive(Debug, Clone, Copy)]
pub struct Posted<'a> {
    /// The path and query of the request line.
    pub target: &'a str,
    pub headers: &'a [(String, String)],
    pub body: &'a [u8],
}

/// Why an activity was refused; nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InboxError {
    /// Not signed, badly signed, or signed by someone else than its actor: 401.
    #[error("{0}")]
    Unauthorized(String),
    /// Not an activity: 400.
    #[error("{0}")]
    Malformed(String),
    /// About an actor (or object) this site does not have: 404.
    #[error("{0}")]
    Unknown(String),
    /// This side cannot decide now: 503.
    #[error("{0}")]
    Unavailable(String),
    /// From a server or account the site blocks: 403.
    #[error("{0}")]
    Blocked(String),
    /// Its server sent too many keys to fetch lately: 429.
    #[error("{message}")]
    TooMany { message: String, retry_after: u64 },
}

/// An activity accepted from its signed actor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activity {
    pub id: Option<String>,
    pub kind: String,
    pub actor: String,
    pub document: Value,
}

/// What came of a POST that was not refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Received {
    /// Verified: from its actor.
    Verified(Activity),
    /// An actor's own Delete of itself, signed by a key no longer to be had: nothing to do.
    ActorGone,
}

/// A received signature, of either kind.
enum Signed {
    Cavage(signature::Parsed),
    Message(message_signature::Signed),
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Why `what` (a remote document an activity needs) could not be fetched, as the
/// activity's answer: not now (503) when the network or this side failed, 429 when its
/// server's key fetches are spent, 400 when the document is refused, gone or not one.
pub fn fetch_failed(what: &str, e: super::remote::RemoteError) -> InboxError {
    use super::remote::RemoteError;
    match e {
        RemoteError::Ours(why) | RemoteError::Unreachable(why) => {
            InboxError::Unavailable(format!("{what} cannot be had now: {why}"))
        }
        RemoteError::TooMany {
            message,
            retry_after,
        } => InboxError::TooMany {
            message,
            retry_after,
        },
        other => InboxError::Malformed(format!("{what} cannot be had: {other}")),
    }
}

/// The inboxes an actor's document gives: its own (which it must have), and its server's
/// shared one if it has one; each an address Sibyl fetches, of at most `MAX_ID_LENGTH`.
pub fn inboxes_in(doc: &Value, actor: &str) -> Result<(String, Option<String>), InboxError> {
    use crate::store::federation::MAX_ID_LENGTH;
    let url = |value: Option<&Value>| -> Option<String> {
        let text = value?.as_str()?;
        (text.len() <= MAX_ID_LENGTH && crate::binaries::fetch::check_url(text).is_ok())
            .then(|| text.to_owned())
    };
    let inbox = url(doc.get("inbox"))
        .ok_or_else(|| InboxError::Malformed(format!("the actor {actor} has no inbox")))?;
    let shared = url(doc.get("endpoints").and_then(|e| e.get("sharedInbox")));
    Ok((inbox, shared))
}

/// What came of a verified activity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Handled {
    /// It did what it says.
    Done,
    /// Its id was received lately: nothing again.
    Duplicate,
    /// Nothing Sibyl acts on (yet): acknowledged.
    Ignored,
}

/// Reads, checks and verifies a POST to an inbox.
pub async fn receive(
    ctx: &Ctx,
    fetcher: &Fetcher,
    posted: Posted<'_>,
) -> Result<Received, InboxError> {
    let unauthorized = |e: SignatureError| InboxError::Unauthorized(e.to_string());
    let signature_value = header(posted.headers, "signature").or_else(|| {
        header(posted.headers, "authorization").and_then(|a| a.strip_prefix("Signature "))
    });
    // RFC 9421 when the request says what it signed (Signature-Input); draft-cavage else.
    let signed = match (header(posted.headers, "signature-input"), signature_value) {
        (Some(input), Some(value)) => {
            let mut all = message_signature::parse(input, value).map_err(unauthorized)?;
            Signed::Message(all.remove(0))
        }
        (None, Some(value)) => Signed::Cavage(signature::parse(value).map_err(unauthorized)?),
        (_, None) => return Err(unauthorized(SignatureError::Missing)),
    };
    let key_id = match &signed {
        Signed::Message(s) => s.key_id.clone(),
        Signed::Cavage(p) => p.key_id.clone(),
    };
    let digest = header(posted.headers, "digest")
        .or_else(|| header(posted.headers, "content-digest"))
        .ok_or(SignatureError::Uncovered("the body's digest"))
        .map_err(unauthorized)?;
    if !signature::digest_matches(digest, posted.body) {
        return Err(unauthorized(SignatureError::Digest));
    }
    let document: Value = serde_json::from_slice(posted.body)
        .map_err(|e| InboxError::Malformed(format!("the activity is not JSON: {e}")))?;
    let kind = document
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| InboxError::Malformed("the activity has no type".into()))?
        .to_owned();
    let actor = document
        .get("actor")
        .and_then(id_of)
        .ok_or_else(|| InboxError::Malformed("the activity names no actor".into()))?
        .to_owned();
    let id = document
        .get("id")
        .and_then(Value::as_str)
        .map(str::to_owned);
    // Nothing is fetched for a blocked server or account.
    if let Some(block) = super::blocks::blocking(ctx, &[&actor, &key_id])
        .await
        .map_err(|e| InboxError::Unavailable(e.to_string()))?
    {
        return Err(InboxError::Blocked(format!(
            "this site does not take activities from {block}"
        )));
    }
    // An actor deleting itself: its key is gone with it; fetching it would only fail.
    if kind == "Delete"
        && document.get("object").and_then(id_of) == Some(actor.as_str())
        && !remote::knows_key(ctx, &key_id)
    {
        return Ok(Received::ActorGone);
    }
    let owned = remote::key(ctx, fetcher, &key_id)
        .await
        .map_err(|e| match e {
            RemoteError::Ours(why) => InboxError::Unavailable(why),
            RemoteError::TooMany {
                message,
                retry_after,
            } => InboxError::TooMany {
                message,
                retry_after,
            },
            other => InboxError::Unauthorized(format!(
                "the signature's key {key_id} cannot be had: {other}"
            )),
        })?;
    let now = ctx.clock.now();
    match &signed {
        Signed::Cavage(parsed) => {
            let request = Request {
                method: "POST",
                target: posted.target,
                headers: posted.headers,
            };
            signature::verify(parsed, &request, &owned.key, true, now)
        }
        Signed::Message(signed) => {
            let scheme = ctx.site.as_str().split("://").next().unwrap_or("https");
            let message = Message {
                method: "POST",
                scheme,
                target: posted.target,
                headers: posted.headers,
            };
            signed.verify(&message, &owned.key, true, now)
        }
    }
    .map_err(unauthorized)?;
    if owned.owner != actor {
        return Err(InboxError::Unauthorized(format!(
            "the activity's actor is {actor}, but {} signed it",
            owned.owner
        )));
    }
    Ok(Received::Verified(Activity {
        id,
        kind,
        actor,
        document,
    }))
}

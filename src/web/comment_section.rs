//! A post's comment section, as its page shows it: one page of the thread, the reader's
//! own comments awaiting moderation, and the form (or why there is none), whose shown-at
//! stamp is signed with the browser's CSRF token.

use super::auth::MaybeUser;
use super::csrf::CsrfToken;
use super::pages::{CommentDraft, CommentForm, CommentSection, CommentView, Dated};
use super::{AppState, WebError};
use crate::domain::comment::{EDIT_WINDOW_MINUTES, ThreadComment};
use crate::domain::comment_policy::{self, Closed, PostFacts};
use crate::domain::token::{hex, tokens_match};
use crate::domain::{CommentId, CommentState, Locale, Post, now};
use crate::store::PageError;
use crate::urls;
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// The id of the message that asks a visitor to sign in to comment (the page then links
/// the sign-in page).
pub const SIGN_IN_TO_COMMENT: &str = "comments-sign-in";

/// How many comments a page of a post shows.
pub const PAGE_SIZE: usize = 50;

/// The post page's comment parameters.
#[derive(Debug, Default, Deserialize)]
pub struct CommentQuery {
    /// Where the page of comments starts (a store cursor).
    pub comments: Option<String>,
    /// The comment the form answers.
    pub reply: Option<String>,
    /// Set after a comment was sent: `published` or `pending`.
    pub commented: Option<String>,
}

/// The form's timestamp, signed with the browser's CSRF token so it cannot be backdated
/// by someone who does not hold that token: `<ms>.<hex>`.
pub fn shown_token(csrf: &CsrfToken, at_ms: i64) -> String {
    format!("{at_ms}.{}", shown_signature(csrf, at_ms))
}

pub(super) fn shown_signature(csrf: &CsrfToken, at_ms: i64) -> String {
    let digest = Sha256::digest(format!("comment-form:{}:{at_ms}", csrf.value()).as_bytes());
    hex(&digest[..16])
}

/// When the form was shown, if the token is one this browser was given.
pub(super) fn shown_at(csrf: &CsrfToken, token: &str) -> Option<i64> {
    let (ms, signature) = token.split_once('.')?;
    let ms: i64 = ms.parse().ok()?;
    tokens_match(&shown_signature(csrf, ms), signature).then_some(ms)
}

pub(super) fn view(
    slug: &str,
    lang: Option<&Locale>,
    c: &ThreadComment,
    editable: bool,
) -> CommentView {
    let id = c.id.to_string();
    CommentView {
        author: c.author_name.clone(),
        actor: c.author_actor.clone(),
        avatar: c
            .author_actor
            .as_deref()
            .map(crate::app::federation::avatars::path_of),
        date: Dated::new(c.id.time()),
        body_html: c.body_html.clone(),
        reply: c.parent.is_some(),
        edited: c.edited.is_some(),
        edit_url: editable.then(|| urls::edit_comment(slug, &id)),
        reply_url: urls::reply(slug, lang, &id),
        id,
    }
}

/// The comment section of a post's page: one read of the thread (plus, for a signed-in
/// reader, one of their pending comments, at the same time).
pub async fn section(
    state: &AppState,
    post: &Post,
    user: &MaybeUser,
    csrf: &CsrfToken,
    lang: Option<&Locale>,
    query: &CommentQuery,
    draft: Option<CommentDraft>,
) -> Result<CommentSection, WebError> {
    let slug = post.slug.as_str();
    let cursor = query.comments.as_deref().filter(|c| !c.is_empty());
    let me = user.0.as_ref();
    // The thread, the reader's pending comments and the settings depend on nothing but
    // the post: read at once.
    let page = async {
        state
            .store
            .comment_page(&state.site, post.id, cursor, PAGE_SIZE)
            .await
            .map_err(|e| match e {
                PageError::BadCursor => WebError::BadRequest(
                    "This page of comments does not exist. Start again from the post.".into(),
                ),
                PageError::Store(e) => e.into(),
            })
    };
    let pending = async {
        let Some(u) = me else {
            return Ok(Vec::new());
        };
        Ok::<_, WebError>(
            state
                .store
                .pending_comments_by(&state.site, post.id, u.id)
                .await?,
        )
    };
    // How the fediverse took a published post, when the site is on it.
    let reactions = async {
        let identity = state.identity().await;
        if identity.fediverse_off
            || !crate::app::federation::federates(post, identity.fediverse_pages)
        {
            return Ok(None);
        }
        // A line of the page: when it cannot be read, the page goes without it.
        match state.store.reaction_counts(&state.site, post.id).await {
            Ok(counts) => Ok::<_, WebError>(Some((counts.likes, counts.announces))),
            Err(e) => {
                tracing::warn!(error = %e, post = %post.id.0, "a post's likes and shares could not be read");
                Ok(None)
            }
        }
    };
    // The comment a reply answers (from the address or the draft sent back), read with
    // the rest: the form that shows it is there unless comments are closed.
    let mut draft = draft.unwrap_or_default();
    if let Some(reply) = query.reply.as_deref().filter(|r| !r.is_empty()) {
        draft.parent = reply.to_owned();
    }
    // Its error counts only where the form is shown.
    let replying_to = async {
        let Ok(id) = CommentId::parse(&draft.parent) else {
            return Ok(Ok(None));
        };
        Ok::<_, WebError>(state.store.comment(&state.site, post.id, id).await)
    };
    let ((page, pending), (settings, reactions, replying_to)) = futures_util::future::try_join(
        futures_util::future::try_join(page, pending),
        futures_util::future::try_join3(state.comment_settings(), reactions, replying_to),
    )
    .await?;
    let at = now();
    let editable = |author: Option<crate::domain::UserId>, id: CommentId| {
        me.is_some_and(|u| Some(u.id) == author)
            && at - id.time() <= chrono::Duration::minutes(EDIT_WINDOW_MINUTES)
    };
    let comments = page
        .comments
        .iter()
        .map(|c| view(slug, lang, c, editable(c.author_id, c.id)))
        .collect();
    let pending = pending
        .iter()
        .map(|c| {
            let shown = ThreadComment::from(c);
            view(slug, lang, &shown, editable(shown.author_id, c.id))
        })
        .collect();
    let link = |cursor: Option<String>| cursor.map(|c| urls::comment_page(slug, lang, &c));
    let mut closed =
        comment_policy::closed(&PostFacts::of(post), &settings, now()).map(|why| match why {
            Closed::Page => ("comments-closed-page", 0),
            Closed::Unpublished => ("comments-closed-unpublished", 0),
            Closed::ByEditors => ("comments-closed-by-editors", 0),
            Closed::After { days } => ("comments-closed-after", days),
        });
    if closed.is_none() && me.is_none() && !settings.guests {
        closed = Some((SIGN_IN_TO_COMMENT, 0));
    }
    let form = if closed.is_none() {
        let replying_to = replying_to?
            .filter(|c| c.state == CommentState::Approved)
            .map(|c| c.author.name().to_owned());
        if replying_to.is_none() {
            draft.parent.clear();
        }
        Some(CommentForm {
            action: urls::new_comment(slug, lang),
            guest: me.is_none(),
            shown: shown_token(csrf, at.timestamp_millis()),
            parent: draft.parent.clone(),
            replying_to,
            draft,
            cancel_reply: urls::comment_form(slug, lang),
        })
    } else {
        None
    };
    Ok(CommentSection {
        comments,
        newer: link(page.newer),
        older: link(page.older),
        pending,
        closed,
        form,
        notice: match query.commented.as_deref() {
            Some("published") => Some("comment-published"),
            Some("pending") => Some("comment-pending"),
            _ => None,
        },
        moderate_url: post
            .may_be_edited_by(me)
            .then(|| urls::moderation(Some(slug))),
        comments_closed: post.comments_closed,
        reactions,
    })
}

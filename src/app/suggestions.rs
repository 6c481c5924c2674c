//! Accepting a suggested change: the suggestion becomes the post's newest revision,
//! credited to its author. Accepting records an intent first (the reconciler finishes a
//! save a crash cut short, and knows a save done from the revision's message).

use crate::domain::post::Rendered;
use crate::domain::{HISTORY_PAGE, PostEdit, PostId, Site, now};
use crate::store::{EditError, Store, StoreError, StoreResult};

/// Whether a revision of `post` after `base` has a message starting with `marker`: an
/// applied suggestion is saved on top of the revision it was made from, so only the
/// history since then is read, a page at a time.
pub(crate) async fn saved_since(
    store: &dyn Store,
    site: &Site,
    post: &crate::domain::Post,
    base: u32,
    marker: &str,
) -> StoreResult<bool> {
    let mut newest = post.revision;
    while newest > base {
        let page = store
            .revisions(site, post.id, &post.locale, newest, HISTORY_PAGE)
            .await?;
        if page
            .iter()
            .any(|r| r.number > base && r.message.starts_with(marker))
        {
            return Ok(true);
        }
        match page.last() {
            Some(last) if last.number > 1 => newest = last.number - 1,
            _ => break,
        }
    }
    Ok(false)
}

pub(crate) fn applied_message_prefix(suggestion: &str) -> String {
    format!("Suggestion {suggestion} by ")
}

/// Saves an accepted suggestion as the post's newest revision, credited to its author,
/// on top of whatever the post is now: a save that lands in between is retried.
pub async fn apply_suggestion(
    store: &dyn Store,
    site: &Site,
    post: PostId,
    suggestion: &str,
    accepted_by: &str,
) -> Result<crate::domain::Post, EditError> {
    let found = store
        .suggestion(site, post, suggestion)
        .await?
        .ok_or(EditError::NoSuchPost)?;
    // Rendered off the async workers, once, whatever the retries.
    let body = found.body.clone();
    let text = tokio::task::spawn_blocking(move || Rendered::checked_before(body))
        .await
        .map_err(|e| StoreError::Unavailable(format!("rendering the suggestion: {e}")))?;
    // The post's followers on the fediverse hear of the new text (noted before it).
    store.note_post_change(site, post, now()).await?;
    for _ in 0..3 {
        let current = store
            .post_by_id(site, post)
            .await?
            .ok_or(EditError::NoSuchPost)?;
        let edit = PostEdit::new(
            current.revision,
            found.title.clone(),
            text.clone(),
            found.tags.clone(),
            found.suggester_id,
            found.suggester_name.clone(),
            now(),
            format!(
                "{}{}, accepted by {accepted_by}",
                applied_message_prefix(suggestion),
                found.suggester_name
            ),
        );
        match store.save_revision(site, post, edit).await {
            Err(EditError::Conflict) => continue,
            other => return other,
        }
    }
    Err(EditError::Conflict)
}

//! Every cap Sibyl enforces on what a partition holds or a value weighs, as `sibyl limits`
//! prints them: `scripts/scale-model` reads them from there, so that the model of the
//! partitions at scale and the code cannot disagree.

use serde::Serialize;
use std::collections::BTreeMap;

/// One enforced cap: its value, and what it bounds (tables, or a value's size); for a
/// rate limit, the seconds its value is counted over.
#[derive(Debug, Clone, Serialize)]
pub struct Limit {
    pub value: u64,
    pub bounds: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_seconds: Option<u64>,
}

/// Every cap, by the name it has in the code.
pub fn all() -> BTreeMap<&'static str, Limit> {
    use crate::domain::comment::CommentBody;
    use crate::domain::post::{Body, Tag, Tags, Title};
    let n = |v: usize| v as u64;
    let caps: [(&'static str, u64, &'static str); 37] = [
        (
            "MAX_COMMENTS_PER_POST",
            crate::domain::comment::MAX_COMMENTS_PER_POST,
            "comments, comment_thread, post_moderation: a post's comments",
        ),
        (
            "MAX_SUGGESTIONS_PER_POST",
            crate::domain::post::MAX_SUGGESTIONS_PER_POST,
            "suggestions: a post's suggestions",
        ),
        (
            "FRONT_PAGE_CAP",
            n(super::FRONT_PAGE_CAP),
            "front_page: the newest posts it keeps",
        ),
        (
            "MAX_PAGES",
            n(crate::domain::MAX_PAGES),
            "site_pages: a site's pages",
        ),
        (
            "MAX_DRAFTS_PER_AUTHOR",
            n(crate::domain::MAX_DRAFTS_PER_AUTHOR),
            "author_drafts: an author's drafts on a site",
        ),
        (
            "MAX_SCHEDULED",
            n(crate::domain::schedule::MAX_SCHEDULED),
            "scheduled_posts: a site's scheduled drafts",
        ),
        (
            "SITE_ADMINS_CAP",
            n(super::members::SITE_ADMINS_CAP),
            "site_admins: a site's administrators",
        ),
        (
            "MAX_JOB_HOLDERS",
            n(super::sites::MAX_JOB_HOLDERS),
            "job_holders: the instances running a job, as read",
        ),
        (
            "MAX_SESSIONS_PER_ACCOUNT",
            n(super::accounts::MAX_SESSIONS_PER_ACCOUNT),
            "sessions_by_user: an account's sessions",
        ),
        (
            "MAX_TRANSLATIONS",
            n(crate::domain::MAX_TRANSLATIONS),
            "translations: a post's languages",
        ),
        (
            "MAX_FILES_PER_POST",
            n(crate::binaries::service::MAX_FILES_PER_POST),
            "binary_refs_by_context: a post's files",
        ),
        (
            "MAX_ALIASES",
            n(super::sites::MAX_ALIASES),
            "sites: a site's aliases",
        ),
        (
            "MAX_FOLLOWS",
            n(super::social::MAX_FOLLOWS),
            "follows: an account's follows on a site",
        ),
        (
            "MAX_FAVORITES",
            n(super::social::MAX_FAVORITES),
            "favorites, favorites_by_time: an account's favorites on a site",
        ),
        (
            "MAX_ID_LENGTH",
            n(super::federation::MAX_ID_LENGTH),
            "ap_followers.follower, .inbox, .follow, ap_deliveries.inbox: bytes of a fediverse id",
        ),
        (
            "MAX_REMOTE_FOLLOWERS",
            super::federation::MAX_REMOTE_FOLLOWERS,
            "ap_followers: an actor's followers (in FOLLOWER_SHARDS shards)",
        ),
        (
            "FOLLOWER_SHARDS",
            super::federation::FOLLOWER_SHARDS as u64,
            "ap_followers: the shards of an actor's followers",
        ),
        (
            "MAX_INBOXES_PER_ACTIVITY",
            n(super::federation::MAX_INBOXES_PER_ACTIVITY),
            "ap_deliveries: an activity's deliveries",
        ),
        (
            "MAX_SENT_BYTES",
            n(super::federation::MAX_SENT_BYTES),
            "ap_outbox.body: bytes of an activity sent",
        ),
        (
            "MAX_FAILURE_CHARS",
            n(super::federation::MAX_FAILURE_CHARS),
            "ap_deliveries.failure: characters of a failed attempt's reason",
        ),
        (
            "MAX_FOLLOW_REQUESTS",
            n(super::federation::MAX_FOLLOW_REQUESTS),
            "ap_follow_requests: the follows waiting for one actor's approval",
        ),
        (
            "MAX_AVATAR_BYTES",
            n(super::federation::MAX_AVATAR_BYTES),
            "ap_avatars.jpeg: bytes of a remote actor's picture",
        ),
        (
            "MAX_BLOCKS",
            n(super::federation::MAX_BLOCKS),
            "ap_blocks: the servers and accounts a site blocks",
        ),
        (
            "PARKED_CAP",
            n(super::intents::PARKED_CAP),
            "parked_intents: the writes the reconciler parked",
        ),
        (
            "REVISIONS_PER_SHELF",
            super::cassandra::REVISIONS_PER_SHELF as u64,
            "post_revisions: a shelf of a post's history in one language",
        ),
        (
            "LOG_DAYS",
            super::binaries::LOG_DAYS as u64,
            "binary_log, binary_log_by_context: days a line is kept (its TTL)",
        ),
        (
            "LOG_LINES",
            n(super::binaries::LOG_LINES),
            "binary_log, binary_log_by_context: lines a read shows",
        ),
        (
            "CHUNK_SIZE",
            n(super::binaries::CHUNK_SIZE),
            "binary_data.data: bytes of one chunk",
        ),
        (
            "BODY_MAX_BYTES",
            n(Body::MAX_BYTES),
            "posts.body, translations.body, post_revisions.body: bytes of a text's Markdown",
        ),
        (
            "MAX_HTML_BYTES",
            n(crate::domain::markdown::MAX_HTML_BYTES),
            "posts.body_html, translations.body_html, post_revisions.body_html: bytes of a text's HTML",
        ),
        (
            "TITLE_MAX",
            n(Title::MAX),
            "title: characters of a post's title",
        ),
        ("TAG_MAX", n(Tag::MAX), "tag: characters of a tag"),
        (
            "TAGS_MAX",
            n(Tags::MAX),
            "posts.tags and every list row's tags: tags of a post",
        ),
        (
            "COMMENT_MAX_BYTES",
            n(CommentBody::MAX_BYTES),
            "comments.body and its copies: bytes of a comment's text",
        ),
        (
            "COMMENT_MAX_HTML_BYTES",
            n(CommentBody::MAX_HTML_BYTES),
            "comment_thread.body_html: bytes of a comment's HTML",
        ),
        (
            "MAX_TEXT_WORD_BYTES",
            n(crate::domain::search::MAX_TEXT_WORD_BYTES),
            "search_texts.terms: bytes of a text's distinct words",
        ),
        (
            "MAX_TEXT_WORDS",
            n(crate::domain::search::MAX_TEXT_WORDS),
            "search_texts.terms: a text's distinct words",
        ),
    ];
    caps.into_iter()
        .map(|(name, value, bounds)| {
            let bounds = bounds.to_owned();
            let per_seconds = None;
            (
                name,
                Limit {
                    value,
                    bounds,
                    per_seconds,
                },
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_cap_has_a_value_and_says_what_it_bounds() {
        let all = super::all();
        assert_eq!(all.len(), 37, "a name given twice");
        for (name, limit) in &all {
            assert!(limit.value > 0, "{name}");
            assert!(!limit.bounds.is_empty(), "{name}");
        }
        assert_eq!(all["MAX_COMMENTS_PER_POST"].value, 10_000);
        assert_eq!(all["MAX_TRANSLATIONS"].value, 50);
        assert_eq!(all["MAX_DRAFTS_PER_AUTHOR"].value, 1_000);
    }
}

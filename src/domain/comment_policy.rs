//! The site's comment policy: who may comment on a post now, which forms look automated,
//! and whether a comment is published at once or waits for moderation. Written once,
//! here; the web layer gathers the facts, asks, and acts on the answer.
//!
//! Two questions, asked at two moments. [`screen`] is asked as soon as the form arrives,
//! before anything is counted against the sender's rate limits: a closed post, a guest
//! where guests may not comment, a filled honeypot, a forged or hurried form. [`place`]
//! is asked once the comment itself has been read: a banned commenter is refused, anyone
//! else's comment is stored, approved or pending.

use super::{CommentSettings, CommentState, PostStatus};
use chrono::{DateTime, Utc};
use std::time::Duration;

/// What the policy needs to know about the post.
#[derive(Debug, Clone, Copy)]
pub struct PostFacts {
    pub status: PostStatus,
    /// Its editors closed its comments.
    pub comments_closed: bool,
    pub published: Option<DateTime<Utc>>,
    /// A static page (About, Contact), which takes no comments.
    pub page: bool,
}

impl PostFacts {
    /// What the policy needs to know of `post`.
    pub fn of(post: &super::Post) -> Self {
        PostFacts {
            status: post.status,
            comments_closed: post.comments_closed,
            published: post.published,
            page: post.is_page(),
        }
    }
}

/// Why a post takes no comments now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// A static page takes none.
    Page,
    /// A draft takes none until it is published.
    Unpublished,
    /// Its editors closed them.
    ByEditors,
    /// The site closes comments this many days after publication, and they have passed.
    After { days: u32 },
}

/// Whether a post takes comments at `now`, and if not, why.
pub fn closed(post: &PostFacts, settings: &CommentSettings, now: DateTime<Utc>) -> Option<Closed> {
    if post.page {
        Some(Closed::Page)
    } else if post.status != PostStatus::Published {
        Some(Closed::Unpublished)
    } else if post.comments_closed {
        Some(Closed::ByEditors)
    } else if !settings.open_for(post.published, now) {
        Some(Closed::After {
            days: settings.close_after_days,
        })
    } else {
        None
    }
}

/// What the policy needs to know about the form as it arrived.
#[derive(Debug, Clone, Copy)]
pub struct FormFacts {
    pub signed_in: bool,
    /// The field hidden from people was filled in: some robots fill every field.
    pub honeypot_filled: bool,
    /// When the form was shown, in milliseconds, if its signed timestamp is one this
    /// browser was given; `None` for a timestamp that is missing or forged.
    pub shown_at_ms: Option<i64>,
    pub now_ms: i64,
    /// The least time between showing the form and sending it: faster is a robot.
    pub min_delay: Duration,
}

/// Why a comment is not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Closed(Closed),
    /// Only members comment on this site, and the sender is not signed in.
    SignInRequired,
    /// The honeypot was filled in.
    Automated,
    /// The form's timestamp is not one this site gave this browser.
    FormExpired,
    /// Sent sooner after the form was shown than a person writes: the sender is asked to
    /// read it over and send it again.
    TooQuick,
    /// The commenter is banned from the site's comments.
    Banned,
}

/// The first question, asked before anything is counted: may this form be taken at all?
/// Checked in this order, so that the most telling reason is the one given.
pub fn screen(
    post: &PostFacts,
    settings: &CommentSettings,
    form: &FormFacts,
    now: DateTime<Utc>,
) -> Result<(), Refusal> {
    if let Some(why) = closed(post, settings, now) {
        return Err(Refusal::Closed(why));
    }
    if !form.signed_in && !settings.guests {
        return Err(Refusal::SignInRequired);
    }
    if form.honeypot_filled {
        return Err(Refusal::Automated);
    }
    let shown = form.shown_at_ms.ok_or(Refusal::FormExpired)?;
    let min = i64::try_from(form.min_delay.as_millis()).unwrap_or(i64::MAX);
    if form.now_ms.saturating_sub(shown) < min {
        return Err(Refusal::TooQuick);
    }
    Ok(())
}

/// Who wrote the comment, as the policy sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Author {
    /// A visitor without an account.
    Guest,
    Member {
        banned: bool,
        /// Has a comment approved on the site before.
        trusted: bool,
        /// May edit the post: its author, or an administrator.
        editor: bool,
    },
}

/// The second question, once the comment has been read: refused, or stored in which
/// state. Guests always wait for moderation; a member's comment is published at once on
/// a post they edit, or (where the site says so) when they have been approved before.
pub fn place(author: &Author, settings: &CommentSettings) -> Result<CommentState, Refusal> {
    match *author {
        Author::Guest => Ok(CommentState::Pending),
        Author::Member { banned: true, .. } => Err(Refusal::Banned),
        Author::Member {
            trusted, editor, ..
        } => {
            if editor || (settings.trust_approved && trusted) {
                Ok(CommentState::Approved)
            } else {
                Ok(CommentState::Pending)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(ms: i64) -> DateTime<Utc> {
        DateTime::from_timestamp_millis(ms).unwrap()
    }

    const DAY_MS: i64 = 86_400_000;

    fn open_post() -> PostFacts {
        PostFacts {
            status: PostStatus::Published,
            comments_closed: false,
            published: Some(at(0)),
            page: false,
        }
    }

    fn settings() -> CommentSettings {
        CommentSettings {
            guests: false,
            trust_approved: false,
            close_after_days: 0,
            remove_deleted_accounts_comments: false,
        }
    }

    /// A member's form, shown ten seconds before it was sent.
    fn fair_form() -> FormFacts {
        FormFacts {
            signed_in: true,
            honeypot_filled: false,
            shown_at_ms: Some(DAY_MS - 10_000),
            now_ms: DAY_MS,
            min_delay: Duration::from_secs(3),
        }
    }

    #[test]
    fn a_members_fair_form_on_an_open_post_is_taken() {
        assert_eq!(
            screen(&open_post(), &settings(), &fair_form(), at(DAY_MS)),
            Ok(())
        );
    }

    #[test]
    fn a_draft_takes_no_comments() {
        let draft = PostFacts {
            status: PostStatus::Draft,
            published: None,
            ..open_post()
        };
        assert_eq!(
            screen(&draft, &settings(), &fair_form(), at(DAY_MS)),
            Err(Refusal::Closed(Closed::Unpublished))
        );
    }

    #[test]
    fn a_page_takes_no_comments_published_or_not() {
        for status in [PostStatus::Published, PostStatus::Draft] {
            let page = PostFacts {
                page: true,
                status,
                ..open_post()
            };
            assert_eq!(
                screen(&page, &settings(), &fair_form(), at(DAY_MS)),
                Err(Refusal::Closed(Closed::Page))
            );
        }
    }

    #[test]
    fn a_post_its_editors_closed_takes_no_comments() {
        let closed_post = PostFacts {
            comments_closed: true,
            ..open_post()
        };
        assert_eq!(
            screen(&closed_post, &settings(), &fair_form(), at(DAY_MS)),
            Err(Refusal::Closed(Closed::ByEditors))
        );
    }

    #[test]
    fn comments_close_the_set_number_of_days_after_publication() {
        let week = CommentSettings {
            close_after_days: 7,
            ..settings()
        };
        let post = open_post();
        assert_eq!(closed(&post, &week, at(6 * DAY_MS)), None);
        assert_eq!(
            closed(&post, &week, at(7 * DAY_MS)),
            Some(Closed::After { days: 7 })
        );
        assert_eq!(
            closed(&post, &settings(), at(3650 * DAY_MS)),
            None,
            "0: never"
        );
    }

    #[test]
    fn guests_need_the_sites_permission() {
        let guest = FormFacts {
            signed_in: false,
            ..fair_form()
        };
        assert_eq!(
            screen(&open_post(), &settings(), &guest, at(DAY_MS)),
            Err(Refusal::SignInRequired)
        );
        let welcoming = CommentSettings {
            guests: true,
            ..settings()
        };
        assert_eq!(screen(&open_post(), &welcoming, &guest, at(DAY_MS)), Ok(()));
    }

    #[test]
    fn a_filled_honeypot_is_refused() {
        let robot = FormFacts {
            honeypot_filled: true,
            ..fair_form()
        };
        assert_eq!(
            screen(&open_post(), &settings(), &robot, at(DAY_MS)),
            Err(Refusal::Automated)
        );
    }

    #[test]
    fn a_form_without_a_valid_timestamp_has_expired() {
        let forged = FormFacts {
            shown_at_ms: None,
            ..fair_form()
        };
        assert_eq!(
            screen(&open_post(), &settings(), &forged, at(DAY_MS)),
            Err(Refusal::FormExpired)
        );
    }

    #[test]
    fn a_form_sent_sooner_than_the_minimum_delay_is_too_quick() {
        let hurried = FormFacts {
            shown_at_ms: Some(DAY_MS - 2_999),
            ..fair_form()
        };
        assert_eq!(
            screen(&open_post(), &settings(), &hurried, at(DAY_MS)),
            Err(Refusal::TooQuick)
        );
        let just_in_time = FormFacts {
            shown_at_ms: Some(DAY_MS - 3_000),
            ..fair_form()
        };
        assert_eq!(
            screen(&open_post(), &settings(), &just_in_time, at(DAY_MS)),
            Ok(())
        );
        let no_delay = FormFacts {
            shown_at_ms: Some(DAY_MS),
            min_delay: Duration::ZERO,
            ..fair_form()
        };
        assert_eq!(
            screen(&open_post(), &settings(), &no_delay, at(DAY_MS)),
            Ok(())
        );
    }

    #[test]
    fn the_most_telling_reason_is_given_first() {
        let everything_wrong = FormFacts {
            signed_in: false,
            honeypot_filled: true,
            shown_at_ms: None,
            ..fair_form()
        };
        let closed_post = PostFacts {
            comments_closed: true,
            ..open_post()
        };
        assert_eq!(
            screen(&closed_post, &settings(), &everything_wrong, at(DAY_MS)),
            Err(Refusal::Closed(Closed::ByEditors))
        );
        assert_eq!(
            screen(&open_post(), &settings(), &everything_wrong, at(DAY_MS)),
            Err(Refusal::SignInRequired)
        );
    }

    fn member(banned: bool, trusted: bool, editor: bool) -> Author {
        Author::Member {
            banned,
            trusted,
            editor,
        }
    }

    #[test]
    fn guests_always_wait_for_moderation() {
        let trusting = CommentSettings {
            guests: true,
            trust_approved: true,
            ..settings()
        };
        assert_eq!(place(&Author::Guest, &trusting), Ok(CommentState::Pending));
    }

    #[test]
    fn a_banned_member_is_refused_even_on_their_own_post() {
        assert_eq!(
            place(&member(true, true, true), &settings()),
            Err(Refusal::Banned)
        );
    }

    #[test]
    fn editors_are_published_at_once() {
        assert_eq!(
            place(&member(false, false, true), &settings()),
            Ok(CommentState::Approved)
        );
    }

    #[test]
    fn trusted_members_skip_the_queue_only_where_the_site_says_so() {
        assert_eq!(
            place(&member(false, true, false), &settings()),
            Ok(CommentState::Pending)
        );
        let trusting = CommentSettings {
            trust_approved: true,
            ..settings()
        };
        assert_eq!(
            place(&member(false, true, false), &trusting),
            Ok(CommentState::Approved)
        );
        assert_eq!(
            place(&member(false, false, false), &trusting),
            Ok(CommentState::Pending)
        );
    }
}

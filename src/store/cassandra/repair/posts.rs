//! Repair's pass over the posts: each post read once (with its bodies, for its search
//! texts) and the rows it should have looked up by their keys, one point read each: its
//! slug claim, short link, counters, search texts, moderation rows, and its row in each
//! list it belongs in with that list's bucket in its index. A row that should be there
//! and is not is written; what is there and should not be is for the lists' pass.

use super::rows::{DraftRow, PageRow, ScheduledRow};
use super::{PostOutcome, PostSeen, Run, Told};
use crate::domain::{CommentId, CommentState, Post, PostId, PostStatus};
use crate::store::StoreResult;
use crate::store::cassandra::comments::queue::hour_of;
use crate::store::cassandra::comments::tallies::{Tally, bucket_of as tally_bucket};
use crate::store::cassandra::lwt::{Claim, slug_scope};
use crate::store::cassandra::posts::listings::{author_bucket_of, bucket_of, listed_under};
use crate::store::repair::Finding;
use scylla::value::CqlTimeuuid;
use std::collections::{BTreeSet, HashSet};
use uuid::Uuid;

impl Run<'_> {
    /// One post's checks, and what they found.
    pub(super) async fn check_post(&self, id: Uuid) -> (PostOutcome, Told) {
        let (checked, told) = self
            .checked(|| format!("post {id}"), async {
                let mut findings = Vec::new();
                let seen = self.post_checked(id, &mut findings).await;
                (findings, seen)
            })
            .await;
        let outcome = match checked {
            Some(Some(seen)) => PostOutcome::Seen(seen),
            Some(None) => PostOutcome::Gone,
            // Not checked (its row does not parse, or a read failed): still one of the
            // newest posts if listed, so that the front page keeps it.
            None => match self.shown(id).await {
                Ok(None) => PostOutcome::Gone,
                Err(_) => PostOutcome::Unread {
                    bucket: tally_bucket(id) as usize,
                },
                Ok(Some(shown)) => PostOutcome::Seen(PostSeen {
                    checked: false,
                    comments: 0,
                    bucket: tally_bucket(id) as usize,
                    by_state: [0; 5],
                    listed: shown.listed(),
                    page: shown.is_page(),
                    id,
                }),
            },
        };
        (outcome, told)
    }

    async fn post_checked(
        &self,
        id: Uuid,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<Option<PostSeen>> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        let Some((post, listed)) = store.post_listing(site, PostId(id), false).await? else {
            return Ok(None);
        };
        let tally = self.post_rows(&post, findings).await?;
        self.post_moderation(post.id, findings).await?;
        if let Some(listed) = &listed {
            store
                .repair_search(site, &post, listed.published_id, fix, findings)
                .await?;
            self.post_lists(&post, listed.published_id, findings)
                .await?;
        } else if post.is_page() {
            let row: Option<PageRow> = store
                .row(&self.st.page, (site.as_str(), post.created, id))
                .await?;
            if row.is_none() {
                findings.push(Finding {
                    table: "site_pages",
                    what: format!("page {id} is missing or out of date; written"),
                });
                if fix {
                    store.list_static_page(site, &post).await?;
                }
            }
        } else if post.status == PostStatus::Draft && post.scheduled.is_none() {
            let row: Option<DraftRow> = store
                .row(
                    &self.st.draft,
                    (site.as_str(), post.author_id.0, post.created, id),
                )
                .await?;
            if row.is_none() {
                findings.push(Finding {
                    table: "author_drafts",
                    what: format!("draft {id} is missing; written"),
                });
                if fix {
                    store.list_draft(site, &post, None, None).await?;
                }
            }
        }
        if post.status == PostStatus::Draft && post.scheduled.is_some() {
            let row: Option<ScheduledRow> =
                store.row(&self.st.scheduled, (site.as_str(), id)).await?;
            if row.is_none() {
                findings.push(Finding {
                    table: "scheduled_posts",
                    what: format!("scheduled draft {id} is missing; written"),
                });
                if fix {
                    store.list_scheduled(site, &post).await?;
                }
            }
        }
        Ok(Some(PostSeen {
            checked: true,
            comments: tally.total,
            bucket: tally_bucket(id) as usize,
            by_state: tally.by_state,
            listed: listed.map(|l| l.published_id),
            page: post.is_page(),
            id,
        }))
    }

    /// The post's own derived rows: its slug claim, short link, counters.
    async fn post_rows(&self, post: &Post, findings: &mut Vec<Finding>) -> StoreResult<Tally> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        let claims = store.claims();
        let scope = slug_scope(site);
        let (id, slug) = (post.id, post.slug.as_str());
        // At LOCAL_QUORUM first; a claim that seems out of step is read again at SERIAL
        // (which completes a claim in flight) before anything is judged.
        let quick: Option<(Uuid, String)> =
            store.row(&self.st.claim, (scope.as_str(), slug)).await?;
        let in_step =
            matches!(&quick, Some((owner, state)) if *owner == id.0 && state == "committed");
        if !in_step {
            match claims.owner(&scope, slug).await? {
                Some((owner, state)) if owner == id.0 => {
                    if state != "committed" {
                        findings.push(Finding {
                            table: "claims",
                            what: format!(
                                "the slug {slug} of post {} was pending; committed",
                                id.0
                            ),
                        });
                        if fix {
                            claims.commit(&scope, slug, id.0).await?;
                        }
                    }
                }
                Some((owner, _)) => findings.push(Finding {
                    table: "claims",
                    what: format!(
                        "the slug {slug} of post {} is held by post {owner}; left for an editor",
                        id.0
                    ),
                }),
                None => {
                    findings.push(Finding {
                        table: "claims",
                        what: format!("the slug {slug} of post {} was not claimed; claimed", id.0),
                    });
                    if fix && claims.claim(&scope, slug, id.0).await? == Claim::Won {
                        claims.commit(&scope, slug, id.0).await?;
                    }
                }
            }
        }
        let short = post.short_id as i64;
        let link: Option<(Option<Uuid>, Option<String>)> = store
            .row(&store.posts.short_link_full, (site.as_str(), short))
            .await?;
        if link != Some((Some(id.0), Some(slug.to_owned()))) {
            findings.push(Finding {
                table: "short_links",
                what: format!("/p/{short} did not lead to post {}; written", id.0),
            });
            if fix {
                store
                    .exec(
                        &store.posts.short_link_insert,
                        (site.as_str(), short, id.0, slug),
                    )
                    .await?;
            }
        }
        let counted = store.counted(site, id).await?;
        let tally = store.tally(site, id).await?;
        if counted != tally {
            findings.push(Finding {
                table: "post_comment_tallies",
                what: format!(
                    "post {} counted {:?} for comments that are {:?}; recounted",
                    id.0, tally, counted
                ),
            });
            // The post's counters only: the site's are checked against every post's
            // rows after.
            if fix {
                store
                    .add_tally(site, id, counted.minus(tally), false)
                    .await?;
            }
        }
        Ok(counted)
    }

    /// The post's row in each list it is in (its tags', the archive's, its author's),
    /// and each of those buckets in its list's index; what is missing written.
    async fn post_lists(
        &self,
        post: &Post,
        published: Uuid,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<()> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        let here = site.as_str();
        let at = CqlTimeuuid::from(published);
        let mut missing = false;
        for list in listed_under(&post.tags.to_strings()) {
            let month = bucket_of(&list, at)?;
            let row: Option<(CqlTimeuuid,)> = store
                .row(&self.st.tag_row_key, (here, list.as_str(), month, at))
                .await?;
            if row.is_none() {
                findings.push(Finding {
                    table: "tag_posts",
                    what: format!("post {} is missing; written", post.id.0),
                });
                missing = true;
            }
            if self.first_look(format!("tag {list} {month}")) {
                let indexed: Option<(i32,)> = store
                    .row(&self.st.tag_month, (here, list.as_str(), month))
                    .await?;
                if indexed.is_none() {
                    findings.push(Finding {
                        table: "tag_months",
                        what: format!(
                            "tag {list:?} has posts in month {month}, which was not recorded; recorded"
                        ),
                    });
                    if fix {
                        store
                            .exec(&self.st.tag_month_insert, (here, list.as_str(), month))
                            .await?;
                    }
                }
            }
        }
        let author = post.author_id.0;
        let bucket = author_bucket_of(at)?;
        let row: Option<(CqlTimeuuid,)> = store
            .row(&self.st.author_row_key, (here, author, bucket, at))
            .await?;
        if row.is_none() {
            findings.push(Finding {
                table: "author_month_posts",
                what: format!("post {} is missing; written", post.id.0),
            });
            missing = true;
        }
        if self.first_look(format!("author {author} {bucket}")) {
            let indexed: Option<(i32,)> = store
                .row(&self.st.author_month, (here, author, bucket))
                .await?;
            if indexed.is_none() {
                findings.push(Finding {
                    table: "author_months",
                    what: format!(
                        "author {author} has posts in half month {bucket}, which was not recorded; recorded"
                    ),
                });
                if fix {
                    store
                        .exec(&self.st.author_month_insert, (here, author, bucket))
                        .await?;
                }
            }
        }
        if missing && fix {
            store.settle_lists(site, post.id, None).await?;
        }
        Ok(())
    }

    /// The post's moderation list against its comments' rows, and each listed comment's
    /// row in the site's list of its state and hour, and that hour in the index. What
    /// disagrees is rewritten from the comment's row, read at SERIAL.
    async fn post_moderation(&self, post: PostId, findings: &mut Vec<Finding>) -> StoreResult<()> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        let here = site.as_str();
        // Bounded by the post's comments (`MAX_COMMENTS_PER_POST`), paged.
        let rows: Vec<(CqlTimeuuid, String)> = store
            .scan_prepared(&self.st.comment_states, (here, post.0))
            .await?;
        let mut own = HashSet::new();
        for (id, state) in rows {
            let state = CommentState::parse(&state)?;
            if state.is_listed() {
                own.insert((state, Uuid::from(id)));
            }
        }
        let listed: Vec<(String, CqlTimeuuid)> = store
            .scan_prepared(&self.st.post_listed, (here, post.0))
            .await?;
        let mut redo = BTreeSet::new();
        let mut present = HashSet::new();
        for (state, id) in listed {
            let key = (CommentState::parse(&state)?, Uuid::from(id));
            if !own.contains(&key) {
                findings.push(Finding {
                    table: "post_moderation",
                    what: format!("comment {} is not {state}; removed", key.1),
                });
                redo.insert(key.1);
            }
            present.insert(key);
        }
        for &(state, id) in &own {
            if !present.contains(&(state, id)) {
                findings.push(Finding {
                    table: "post_moderation",
                    what: format!("{} comment {id} is missing; written", state.as_str()),
                });
                redo.insert(id);
            }
            let hour = hour_of(CommentId(id));
            let row: Option<(CqlTimeuuid,)> = store
                .row(
                    &self.st.site_listed,
                    (here, state.as_str(), hour, CqlTimeuuid::from(id)),
                )
                .await?;
            if row.is_none() {
                findings.push(Finding {
                    table: "moderation_lists",
                    what: format!("{} comment {id} is missing; written", state.as_str()),
                });
                redo.insert(id);
            }
            if self.first_look(format!("hour {} {hour}", state.as_str())) {
                let indexed: Option<(i32,)> = store
                    .row(&self.st.hour_listed, (here, state.as_str(), hour))
                    .await?;
                if indexed.is_none() {
                    findings.push(Finding {
                        table: "moderation_hours",
                        what: format!(
                            "{} comments of hour {hour} are listed, which was not recorded; recorded",
                            state.as_str()
                        ),
                    });
                    if fix {
                        store
                            .exec(&store.queue.hour_insert, (here, state.as_str(), hour))
                            .await?;
                    }
                }
            }
        }
        if fix {
            for id in redo {
                store.relist_comment(site, post, CommentId(id)).await?;
            }
        }
        Ok(())
    }
}

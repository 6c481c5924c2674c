//! Repair's pass over the lists, from their side: each row of a list against the post
//! it shows (read without its bodies), so that a row for a post that is not in that list
//! (or not at that time) is removed and an old copy of a post rewritten. A list's
//! partitions are read one at a time, its rows checked `ROWS_IN_FLIGHT` at once; a
//! row missing from a list was found by the posts' pass.

use super::rows::{DraftRow, PageRow, ScheduledRow, ShownRow};
use super::{IN_FLIGHT, ROWS_IN_FLIGHT, Run, Told};
use crate::domain::{CommentId, CommentState, MAX_PAGES, PostId};
use crate::store::cassandra::posts::listings::{ARCHIVE, author_bucket_of, bucket_of};
use crate::store::repair::Finding;
use crate::store::{StoreError, StoreResult};
use futures_util::{StreamExt, TryStreamExt};
use scylla::DeserializeRow;
use scylla::value::{CqlTimeuuid, CqlValue};
use std::collections::{HashMap, HashSet};
use uuid::Uuid;

/// A row of the front page, an author's page or a tag's bucket.
#[derive(DeserializeRow)]
struct ListRow {
    published: CqlTimeuuid,
    post_id: Uuid,
    slug: String,
    title: String,
    excerpt: String,
    author_name: String,
    tags: Option<Vec<String>>,
    author_id: Option<Uuid>,
}

impl ListRow {
    /// Whether the row shows `post` as it is.
    fn shows(&self, post: &ShownRow) -> bool {
        self.post_id == post.post_id
            && self.slug == post.slug
            && self.title == post.title
            && self.excerpt == post.excerpt
            && self.author_name == post.author_name
            && self.tags.clone().unwrap_or_default() == post.tags()
            && self.author_id == Some(post.author_id)
    }
}

/// Which list a row is in.
#[derive(Clone, Copy)]
enum List<'a> {
    Tag(&'a str, i32),
    Author(Uuid, i32),
    Front,
}

impl List<'_> {
    fn table(self) -> &'static str {
        match self {
            List::Tag(..) => "tag_posts",
            List::Author(..) => "author_month_posts",
            List::Front => "front_page",
        }
    }

    /// Whether a listed post belongs in this list.
    fn has(self, post: &ShownRow) -> bool {
        match self {
            List::Tag(tag, _) => tag == ARCHIVE || post.tags().iter().any(|t| t == tag),
            List::Author(author, _) => post.author_id == author,
            List::Front => true,
        }
    }

    /// Whether a row published at `published` belongs in this bucket of the list.
    fn holds(self, published: CqlTimeuuid) -> bool {
        match self {
            List::Tag(tag, month) => bucket_of(tag, published).ok() == Some(month),
            List::Author(_, bucket) => author_bucket_of(published).ok() == Some(bucket),
            List::Front => true,
        }
    }
}

impl Run<'_> {
    /// A post read whole, for a fix that writes its rows again.
    async fn whole(&self, post: Uuid) -> StoreResult<Option<crate::domain::Post>> {
        self.store.post_by_id(self.site, PostId(post)).await
    }

    /// One row of a list against its post: whether it stays (after any fix).
    async fn check_list_row(
        &self,
        list: List<'_>,
        row: ListRow,
    ) -> (Vec<Finding>, StoreResult<bool>) {
        let mut findings = Vec::new();
        let kept = self.list_row(list, &row, &mut findings).await;
        (findings, kept)
    }

    async fn list_row(
        &self,
        list: List<'_>,
        row: &ListRow,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<bool> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        let table = list.table();
        let published = Uuid::from(row.published);
        let post = self
            .shown(row.post_id)
            .await?
            .filter(|p| p.listed() == Some(published) && list.has(p) && list.holds(row.published));
        match post {
            Some(post) if row.shows(&post) => Ok(true),
            Some(post) => {
                findings.push(Finding {
                    table,
                    what: format!(
                        "the row of post {} shows an old copy of it; rewritten",
                        post.post_id
                    ),
                });
                if fix {
                    store.settle_lists(site, PostId(post.post_id), None).await?;
                }
                Ok(true)
            }
            None => {
                findings.push(Finding {
                    table,
                    what: format!(
                        "a row for post {} which is not published there; removed",
                        row.post_id
                    ),
                });
                if fix {
                    let here = site.as_str();
                    match list {
                        List::Tag(tag, month) => {
                            store
                                .exec(&self.st.tag_row_delete, (here, tag, month, row.published))
                                .await?
                        }
                        List::Author(author, bucket) => {
                            store
                                .exec(
                                    &self.st.author_row_delete,
                                    (here, author, bucket, row.published),
                                )
                                .await?
                        }
                        List::Front => {
                            store
                                .exec(&self.st.front_row_delete, (here, row.published))
                                .await?
                        }
                    };
                }
                Ok(false)
            }
        }
    }

    /// The rows of one bucket, each checked: how many stay, and what was found.
    async fn check_bucket(&self, list: List<'_>, rows: Vec<ListRow>) -> (i64, Told) {
        let what = |row: &ListRow| format!("the row of post {} in {}", row.post_id, list.table());
        let checked: Vec<(Option<bool>, Told)> = futures_util::stream::iter(rows)
            .map(|row| {
                let what = what(&row);
                async move { self.checked(|| what, self.check_list_row(list, row)).await }
            })
            .buffer_unordered(ROWS_IN_FLIGHT)
            .collect()
            .await;
        let mut all = Told::default();
        let mut kept = 0;
        for (stays, told) in checked {
            // What could not be checked is counted as it is.
            kept += i64::from(stays.unwrap_or(true));
            all.add(told);
        }
        (kept, all)
    }

    /// A tag's (or the archive's) buckets, each row against its post, then the tag's
    /// count against the rows that stay.
    pub(super) async fn check_tag(&self, tag: String) -> ((), Told) {
        let what = || format!("the list of tag {tag:?}");
        let mut rows = Told::default();
        let (_, mut told) = self
            .checked(what, async {
                let mut findings = Vec::new();
                let done = self.tag_checked(&tag, &mut findings, &mut rows).await;
                (findings, done)
            })
            .await;
        told.add(rows);
        ((), told)
    }

    async fn tag_checked(
        &self,
        tag: &str,
        findings: &mut Vec<Finding>,
        rows_told: &mut Told,
    ) -> StoreResult<()> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        let here = site.as_str();
        let months: Vec<(i32,)> = store.rows(&self.st.tag_months, (here, tag)).await?;
        let mut listed = 0;
        for &(month,) in &months {
            let rows: Vec<ListRow> = store
                .scan_prepared(&self.st.tag_bucket, (here, tag, month))
                .await?;
            let (kept, told) = self.check_bucket(List::Tag(tag, month), rows).await;
            listed += kept;
            rows_told.add(told);
        }
        if tag == ARCHIVE {
            return Ok(());
        }
        let counted: Option<(Option<i64>,)> = store
            .row(
                &self.st.tag_count,
                (here, crate::domain::tag_order_key(tag), tag),
            )
            .await?;
        let counted = counted.and_then(|(n,)| n).unwrap_or_default();
        if counted != listed {
            findings.push(Finding {
                table: "tag_list",
                what: format!("tag {tag} counted {counted} posts for {listed}; recounted"),
            });
            if fix {
                for &(month,) in &months {
                    store.recount_bucket(site, tag, month).await?;
                }
                store.recount_tag(site, tag).await?;
            }
        }
        Ok(())
    }

    /// An author's buckets, each row against its post.
    pub(super) async fn check_author(&self, author: Uuid) -> ((), Told) {
        let what = || format!("the list of author {author}");
        let mut rows_told = Told::default();
        let (_, mut told) = self
            .checked(what, async {
                let (store, here) = (self.store, self.site.as_str());
                let buckets: StoreResult<Vec<(i32,)>> =
                    store.rows(&self.st.author_months, (here, author)).await;
                let buckets = match buckets {
                    Ok(buckets) => buckets,
                    Err(e) => return (Vec::new(), Err(e)),
                };
                for (bucket,) in buckets {
                    let rows = store
                        .scan_prepared(&self.st.author_bucket, (here, author, bucket))
                        .await;
                    match rows {
                        Ok(rows) => {
                            let (_, told) =
                                self.check_bucket(List::Author(author, bucket), rows).await;
                            rows_told.add(told);
                        }
                        Err(e) => return (Vec::new(), Err(e)),
                    }
                }
                (Vec::new(), Ok(()))
            })
            .await;
        told.add(rows_told);
        ((), told)
    }

    /// The tags counted that have no buckets at all: counted nothing. (A tag with
    /// buckets was counted by the lists' pass.)
    pub(super) async fn check_tag_counts(&self) -> StoreResult<()> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        let here = site.as_str();
        let counts = store
            .session
            .execute_iter(self.st.tag_counts.clone(), (here,))
            .await
            .map_err(super::unavailable)?
            .rows_stream::<(String, Option<i64>, Vec<u8>)>()
            .map_err(super::unavailable)?
            .map_err(super::unavailable)
            .map_ok(|(tag, n, key)| {
                let misplaced = key != crate::domain::tag_order_key(&tag);
                (tag, n, key, misplaced)
            })
            .try_filter(|(_, n, _, misplaced)| {
                std::future::ready(*misplaced || n.unwrap_or_default() != 0)
            })
            .map_ok(|(tag, n, key, misplaced)| async move {
                let months: StoreResult<Option<(i32,)>> = store
                    .row(&self.st.tag_any_month, (here, tag.as_str()))
                    .await;
                Ok::<_, StoreError>((tag, n, key, misplaced, months))
            })
            .try_buffer_unordered(IN_FLIGHT);
        futures_util::pin_mut!(counts);
        let mut done = 0;
        while let Some((tag, n, key, misplaced, months)) = counts.try_next().await? {
            done += 1;
            self.watch.progress("tag counts", done);
            if misplaced {
                // Written under a key an earlier collation gave the name: its count is
                // written again at the name's key, and this row goes.
                self.found(Finding {
                    table: "tag_list",
                    what: format!(
                        "tag {tag} is out of its place in the list of tags; placed again"
                    ),
                });
                if fix {
                    store
                        .exec(&self.st.tag_misplaced, (here, key, tag.as_str()))
                        .await?;
                    store.recount_tag(site, &tag).await?;
                }
                continue;
            }
            match months {
                Ok(Some(_)) => {}
                Ok(None) => {
                    self.found(Finding {
                        table: "tag_list",
                        what: format!(
                            "tag {tag} counted {} posts for 0; recounted",
                            n.unwrap_or_default()
                        ),
                    });
                    if fix {
                        store.recount_tag(site, &tag).await?;
                    }
                }
                Err(e) => self.failed(format!("the count of tag {tag:?}: {e}")),
            }
        }
        Ok(())
    }

    /// The front page against the newest listed posts the posts' pass saw (not checked
    /// when a post could not be read at all: it may be one of them).
    pub(super) async fn check_front_page(&self) -> StoreResult<()> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        if self
            .at
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .newest_unsure
        {
            self.failed("the front page: not checked, as a post could not be read".into());
            return Ok(());
        }
        let newest: HashMap<Uuid, Uuid> = self
            .at
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .newest
            .iter()
            .copied()
            .collect();
        let rows: Vec<ListRow> = store
            .scan_prepared(&self.st.front_rows, (site.as_str(),))
            .await?;
        let mut seen = HashSet::new();
        let mut checked = Vec::new();
        for row in rows {
            let published = Uuid::from(row.published);
            if newest.contains_key(&published) {
                seen.insert(published);
                checked.push(row);
            } else {
                // Not among the newest listed posts: off the front page.
                self.found(Finding {
                    table: "front_page",
                    what: format!(
                        "a row for post {} which is not among the newest published; removed",
                        row.post_id
                    ),
                });
                if fix {
                    store
                        .exec(&self.st.front_row_delete, (site.as_str(), row.published))
                        .await?;
                }
            }
        }
        let (_, told) = self.check_bucket(List::Front, checked).await;
        self.tell(told);
        for (published, post) in newest {
            if !seen.contains(&published) {
                self.found(Finding {
                    table: "front_page",
                    what: format!("post {post} is missing; written"),
                });
                if fix {
                    store.settle_lists(site, PostId(post), None).await?;
                }
            }
        }
        Ok(())
    }
}

impl Run<'_> {
    /// An author's drafts list, each row against its post.
    pub(super) async fn check_drafts(&self, author: Uuid) -> ((), Told) {
        let what = || format!("the drafts of author {author}");
        let (_, told) = self
            .checked(what, async {
                let mut findings = Vec::new();
                let done = self.drafts_checked(author, &mut findings).await;
                (findings, done)
            })
            .await;
        ((), told)
    }

    async fn drafts_checked(&self, author: Uuid, findings: &mut Vec<Finding>) -> StoreResult<()> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        let here = site.as_str();
        let rows: Vec<DraftRow> = store.scan_prepared(&self.st.drafts, (here, author)).await?;
        for (created, id, slug, title, ..) in rows {
            let post = self
                .shown(id)
                .await?
                .filter(|p| p.is_listed_draft() && p.author_id == author && p.created == created);
            match post {
                Some(p)
                    if slug.as_deref() == Some(&p.slug) && title.as_deref() == Some(&p.title) => {}
                Some(_) => {
                    findings.push(Finding {
                        table: "author_drafts",
                        what: format!("the row of draft {id} is out of date; written"),
                    });
                    if let (true, Some(post)) = (fix, self.whole(id).await?) {
                        store.list_draft(site, &post, None, None).await?;
                    }
                }
                None => {
                    findings.push(Finding {
                        table: "author_drafts",
                        what: format!("the row of post {id} is stale or not a draft's; removed"),
                    });
                    if fix {
                        store
                            .exec(&self.st.draft_delete, (here, author, created, id))
                            .await?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The site's schedule, each row against its post.
    pub(super) async fn check_schedule(&self) -> StoreResult<()> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        let here = site.as_str();
        let rows: Vec<ScheduledRow> = store.scan_prepared(&self.st.schedule, (here,)).await?;
        for (id, due, slug, title) in rows {
            let post = match self.shown(id).await {
                Ok(post) => post.filter(|p| p.due().is_some()),
                Err(e) => {
                    self.failed(format!("scheduled post {id}: {e}"));
                    continue;
                }
            };
            match post {
                Some(p)
                    if p.due() == due
                        && slug.as_deref() == Some(&p.slug)
                        && title.as_deref() == Some(&p.title) => {}
                Some(_) => {
                    self.found(Finding {
                        table: "scheduled_posts",
                        what: format!("the row of scheduled draft {id} is out of date; written"),
                    });
                    if let (true, Some(post)) = (fix, self.whole(id).await?) {
                        store.list_scheduled(site, &post).await?;
                    }
                }
                None => {
                    self.found(Finding {
                        table: "scheduled_posts",
                        what: format!(
                            "the row of post {id} is stale or not a scheduled draft's; removed"
                        ),
                    });
                    if fix {
                        store.exec(&self.st.scheduled_delete, (here, id)).await?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The list of pages, each row against its page.
    pub(super) async fn check_pages(&self) -> StoreResult<()> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        let here = site.as_str();
        let rows: Vec<PageRow> = store.scan_prepared(&self.st.pages, (here,)).await?;
        for (id, created, slug, title, status, updated) in rows {
            let page = match self.shown(id).await {
                Ok(page) => page.filter(|p| p.is_page()),
                Err(e) => {
                    self.failed(format!("page {id}: {e}"));
                    continue;
                }
            };
            let Some(page) = page else {
                self.found(Finding {
                    table: "site_pages",
                    what: format!("a row for {id}, which is not a page; removed"),
                });
                if fix {
                    store
                        .exec(&self.st.page_delete, (here, created, id))
                        .await?;
                }
                continue;
            };
            if page.created != created {
                self.found(Finding {
                    table: "site_pages",
                    what: format!("page {id} was listed at another time; moved"),
                });
                if fix {
                    store
                        .exec(&self.st.page_delete, (here, created, id))
                        .await?;
                }
                continue;
            }
            let shown = slug.as_deref() == Some(&page.slug)
                && title.as_deref() == Some(&page.title)
                && status.as_deref() == Some(&page.status)
                && updated == Some(page.updated());
            if !shown {
                self.found(Finding {
                    table: "site_pages",
                    what: format!("page {id} is missing or out of date; written"),
                });
                if let (true, Some(post)) = (fix, self.whole(id).await?) {
                    store.list_static_page(site, &post).await?;
                }
            }
        }
        let pages = self.at.lock().unwrap_or_else(|e| e.into_inner()).pages;
        if pages > MAX_PAGES {
            self.found(Finding {
                table: "site_pages",
                what: format!(
                    "{pages} pages, more than the {MAX_PAGES} a site has: left for an admin"
                ),
            });
        }
        Ok(())
    }

    /// The site's moderation lists: each state's hours, each row against its comment's
    /// row (a comment missing from them was found by the posts' pass).
    pub(super) async fn check_site_moderation(&self) -> StoreResult<()> {
        let (store, site) = (self.store, self.site);
        let here = site.as_str();
        let mut done = 0;
        for state in [
            CommentState::Pending,
            CommentState::Spam,
            CommentState::Rejected,
        ] {
            // An hour each (87,600 in ten years at most), paged.
            let hours = store
                .session
                .execute_iter(self.st.hours.clone(), (here, state.as_str()))
                .await
                .map_err(super::unavailable)?
                .rows_stream::<(i32,)>()
                .map_err(super::unavailable)?;
            futures_util::pin_mut!(hours);
            while let Some(hour) = hours.next().await {
                let (hour,) = hour.map_err(|e| StoreError::Corrupt(e.to_string()))?;
                let rows: Vec<(CqlTimeuuid, Uuid)> = store
                    .scan_prepared(&self.st.hour_rows, (here, state.as_str(), hour))
                    .await?;
                let checked: Vec<(Option<()>, Told)> = futures_util::stream::iter(rows)
                    .map(|(id, post)| async move {
                        let what = || format!("{} comment {}", state.as_str(), Uuid::from(id));
                        self.checked(what, self.listed_comment(state, post, id))
                            .await
                    })
                    .buffer_unordered(ROWS_IN_FLIGHT)
                    .collect()
                    .await;
                for (_, told) in checked {
                    self.tell(told);
                }
                done += 1;
                self.watch.progress("moderation", done);
            }
        }
        Ok(())
    }

    /// A row of the site's list of `state` against its comment's row.
    async fn listed_comment(
        &self,
        state: CommentState,
        post: Uuid,
        id: CqlTimeuuid,
    ) -> (Vec<Finding>, StoreResult<()>) {
        let mut findings = Vec::new();
        let done = async {
            let values: Vec<Option<CqlValue>> = vec![
                Some(CqlValue::Text(self.site.as_str().to_owned())),
                Some(CqlValue::Uuid(post)),
                Some(CqlValue::Timeuuid(id)),
            ];
            let row: Option<(String,)> = self.store.row(&self.st.comment_state, values).await?;
            if row.as_ref().map(|(s,)| s.as_str()) != Some(state.as_str()) {
                let id = Uuid::from(id);
                findings.push(Finding {
                    table: "moderation_lists",
                    what: format!("comment {id} is not {}; removed", state.as_str()),
                });
                if self.fix {
                    self.store
                        .relist_comment(self.site, PostId(post), CommentId(id))
                        .await?;
                }
            }
            Ok(())
        }
        .await;
        (findings, done)
    }
}

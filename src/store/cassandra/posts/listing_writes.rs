//! Writing the lists of published posts when a post changes: its rows in the front
//! page, its author's page and the month buckets of its tags and the archive, the tags'
//! counts, and `settle_lists`, which makes every list follow the post's row.

use crate::domain::{Post, PostId, Site, UserId};
use crate::store::cassandra::intents::Listed;
use crate::store::cassandra::posts::listings::{
    ARCHIVE, Bucket, author_bucket_of, bucket_of, list_cursor, listed_under,
};
use crate::store::cassandra::{CassandraStore, logged, mark_idempotence};
use crate::store::{FRONT_PAGE_CAP, PageAt, PageError, StoreError, StoreResult};
use scylla::statement::batch::{Batch, BatchType};
use scylla::value::{CqlTimeuuid, CqlValue};

/// Now, in microseconds since 1970: the write time of a count made from a read begun now.
fn timestamp_now() -> i64 {
    crate::domain::now().timestamp_micros()
}

impl CassandraStore {
    /// Adds a newly published post to the front page and its author's page (one logged
    /// batch), then trims the front page.
    pub(in crate::store::cassandra) async fn list_published(
        &self,
        site: &Site,
        post: &Post,
        published_id: CqlTimeuuid,
    ) -> StoreResult<()> {
        let _changing = self.list_memo.changing();
        let tags = post.tags.to_strings();
        let row = (
            published_id,
            post.id.0,
            post.slug.as_str(),
            post.title.as_str(),
            post.excerpt.as_str(),
            post.author_name.as_str(),
            &tags,
        );
        let front = (
            site.as_str(),
            row.0,
            row.1,
            row.2,
            row.3,
            row.4,
            row.5,
            row.6,
            post.author_id.0,
        );
        let bucket = author_bucket_of(published_id)?;
        let author = (
            site.as_str(),
            post.author_id.0,
            bucket,
            row.0,
            row.1,
            row.2,
            row.3,
            row.4,
            row.5,
            row.6,
        );
        self.batch(
            &self.listings.publish_rows,
            (front, author, (site.as_str(), post.author_id.0, bucket)),
        )
        .await?;
        self.list_tags(site, post, published_id).await?;
        self.trim_front_page(site).await
    }

    /// Writes a published post's rows in the month buckets of its tags and the archive,
    /// and the month in each one's tag_months (one logged batch).
    pub(in crate::store::cassandra) async fn list_tags(
        &self,
        site: &Site,
        post: &Post,
        published_id: CqlTimeuuid,
    ) -> StoreResult<()> {
        let _changing = self.list_memo.changing();
        let tags = post.tags.to_strings();
        // Each row with its month in the tag's index, in one logged batch: a bucket is
        // never without its entry in tag_months, through which readers reach it.
        let mut batch = Batch::new(BatchType::Logged);
        let mut values: Vec<Vec<Option<CqlValue>>> = Vec::new();
        let text = |s: &str| Some(CqlValue::Text(s.to_owned()));
        for tag in listed_under(&tags) {
            let month = bucket_of(&tag, published_id)?;
            batch.append_statement(self.listings.tag_post_insert.clone());
            values.push(vec![
                text(site.as_str()),
                text(&tag),
                Some(CqlValue::Int(month)),
                Some(CqlValue::Timeuuid(published_id)),
                Some(CqlValue::Uuid(post.id.0)),
                text(post.slug.as_str()),
                text(post.title.as_str()),
                text(&post.excerpt),
                text(&post.author_name),
                Some(CqlValue::List(
                    tags.iter().map(|t| CqlValue::Text(t.clone())).collect(),
                )),
                Some(CqlValue::Uuid(post.author_id.0)),
                Some(CqlValue::Timestamp(scylla::value::CqlTimestamp(
                    post.updated.timestamp_millis(),
                ))),
            ]);
            batch.append_statement(self.listings.tag_month_insert.clone());
            values.push(vec![
                text(site.as_str()),
                text(&tag),
                Some(CqlValue::Int(month)),
            ]);
        }
        mark_idempotence(&mut batch);
        self.batch(&batch, values).await
    }

    /// Removes a post's rows from the month buckets of `tags`.
    pub(in crate::store::cassandra) async fn unlist_tags(
        &self,
        site: &Site,
        tags: &[String],
        published_id: CqlTimeuuid,
    ) -> StoreResult<()> {
        let _changing = self.list_memo.changing();
        if tags.is_empty() {
            return Ok(());
        }
        let rows = tags
            .iter()
            .map(|tag| {
                Ok((
                    site.as_str(),
                    tag.as_str(),
                    bucket_of(tag, published_id)?,
                    published_id,
                ))
            })
            .collect::<StoreResult<Vec<_>>>()?;
        let batch = logged(
            rows.iter()
                .map(|_| self.listings.tag_post_delete.clone())
                .collect(),
        );
        self.batch(&batch, rows).await
    }

    /// Makes a post's rows in the lists follow its row, from where they were (`was`):
    /// removes what `was` listed that the post no longer has, writes what it has. Then
    /// reads the row again at SERIAL and goes on while it moved meanwhile, so that lists
    /// written by a write racing a publish or unpublish end as the row is. Every step
    /// can be run again: this is how each write that moves a post ends, and how the
    /// reconciler finishes one that died. The row is first read at LOCAL_QUORUM (which
    /// sees the move that its caller's LWT committed): one that missed a move still under
    /// way is caught by the serial read after the lists, so a save or a publish costs one
    /// Paxos round for its lists, not two.
    pub(in crate::store::cassandra) async fn settle_lists(
        &self,
        site: &Site,
        id: PostId,
        was: Option<Listed>,
    ) -> StoreResult<Option<Post>> {
        let _changing = self.list_memo.changing();
        let mut was = was;
        // None found at LOCAL_QUORUM may be a new post whose write another data centre
        // coordinated: only a serial read says there is no post.
        let first = match self.post_listing(site, id, false).await? {
            Some(found) => Some(found),
            None => self.post_listing(site, id, true).await?,
        };
        let Some(mut current) = first else {
            return Ok(None);
        };
        for _ in 0..5 {
            let (post, now) = &current;
            if let Some(was) = &was {
                let published_id = CqlTimeuuid::from(was.published_id);
                let mut left_front = false;
                let kept: Vec<String> = match now {
                    Some(now) if now.published_id == was.published_id => listed_under(&now.tags),
                    _ => {
                        self.batch(
                            &self.listings.unlist_rows,
                            (
                                (site.as_str(), published_id),
                                (
                                    site.as_str(),
                                    post.author_id.0,
                                    author_bucket_of(published_id)?,
                                    published_id,
                                ),
                            ),
                        )
                        .await?;
                        left_front = true;
                        Vec::new()
                    }
                };
                let dropped: Vec<String> = listed_under(&was.tags)
                    .iter()
                    .filter(|t| !kept.contains(t))
                    .cloned()
                    .collect();
                self.unlist_tags(site, &dropped, published_id).await?;
                if left_front {
                    // Out of the archive too by now, so not read back into the front page.
                    self.refill_front_page(site).await?;
                }
            }
            if let Some(now) = now {
                self.list_published(site, post, CqlTimeuuid::from(now.published_id))
                    .await?;
            }
            self.count_tags(site, was.as_ref(), now.as_ref()).await?;
            self.index_search(site, post, was.as_ref(), now.as_ref())
                .await?;
            self.list_static_page(site, post).await?;
            self.list_draft(site, post, was.as_ref(), now.as_ref())
                .await?;
            self.list_scheduled(site, post).await?;
            let Some(again) = self.post_listing(site, id, true).await? else {
                return Ok(None);
            };
            // Moved: to other lists, or to another text or state that the rows written
            // from it show (a page's or a draft's list, which `Listed` does not name).
            let moved = again.1 != *now
                || again.0.revision != post.revision
                || again.0.status != post.status
                || again.0.scheduled != post.scheduled;
            was = now.clone();
            current = again;
            if !moved {
                return Ok(Some(current.0));
            }
        }
        Err(StoreError::Unavailable(
            "the post kept moving while its lists were written".into(),
        ))
    }

    /// Takes a post listed as `was` out of every list of posts (front page, author
    /// page, archive, tags) and their counts; run again, it removes nothing more.
    pub(in crate::store::cassandra) async fn unlist_post(
        &self,
        site: &Site,
        author: UserId,
        was: &Listed,
    ) -> StoreResult<()> {
        let _changing = self.list_memo.changing();
        let published_id = CqlTimeuuid::from(was.published_id);
        self.batch(
            &self.listings.unlist_rows,
            (
                (site.as_str(), published_id),
                (
                    site.as_str(),
                    author.0,
                    author_bucket_of(published_id)?,
                    published_id,
                ),
            ),
        )
        .await?;
        self.unlist_tags(site, &listed_under(&was.tags), published_id)
            .await?;
        self.refill_front_page(site).await?;
        self.count_tags(site, Some(was), None).await
    }

    /// Counts again the tag buckets a post's rows entered or left, from where they were
    /// listed (`was`) to where they are now, and each such tag's total.
    pub(in crate::store::cassandra) async fn count_tags(
        &self,
        site: &Site,
        was: Option<&Listed>,
        now: Option<&Listed>,
    ) -> StoreResult<()> {
        let buckets = |l: Option<&Listed>| -> StoreResult<Vec<(String, i32)>> {
            let Some(l) = l else {
                return Ok(Vec::new());
            };
            let month = Bucket::Month.of(CqlTimeuuid::from(l.published_id))?;
            Ok(l.tags.iter().map(|t| (t.clone(), month)).collect())
        };
        let (before, after) = (buckets(was)?, buckets(now)?);
        let same = was
            .zip(now)
            .is_some_and(|(w, n)| w.published_id == n.published_id);
        let mut moved: Vec<(String, i32)> = before
            .iter()
            .filter(|b| !same || !after.contains(b))
            .chain(after.iter().filter(|a| !same || !before.contains(a)))
            .cloned()
            .collect();
        moved.sort();
        moved.dedup();
        for (tag, month) in &moved {
            self.recount_bucket(site, tag, *month).await?;
        }
        let mut tags: Vec<&String> = moved.iter().map(|(t, _)| t).collect();
        tags.dedup();
        for tag in tags {
            self.recount_tag(site, tag).await?;
        }
        Ok(())
    }

    /// Counts one tag bucket's rows into tag_month_counts, at the time of the count.
    pub(in crate::store::cassandra) async fn recount_bucket(
        &self,
        site: &Site,
        tag: &str,
        month: i32,
    ) -> StoreResult<()> {
        let at = timestamp_now();
        let (n,): (i64,) = self
            .row(&self.listings.tag_bucket_count, (site.as_str(), tag, month))
            .await?
            .unwrap_or((0,));
        self.exec(
            &self.listings.tag_month_count_write,
            (site.as_str(), tag, month, n, at),
        )
        .await?;
        Ok(())
    }

    /// Sums a tag's month counts into the list of tags, at the time of the read.
    pub(in crate::store::cassandra) async fn recount_tag(
        &self,
        site: &Site,
        tag: &str,
    ) -> StoreResult<()> {
        let at = timestamp_now();
        let months: Vec<(Option<i64>,)> = self
            .rows(&self.listings.tag_month_counts_read, (site.as_str(), tag))
            .await?;
        let total: i64 = months.iter().map(|(n,)| n.unwrap_or_default()).sum();
        self.exec(
            &self.listings.tag_count_write,
            (
                site.as_str(),
                crate::domain::tag_order_key(tag),
                tag,
                total,
                at,
            ),
        )
        .await?;
        Ok(())
    }

    /// Fills the front page back up to [`FRONT_PAGE_CAP`] rows from the archive, after a
    /// post left it: it holds the site's newest posts, all of them when there are fewer,
    /// so a home page shorter than asked for is the whole site. Writes what it read;
    /// run again, the same rows.
    pub(in crate::store::cassandra) async fn refill_front_page(
        &self,
        site: &Site,
    ) -> StoreResult<()> {
        let _changing = self.list_memo.changing();
        let keys: Vec<(CqlTimeuuid,)> = self
            .rows(
                &self.listings.front_page_keys,
                (site.as_str(), FRONT_PAGE_CAP as i32),
            )
            .await?;
        if keys.len() >= FRONT_PAGE_CAP {
            return Ok(());
        }
        let oldest = keys.last().map(|(k,)| list_cursor(*k));
        let at = oldest.as_deref().map_or(PageAt::Newest, PageAt::Older);
        let want = FRONT_PAGE_CAP - keys.len();
        let rows = self
            .walk(&self.archive(None), site, ARCHIVE, at, want)
            .await
            .map_err(|e| match e {
                PageError::Store(e) => e,
                PageError::BadCursor => {
                    StoreError::Corrupt("a front page key is not a time UUID".into())
                }
            })?;
        for (post, published) in rows {
            // A row of a post that another process is taking out of the lists right now
            // is not copied back: the post's own row says whether it is listed there.
            let listed = self.post_listing(site, post.id, false).await?;
            let still = listed
                .and_then(|(_, listed)| listed)
                .is_some_and(|l| CqlTimeuuid::from(l.published_id) == published);
            if !still {
                continue;
            }
            let tags = post.tags.to_strings();
            self.exec(
                &self.listings.front_page_insert,
                (
                    site.as_str(),
                    published,
                    post.id.0,
                    post.slug.as_str(),
                    post.title.as_str(),
                    post.excerpt.as_str(),
                    post.author_name.as_str(),
                    &tags,
                    post.author_id.map(|a| a.0),
                ),
            )
            .await?;
        }
        Ok(())
    }

    /// Keeps the front page partition at [`FRONT_PAGE_CAP`] rows: one read of the keys,
    /// then one range delete of everything past the cap.
    pub(in crate::store::cassandra) async fn trim_front_page(
        &self,
        site: &Site,
    ) -> StoreResult<()> {
        let _changing = self.list_memo.changing();
        let keys: Vec<(CqlTimeuuid,)> = self
            .rows(
                &self.listings.front_page_keys,
                (site.as_str(), (FRONT_PAGE_CAP + 1) as i32),
            )
            .await?;
        if let Some((oldest_kept_out,)) = keys.get(FRONT_PAGE_CAP) {
            self.exec(
                &self.listings.front_page_trim,
                (site.as_str(), oldest_kept_out),
            )
            .await?;
        }
        Ok(())
    }
}

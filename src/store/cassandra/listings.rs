//! The lists of published posts: the front page, author pages and tag pages (seed 001),
//! each a single-partition read.

use super::*;

pub(super) const SUMMARY_COLUMNS: &str =
    "published, post_id, slug, title, excerpt, author_name, tags";

/// How a list of published posts is bucketed: an author's by year of publication, a
/// tag's by month (the most used of a site's tags has far more posts in a year than the
/// busiest author; see schema.cql).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bucket {
    /// The year, `2026`.
    Year,
    /// The year and month, `202611`.
    Month,
}

impl Bucket {
    /// The bucket of a time.
    pub(super) fn at(self, at: DateTime<Utc>) -> i32 {
        use chrono::Datelike;
        match self {
            Bucket::Year => at.year(),
            Bucket::Month => at.year() * 100 + at.month() as i32,
        }
    }

    /// The bucket of a publication time UUID.
    pub(super) fn of(self, published: CqlTimeuuid) -> StoreResult<i32> {
        timeuuid::time_of(Uuid::from(published))
            .map(|at| self.at(at))
            .ok_or_else(|| StoreError::Corrupt("a publication key is not a time UUID".into()))
    }

    /// Whether a number names a bucket (from 1970 to 9999).
    fn valid(self, bucket: i32) -> bool {
        match self {
            Bucket::Year => (1970..=9999).contains(&bucket),
            Bucket::Month => {
                (197001..=999912).contains(&bucket) && (1..=12).contains(&(bucket % 100))
            }
        }
    }

    /// The bucket's column in its table and in the list's index.
    pub(super) fn column(self) -> &'static str {
        match self {
            Bucket::Year => "year",
            Bucket::Month => "month",
        }
    }
}

/// The year bucket of a publication time UUID.
pub(super) fn year_of(published: CqlTimeuuid) -> StoreResult<i32> {
    Bucket::Year.of(published)
}

/// Where a page of a bucketed list (a tag's, an author's) continues: `<bucket>` (the
/// start of that bucket), `<bucket>.<hex of the driver's paging state>`, or `<bucket>-`
/// (the buckets before that one).
pub(super) fn tag_cursor(bucket: i32, state: Option<&PagingState>) -> String {
    match state.and_then(PagingState::as_bytes_slice) {
        Some(bytes) => format!("{bucket}.{}", crate::domain::token::hex(bytes)),
        None => bucket.to_string(),
    }
}

pub(super) fn parse_tag_cursor(cursor: &str, kind: Bucket) -> Option<(i32, PagingState)> {
    if let Some(bucket) = cursor.strip_suffix('-') {
        let bucket: i32 = bucket.parse().ok().filter(|b| kind.valid(*b))?;
        return Some((-bucket, PagingState::start()));
    }
    let (bucket, state) = match cursor.split_once('.') {
        Some((bucket, hex)) => (bucket, Some(crate::domain::token::unhex(hex)?)),
        None => (cursor, None),
    };
    let bucket: i32 = bucket.parse().ok().filter(|b| kind.valid(*b))?;
    Some((
        bucket,
        state.map_or_else(PagingState::start, PagingState::new_from_raw_bytes),
    ))
}

/// A row of front_page or posts_by_author.
#[derive(DeserializeRow)]
pub(super) struct SummaryRow {
    published: CqlTimeuuid,
    post_id: Uuid,
    slug: String,
    title: String,
    excerpt: String,
    author_name: String,
    tags: Option<Vec<String>>,
}

pub(super) fn summaries(rows: Vec<SummaryRow>) -> StoreResult<Vec<PostSummary>> {
    rows.into_iter()
        .map(|row| {
            let published = timeuuid::time_of(Uuid::from(row.published))
                .ok_or_else(|| StoreError::Corrupt("a list key is not a time UUID".into()))?;
            Ok(PostSummary {
                id: PostId(row.post_id),
                slug: Slug::parse(&row.slug)?,
                title: row.title,
                excerpt: row.excerpt,
                author_name: row.author_name,
                tags: Tags::from_stored(row.tags.unwrap_or_default()),
                published,
            })
        })
        .collect()
}

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    /// The front page row and the author page row of a newly published post.
    pub(super) publish_rows: Batch,
    /// Both rows again, removed when a post goes back to draft.
    pub(super) unlist_rows: Batch,
    pub(super) tag_post_insert: PreparedStatement,
    pub(super) tag_post_delete: PreparedStatement,
    pub(super) tag_month_insert: PreparedStatement,
    pub(super) tag_month_before: PreparedStatement,
    pub(super) tag_months_newest: PreparedStatement,
    pub(super) tag_page_read: PreparedStatement,
    pub(super) author_year_before: PreparedStatement,
    pub(super) author_page_read: PreparedStatement,
    pub(super) front_page_read: PreparedStatement,
    pub(super) front_page_keys: PreparedStatement,
    pub(super) front_page_trim: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let unlist_rows = logged(vec![
            prepare(format!("DELETE FROM {ks}.front_page WHERE site = ? AND published = ?")).await?,
            prepare(format!(
                "DELETE FROM {ks}.author_posts WHERE site = ? AND author_id = ? AND year = ? AND published = ?"
            ))
            .await?,
        ]);
        let publish_rows = logged(vec![
            prepare(format!("INSERT INTO {ks}.front_page (site, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")).await?,
            prepare(format!(
                "INSERT INTO {ks}.author_posts (site, author_id, year, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            prepare(format!("INSERT INTO {ks}.author_years (site, author_id, year) VALUES (?, ?, ?)")).await?,
        ]);
        Ok(Self {
            publish_rows,
            unlist_rows,
            tag_post_insert: prepare(format!(
                "INSERT INTO {ks}.tag_posts (site, tag, month, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            tag_post_delete: prepare(format!(
                "DELETE FROM {ks}.tag_posts WHERE site = ? AND tag = ? AND month = ? AND published = ?"
            ))
            .await?,
            tag_month_insert: prepare(format!("INSERT INTO {ks}.tag_months (site, tag, month) VALUES (?, ?, ?)")).await?,
            tag_month_before: prepare(format!(
                "SELECT month FROM {ks}.tag_months WHERE site = ? AND tag = ? AND month < ? LIMIT 1"
            ))
            .await?,
            tag_months_newest: prepare(format!(
                "SELECT month FROM {ks}.tag_months WHERE site = ? AND tag = ? LIMIT 2"
            ))
            .await?,
            tag_page_read: prepare(format!(
                "SELECT {SUMMARY_COLUMNS} FROM {ks}.tag_posts WHERE site = ? AND tag = ? AND month = ?"
            ))
            .await?,
            author_year_before: prepare(format!(
                "SELECT year FROM {ks}.author_years WHERE site = ? AND author_id = ? AND year < ? LIMIT 1"
            ))
            .await?,
            author_page_read: prepare(format!(
                "SELECT {SUMMARY_COLUMNS} FROM {ks}.author_posts WHERE site = ? AND author_id = ? AND year = ?"
            ))
            .await?,
            front_page_read: prepare(format!("SELECT {SUMMARY_COLUMNS} FROM {ks}.front_page WHERE site = ? LIMIT ?")).await?,
            front_page_keys: prepare(format!("SELECT published FROM {ks}.front_page WHERE site = ? LIMIT ?")).await?,
            front_page_trim: prepare(format!("DELETE FROM {ks}.front_page WHERE site = ? AND published <= ?")).await?,
        })
    }
}

/// A bucketed list: the read of one bucket, the read of its index for the next older
/// bucket, and how it is bucketed.
pub(super) struct BucketList<'a> {
    read: &'a PreparedStatement,
    older: &'a PreparedStatement,
    /// The newest two buckets of the index, read by a first page when the current
    /// bucket is often empty (a tag's month); None: a first page reads the current one.
    newest: Option<&'a PreparedStatement>,
    bucket: Bucket,
}

impl CassandraStore {
    /// Adds a newly published post to the front page and its author's page (one logged
    /// batch), then trims the front page.
    pub(super) async fn list_published(
        &self,
        site: &Site,
        post: &Post,
        published_id: CqlTimeuuid,
    ) -> StoreResult<()> {
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
        );
        let year = year_of(published_id)?;
        let author = (
            site.as_str(),
            post.author_id.0,
            year,
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
            (front, author, (site.as_str(), post.author_id.0, year)),
        )
        .await?;
        self.list_tags(site, post, published_id).await?;
        self.trim_front_page(site).await
    }

    /// Writes a published post's rows in its tags' month buckets and the month in each
    /// tag's tag_months (one logged batch).
    pub(super) async fn list_tags(
        &self,
        site: &Site,
        post: &Post,
        published_id: CqlTimeuuid,
    ) -> StoreResult<()> {
        if post.tags.is_empty() {
            return Ok(());
        }
        let month = Bucket::Month.of(published_id)?;
        let tags = post.tags.to_strings();
        // Each row with its month in the tag's index, in one logged batch: a bucket is
        // never without its entry in tag_months, through which readers reach it.
        let mut batch = Batch::new(BatchType::Logged);
        let mut values: Vec<Vec<Option<CqlValue>>> = Vec::new();
        let text = |s: &str| Some(CqlValue::Text(s.to_owned()));
        for tag in &tags {
            batch.append_statement(self.listings.tag_post_insert.clone());
            values.push(vec![
                text(site.as_str()),
                text(tag),
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
            ]);
            batch.append_statement(self.listings.tag_month_insert.clone());
            values.push(vec![
                text(site.as_str()),
                text(tag),
                Some(CqlValue::Int(month)),
            ]);
        }
        mark_idempotence(&mut batch);
        self.batch(&batch, values).await
    }

    /// Removes a post's rows from the month buckets of `tags`.
    pub(super) async fn unlist_tags(
        &self,
        site: &Site,
        tags: &[String],
        published_id: CqlTimeuuid,
    ) -> StoreResult<()> {
        if tags.is_empty() {
            return Ok(());
        }
        let month = Bucket::Month.of(published_id)?;
        let rows: Vec<_> = tags
            .iter()
            .map(|tag| (site.as_str(), tag.as_str(), month, published_id))
            .collect();
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
    /// reconciler finishes one that died.
    pub(super) async fn settle_lists(
        &self,
        site: &Site,
        id: PostId,
        mut was: Option<Listed>,
    ) -> StoreResult<Option<Post>> {
        let Some(mut current) = self.post_listing(site, id, true).await? else {
            return Ok(None);
        };
        for _ in 0..5 {
            let (post, now) = &current;
            if let Some(was) = &was {
                let published_id = CqlTimeuuid::from(was.published_id);
                let kept: Vec<String> = match now {
                    Some(now) if now.published_id == was.published_id => now.tags.clone(),
                    _ => {
                        self.batch(
                            &self.listings.unlist_rows,
                            (
                                (site.as_str(), published_id),
                                (
                                    site.as_str(),
                                    post.author_id.0,
                                    year_of(published_id)?,
                                    published_id,
                                ),
                            ),
                        )
                        .await?;
                        Vec::new()
                    }
                };
                let dropped: Vec<String> = was
                    .tags
                    .iter()
                    .filter(|t| !kept.contains(t))
                    .cloned()
                    .collect();
                self.unlist_tags(site, &dropped, published_id).await?;
            }
            if let Some(now) = now {
                self.list_published(site, post, CqlTimeuuid::from(now.published_id))
                    .await?;
            }
            let Some(again) = self.post_listing(site, id, true).await? else {
                return Ok(None);
            };
            let moved = again.1 != *now || (now.is_some() && again.0.revision != post.revision);
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

    /// A page of a bucketed list (a tag's, an author's): newest first from the cursor's
    /// place, one read of a bucket per bucket the page spans; when a bucket ends before
    /// the page is full, the list's index of buckets names the next older one (never a
    /// pointer kept in the buckets, which a post published into an older bucket could
    /// leave stale). A page that ends with its bucket leaves the next read of the index
    /// to the next page.
    async fn bucket_page<K>(
        &self,
        list: BucketList<'_>,
        site: &Site,
        key: K,
        after: Option<&str>,
        limit: usize,
    ) -> Result<ListPage, PageError>
    where
        K: scylla::serialize::value::SerializeValue + Copy + Send + Sync,
    {
        use std::ops::ControlFlow;
        let limit = limit.clamp(1, 100);
        // The bucket after the one being read, when the index was read for both: Some(None)
        // when there is none.
        let mut known_older: Option<Option<i32>> = None;
        let (mut bucket, mut state) = match (after, list.newest) {
            // A tag's current month often has no posts: a first page reads the index for
            // the newest two months, so a small tag's first page is two reads (the index,
            // its one month) and a larger one's needs no read of the index when its
            // newest month ends.
            (None, Some(newest)) => {
                let months: Vec<(i32,)> = self.rows(newest, (site.as_str(), key)).await?;
                match months.first() {
                    None => {
                        return Ok(ListPage {
                            posts: Vec::new(),
                            next: None,
                        });
                    }
                    Some((first,)) => {
                        known_older = Some(months.get(1).map(|(m,)| *m));
                        (*first, PagingState::start())
                    }
                }
            }
            // An author's current year usually has posts: read it first.
            (None, None) => (list.bucket.at(crate::domain::now()), PagingState::start()),
            (Some(cursor), _) => {
                parse_tag_cursor(cursor, list.bucket).ok_or(PageError::BadCursor)?
            }
        };
        let mut posts = Vec::new();
        loop {
            // A negative bucket: that bucket is done, go on before it.
            if bucket < 0
                && let Some(older) = known_older.take()
            {
                match older {
                    None => return Ok(ListPage { posts, next: None }),
                    Some(older) => {
                        bucket = older;
                        state = PagingState::start();
                    }
                }
            }
            if bucket < 0 {
                let older: Option<(i32,)> =
                    self.row(list.older, (site.as_str(), key, -bucket)).await?;
                match older {
                    None => return Ok(ListPage { posts, next: None }),
                    Some((older,)) => {
                        bucket = older;
                        state = PagingState::start();
                    }
                }
            }
            let mut statement = list.read.clone();
            statement.set_page_size((limit - posts.len()) as i32);
            let (result, response) = self
                .session
                .execute_single_page(
                    &statement,
                    (site.as_str(), key, bucket),
                    std::mem::replace(&mut state, PagingState::start()),
                )
                .await
                .map_err(paging_error)?;
            posts.extend(summaries(decode_rows::<SummaryRow>(result)?)?);
            match response.into_paging_control_flow() {
                ControlFlow::Continue(next) => {
                    if posts.len() >= limit {
                        return Ok(ListPage {
                            posts,
                            next: Some(tag_cursor(bucket, Some(&next))),
                        });
                    }
                    state = next;
                }
                ControlFlow::Break(()) => {
                    if posts.len() >= limit {
                        let next = match known_older {
                            Some(None) => None,
                            Some(Some(older)) => Some(older.to_string()),
                            None => Some(format!("{bucket}-")),
                        };
                        return Ok(ListPage { posts, next });
                    }
                    bucket = -bucket;
                }
            }
        }
    }

    /// Keeps the front page partition at [`FRONT_PAGE_CAP`] rows: one read of the keys,
    /// then one range delete of everything past the cap.
    pub(super) async fn trim_front_page(&self, site: &Site) -> StoreResult<()> {
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

#[async_trait]
impl Listings for CassandraStore {
    async fn front_page(&self, site: &Site, limit: usize) -> StoreResult<Vec<PostSummary>> {
        let limit = limit.min(FRONT_PAGE_CAP) as i32;
        let rows: Vec<SummaryRow> = self
            .rows(&self.listings.front_page_read, (site.as_str(), limit))
            .await?;
        summaries(rows)
    }

    async fn tag_page(
        &self,
        site: &Site,
        tag: &Tag,
        after: Option<&str>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        let list = BucketList {
            read: &self.listings.tag_page_read,
            older: &self.listings.tag_month_before,
            newest: Some(&self.listings.tag_months_newest),
            bucket: Bucket::Month,
        };
        self.bucket_page(list, site, tag.as_str(), after, limit)
            .await
    }

    async fn posts_by_author(
        &self,
        site: &Site,
        author: UserId,
        after: Option<&str>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        let list = BucketList {
            read: &self.listings.author_page_read,
            older: &self.listings.author_year_before,
            newest: None,
            bucket: Bucket::Year,
        };
        self.bucket_page(list, site, author.0, after, limit).await
    }
}

/// Copies the rows of the unbucketed author lists of a keyspace made before the year
/// buckets into them (and their years into author_years); run again, it writes the same
/// rows. Returns the rows copied.
pub async fn carry_over_author_posts(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("copying the author lists: {e}");
    if !super::schema::table_exists(session, ks, "posts_by_author").await? {
        return Ok(0);
    }
    let put = session
        .prepare(format!(
            "INSERT INTO {ks}.author_posts (site, author_id, year, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let put_year = session
        .prepare(format!(
            "INSERT INTO {ks}.author_years (site, author_id, year) VALUES (?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    type Old = (
        String,
        Uuid,
        CqlTimeuuid,
        Uuid,
        String,
        String,
        String,
        String,
        Option<Vec<String>>,
    );
    let mut rows = session
        .query_iter(
            format!("SELECT site, author_id, {SUMMARY_COLUMNS} FROM {ks}.posts_by_author"),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<Old>()
        .map_err(|e| fail(&e))?;
    let mut copied = 0;
    while let Some(row) = rows.next().await {
        let (site, author, published, post, slug, title, excerpt, name, tags) =
            row.map_err(|e| fail(&e))?;
        let year = year_of(published).map_err(|e| fail(&e))?;
        session
            .execute_unpaged(
                &put,
                (
                    site.as_str(),
                    author,
                    year,
                    published,
                    post,
                    slug,
                    title,
                    excerpt,
                    name,
                    tags.unwrap_or_default(),
                ),
            )
            .await
            .map_err(|e| fail(&e))?;
        session
            .execute_unpaged(&put_year, (site.as_str(), author, year))
            .await
            .map_err(|e| fail(&e))?;
        copied += 1;
    }
    Ok(copied)
}

/// Copies the rows of the tag pages of a keyspace made before the month buckets (one
/// bucket a year, `posts_by_tag`) into them, and their months into tag_months; run
/// again, it writes the same rows. Nothing else writes the new tables until the version
/// is recorded: every instance of this build refuses an older keyspace. Returns the
/// rows copied.
pub async fn carry_over_tag_posts(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("copying the tag pages: {e}");
    if !super::schema::table_exists(session, ks, "posts_by_tag").await? {
        return Ok(0);
    }
    let mut put = session
        .prepare(format!(
            "INSERT INTO {ks}.tag_posts (site, tag, month, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    put.set_is_idempotent(true);
    let mut put_month = session
        .prepare(format!(
            "INSERT INTO {ks}.tag_months (site, tag, month) VALUES (?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    put_month.set_is_idempotent(true);
    type Old = (
        String,
        String,
        CqlTimeuuid,
        Uuid,
        String,
        String,
        String,
        String,
        Option<Vec<String>>,
    );
    let mut rows = session
        .query_iter(
            format!("SELECT site, tag, {SUMMARY_COLUMNS} FROM {ks}.posts_by_tag"),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<Old>()
        .map_err(|e| fail(&e))?;
    let mut copied = 0;
    while let Some(row) = rows.next().await {
        let (site, tag, published, post, slug, title, excerpt, name, tags) =
            row.map_err(|e| fail(&e))?;
        let month = Bucket::Month.of(published).map_err(|e| fail(&e))?;
        session
            .execute_unpaged(
                &put,
                (
                    site.as_str(),
                    tag.as_str(),
                    month,
                    published,
                    post,
                    slug,
                    title,
                    excerpt,
                    name,
                    tags.unwrap_or_default(),
                ),
            )
            .await
            .map_err(|e| fail(&e))?;
        session
            .execute_unpaged(&put_month, (site.as_str(), tag.as_str(), month))
            .await
            .map_err(|e| fail(&e))?;
        copied += 1;
    }
    Ok(copied)
}

//! The lists of published posts: the front page, author pages and tag pages (seed 001),
//! each a single-partition read.

use super::*;

pub(super) const SUMMARY_COLUMNS: &str =
    "published, post_id, slug, title, excerpt, author_name, tags";

/// A row of posts_by_tag: a summary and its bucket's static pointer to older posts.
#[derive(DeserializeRow)]
pub(super) struct TagRow {
    published: CqlTimeuuid,
    post_id: Uuid,
    slug: String,
    title: String,
    excerpt: String,
    author_name: String,
    tags: Option<Vec<String>>,
    older_year: Option<i32>,
}

impl TagRow {
    pub(super) fn into_summary_row(self) -> SummaryRow {
        SummaryRow {
            published: self.published,
            post_id: self.post_id,
            slug: self.slug,
            title: self.title,
            excerpt: self.excerpt,
            author_name: self.author_name,
            tags: self.tags,
        }
    }
}

/// The year bucket of a publication time UUID.
pub(super) fn year_of(published: CqlTimeuuid) -> StoreResult<i32> {
    timeuuid::time_of(Uuid::from(published))
        .map(|at| chrono::Datelike::year(&at))
        .ok_or_else(|| StoreError::Corrupt("a publication key is not a time UUID".into()))
}

/// Where a tag page continues: `<year>` (the start of that year's bucket) or
/// `<year>.<hex of the driver's paging state>`.
pub(super) fn tag_cursor(year: i32, state: Option<&PagingState>) -> String {
    match state.and_then(PagingState::as_bytes_slice) {
        Some(bytes) => format!("{year}.{}", crate::domain::token::hex(bytes)),
        None => year.to_string(),
    }
}

pub(super) fn parse_tag_cursor(cursor: &str) -> Option<(i32, PagingState)> {
    let (year, state) = match cursor.split_once('.') {
        Some((year, hex)) => (year, Some(crate::domain::token::unhex(hex)?)),
        None => (cursor, None),
    };
    let year: i32 = year.parse().ok().filter(|y| (1970..=9999).contains(y))?;
    Some((
        year,
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
    pub(super) tag_year_insert: PreparedStatement,
    pub(super) tag_year_before: PreparedStatement,
    pub(super) tag_page_read: PreparedStatement,
    pub(super) front_page_read: PreparedStatement,
    pub(super) author_posts_read: PreparedStatement,
    pub(super) front_page_keys: PreparedStatement,
    pub(super) front_page_trim: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let unlist_rows = logged(vec![
            prepare(format!("DELETE FROM {ks}.front_page WHERE site = ? AND published = ?")).await?,
            prepare(format!(
                "DELETE FROM {ks}.posts_by_author WHERE site = ? AND author_id = ? AND published = ?"
            ))
            .await?,
        ]);
        let publish_rows = logged(vec![
            prepare(format!("INSERT INTO {ks}.front_page (site, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")).await?,
            prepare(format!(
                "INSERT INTO {ks}.posts_by_author (site, author_id, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
        ]);
        Ok(Self {
            publish_rows,
            unlist_rows,
            tag_post_insert: prepare(format!(
                "INSERT INTO {ks}.posts_by_tag (site, tag, year, {SUMMARY_COLUMNS}, older_year) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            tag_post_delete: prepare(format!(
                "DELETE FROM {ks}.posts_by_tag WHERE site = ? AND tag = ? AND year = ? AND published = ?"
            ))
            .await?,
            tag_year_insert: prepare(format!("INSERT INTO {ks}.tag_years (site, tag, year) VALUES (?, ?, ?)")).await?,
            tag_year_before: prepare(format!(
                "SELECT year FROM {ks}.tag_years WHERE site = ? AND tag = ? AND year < ? LIMIT 1"
            ))
            .await?,
            tag_page_read: prepare(format!(
                "SELECT {SUMMARY_COLUMNS}, older_year FROM {ks}.posts_by_tag WHERE site = ? AND tag = ? AND year = ?"
            ))
            .await?,
            front_page_read: prepare(format!("SELECT {SUMMARY_COLUMNS} FROM {ks}.front_page WHERE site = ? LIMIT ?")).await?,
            author_posts_read: prepare(format!(
                "SELECT {SUMMARY_COLUMNS} FROM {ks}.posts_by_author WHERE site = ? AND author_id = ? LIMIT ?"
            ))
            .await?,
            front_page_keys: prepare(format!("SELECT published FROM {ks}.front_page WHERE site = ? LIMIT ?")).await?,
            front_page_trim: prepare(format!("DELETE FROM {ks}.front_page WHERE site = ? AND published <= ?")).await?,
        })
    }
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
        let author = (
            site.as_str(),
            post.author_id.0,
            row.0,
            row.1,
            row.2,
            row.3,
            row.4,
            row.5,
            row.6,
        );
        self.batch(&self.listings.publish_rows, (front, author))
            .await?;
        self.list_tags(site, post, published_id).await?;
        self.trim_front_page(site).await
    }

    /// Writes a published post's rows in its tags' year buckets (one logged batch), each
    /// with the tag's next older year of posts, and records the year in tag_years.
    pub(super) async fn list_tags(
        &self,
        site: &Site,
        post: &Post,
        published_id: CqlTimeuuid,
    ) -> StoreResult<()> {
        if post.tags.is_empty() {
            return Ok(());
        }
        let year = year_of(published_id)?;
        let tags = post.tags.to_strings();
        let mut rows = Vec::new();
        for tag in &tags {
            let older: Option<(i32,)> = self
                .row(
                    &self.listings.tag_year_before,
                    (site.as_str(), tag.as_str(), year),
                )
                .await?;
            rows.push((
                site.as_str(),
                tag.as_str(),
                year,
                published_id,
                post.id.0,
                post.slug.as_str(),
                post.title.as_str(),
                post.excerpt.as_str(),
                post.author_name.as_str(),
                &tags,
                older.map(|(y,)| y),
            ));
        }
        let batch = logged(
            rows.iter()
                .map(|_| self.listings.tag_post_insert.clone())
                .collect(),
        );
        self.batch(&batch, rows).await?;
        for tag in &tags {
            self.exec(
                &self.listings.tag_year_insert,
                (site.as_str(), tag.as_str(), year),
            )
            .await?;
        }
        Ok(())
    }

    /// Removes a post's rows from the year buckets of `tags`.
    pub(super) async fn unlist_tags(
        &self,
        site: &Site,
        tags: &[String],
        published_id: CqlTimeuuid,
    ) -> StoreResult<()> {
        if tags.is_empty() {
            return Ok(());
        }
        let year = year_of(published_id)?;
        let rows: Vec<_> = tags
            .iter()
            .map(|tag| (site.as_str(), tag.as_str(), year, published_id))
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
                                (site.as_str(), post.author_id.0, published_id),
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
        use std::ops::ControlFlow;
        let limit = limit.clamp(1, 100);
        let (mut year, mut state) = match after {
            None => (
                chrono::Datelike::year(&crate::domain::now()),
                PagingState::start(),
            ),
            Some(cursor) => parse_tag_cursor(cursor).ok_or(PageError::BadCursor)?,
        };
        let mut posts = Vec::new();
        loop {
            let mut statement = self.listings.tag_page_read.clone();
            statement.set_page_size((limit - posts.len()) as i32);
            let (result, response) = self
                .session
                .execute_single_page(&statement, (site.as_str(), tag.as_str(), year), state)
                .await
                .map_err(|e| match e {
                    // A paging state this cluster did not make.
                    ExecutionError::LastAttemptError(RequestAttemptError::DbError(
                        DbError::ProtocolError | DbError::Invalid,
                        _,
                    )) => PageError::BadCursor,
                    other => PageError::Store(unavailable(other)),
                })?;
            let rows: Vec<TagRow> = result
                .into_rows_result()
                .map_err(unavailable)?
                .rows::<TagRow>()
                .map_err(|e| StoreError::Corrupt(e.to_string()))?
                .collect::<Result<_, _>>()
                .map_err(|e| StoreError::Corrupt(e.to_string()))?;
            let static_older = rows.first().and_then(|r| r.older_year);
            let empty = rows.is_empty();
            posts.extend(summaries(
                rows.into_iter().map(TagRow::into_summary_row).collect(),
            )?);
            match response.into_paging_control_flow() {
                ControlFlow::Continue(next) => {
                    if posts.len() >= limit {
                        return Ok(ListPage {
                            posts,
                            next: Some(tag_cursor(year, Some(&next))),
                        });
                    }
                    state = next;
                }
                ControlFlow::Break(()) => {
                    // This year is done; the next older year with posts comes from the
                    // bucket itself, or from tag_years when the bucket was empty.
                    let older = if empty {
                        let row: Option<(i32,)> = self
                            .row(
                                &self.listings.tag_year_before,
                                (site.as_str(), tag.as_str(), year),
                            )
                            .await?;
                        row.map(|(y,)| y)
                    } else {
                        static_older
                    };
                    match older.filter(|older| *older < year) {
                        None => return Ok(ListPage { posts, next: None }),
                        Some(older) => {
                            year = older;
                            state = PagingState::start();
                            if posts.len() >= limit {
                                return Ok(ListPage {
                                    posts,
                                    next: Some(tag_cursor(year, None)),
                                });
                            }
                        }
                    }
                }
            }
        }
    }

    async fn posts_by_author(
        &self,
        site: &Site,
        author: UserId,
        limit: usize,
    ) -> StoreResult<Vec<PostSummary>> {
        let rows: Vec<SummaryRow> = self
            .rows(
                &self.listings.author_posts_read,
                (site.as_str(), author.0, limit.min(1000) as i32),
            )
            .await?;
        summaries(rows)
    }
}

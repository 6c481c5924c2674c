//! Search on Cassandra: `search_texts` holds the words of every published text (a
//! post's own and its published translations) in a set with a storage-attached index,
//! partitioned like the site's archive (half months) and split in [`SHARDS`], so that a
//! query reads one small partition at a time, on its replicas only.
//!
//! A query walks the archive's buckets newest first (their index is one partition,
//! `tag_months` under `*`), reading each bucket's shards at once: a common word fills a
//! page from the newest bucket, a rare one reads more buckets, a few more at a time.
//! Cassandra's index finds rows but cannot score them: results are newest first.

use super::intents::Listed;
use super::posts::listings::{ARCHIVE, Bucket, bucket_of};
use super::{CassandraStore, unavailable};
use crate::domain::search::{MAX_QUERY_WORDS, SearchQuery, SearchText};
use crate::domain::timeuuid::time_of;
use crate::domain::{Locale, Post, PostId, PostStatus, Site, Slug};
use crate::store::caps::{self, page_size};
use crate::store::{PageError, StoreError, StoreResult};
use crate::store::{Search, SearchHit, SearchPage};
use async_trait::async_trait;
use futures_util::future::try_join_all;
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use scylla::value::CqlValue;
use uuid::Uuid;

/// How many partitions each half month of texts is split into: sixteen keep the
/// busiest half month of a site of 1M posts, every text at its limits, under 60 MB a
/// partition (see schema.cql).
pub(in crate::store::cassandra) const SHARDS: i32 = 16;

/// The most buckets a query reads at once (their shards at once too): 64 reads.
const MOST_BUCKETS_AT_ONCE: usize = 4;

/// The most buckets one page of results reads (three months): a word that few posts have
/// does not make one request read the whole archive. A page that stops there links on
/// to the next bucket. So a page costs at most 1 + 6 x 16 reads (and one more for the
/// rest of the post a cursor is in).
pub(super) const BUCKETS_PER_PAGE: usize = 6;

/// The shard of a post: its texts are all in one.
pub(in crate::store::cassandra) fn shard_of(id: PostId) -> i32 {
    (id.0.as_u128() % SHARDS as u128) as i32
}

const HIT_COLUMNS: &str = "published_id, locale, post_id, slug, title, passage_source";

type HitRow = (CqlTimeuuid, String, Uuid, String, String, String);

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    pub(super) write: PreparedStatement,
    delete_post: PreparedStatement,
    delete_locale: PreparedStatement,
    locales: PreparedStatement,
    /// Repair's read of a post's rows: their titles and words.
    texts: PreparedStatement,
    buckets: PreparedStatement,
    /// For a query of n words, `finds[n - 1]`: from a bucket's newest, older than a
    /// post, and the same post's later locales.
    finds: Vec<[PreparedStatement; 3]>,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let key = "site = ? AND month = ? AND shard = ?";
        let mut finds = Vec::new();
        for n in 1..=MAX_QUERY_WORDS {
            let words = " AND terms CONTAINS ?".repeat(n);
            let select = format!("SELECT {HIT_COLUMNS} FROM {ks}.search_texts WHERE {key}{words}");
            finds.push([
                prepare(format!("{select} LIMIT ?")).await?,
                prepare(format!("{select} AND published_id < ? LIMIT ?")).await?,
                prepare(format!(
                    "{select} AND published_id = ? AND locale > ? LIMIT ?"
                ))
                .await?,
            ]);
        }
        Ok(Self {
            write: prepare(format!(
                "INSERT INTO {ks}.search_texts (site, month, shard, published_id, locale, post_id, slug, title, passage_source, terms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            delete_post: prepare(format!(
                "DELETE FROM {ks}.search_texts WHERE {key} AND published_id = ?"
            ))
            .await?,
            delete_locale: prepare(format!(
                "DELETE FROM {ks}.search_texts WHERE {key} AND published_id = ? AND locale = ?"
            ))
            .await?,
            locales: prepare(format!(
                "SELECT locale FROM {ks}.search_texts WHERE {key} AND published_id = ?"
            ))
            .await?,
            texts: prepare(format!(
                "SELECT locale, title, terms FROM {ks}.search_texts WHERE {key} AND published_id = ?"
            ))
            .await?,
            buckets: prepare(format!(
                "SELECT month FROM {ks}.tag_months WHERE site = ? AND tag = '{ARCHIVE}'"
            ))
            .await?,
            finds,
        })
    }
}

/// Where a published post's texts are in the index, and what they hold.
pub(super) struct PostTexts<'a> {
    pub(super) site: &'a str,
    pub(super) published: CqlTimeuuid,
    pub(super) post: PostId,
    pub(super) slug: &'a str,
    pub(super) tags: Vec<&'a str>,
    /// Each text's locale code, title and Markdown body.
    pub(super) texts: Vec<(String, String, String)>,
}

impl PostTexts<'_> {
    /// The row's partition: the archive's bucket of the publication, and the shard.
    fn partition(&self) -> StoreResult<(i32, i32)> {
        Ok((bucket_of(ARCHIVE, self.published)?, shard_of(self.post)))
    }

    /// Writes every text's row (each write can be made again); returns how many.
    pub(super) async fn write(
        &self,
        session: &Session,
        write: &PreparedStatement,
    ) -> Result<usize, StoreError> {
        let (month, shard) = self.partition()?;
        for (locale, title, body) in &self.texts {
            let text = SearchText::of(title, body, &self.tags);
            session
                .execute_unpaged(
                    write,
                    (
                        self.site,
                        month,
                        shard,
                        self.published,
                        locale,
                        self.post.0,
                        self.slug,
                        title,
                        text.passage_source,
                        text.terms,
                    ),
                )
                .await
                .map_err(unavailable)?;
        }
        Ok(self.texts.len())
    }
}

/// A place in the results: the last text's publication time UUID, shard and locale
/// (`<uuid>_<shard>_<locale>`).
#[derive(Debug, Clone)]
struct Cursor {
    published: CqlTimeuuid,
    shard: i32,
    locale: String,
    month: i32,
}

/// Where a page of results starts.
#[derive(Debug)]
enum Start {
    /// After a text.
    After(Cursor),
    /// At a bucket (`m<bucket>`): a page that spent its reads stopped before it.
    Bucket(i32),
}

/// The mark of a bucket cursor: not a hexadecimal digit, so never the start of a text's
/// cursor, whose time UUID may begin with any of those.
const BUCKET_CURSOR: char = 'm';

fn parse_start(cursor: &str) -> Option<Start> {
    match cursor.strip_prefix(BUCKET_CURSOR) {
        Some(bucket) => {
            let bucket: i32 = bucket.parse().ok()?;
            Bucket::HalfMonth
                .valid(bucket)
                .then_some(Start::Bucket(bucket))
        }
        None => parse_cursor(cursor).map(Start::After),
    }
}

fn parse_cursor(cursor: &str) -> Option<Cursor> {
    let mut parts = cursor.splitn(3, '_');
    let id = Uuid::try_parse(parts.next()?).ok()?;
    // Only a time UUID (version 1) is a timeuuid to Cassandra.
    if id.get_version_num() != 1 {
        return None;
    }
    time_of(id)?;
    let shard: i32 = parts.next()?.parse().ok()?;
    let locale = parts.next()?;
    if !(0..SHARDS).contains(&shard) || Locale::parse(locale).is_err() {
        return None;
    }
    let published = CqlTimeuuid::from(id);
    Some(Cursor {
        published,
        shard,
        locale: locale.to_owned(),
        month: bucket_of(ARCHIVE, published).ok()?,
    })
}

impl CassandraStore {
    /// Makes a post's rows in the search index follow its publication, from where it
    /// was listed (`was`) to where it is (`now`), as its lists do: part of settling a
    /// post's lists, so run again by every retry and by the reconciler.
    pub(super) async fn index_search(
        &self,
        site: &Site,
        post: &Post,
        was: Option<&Listed>,
        now: Option<&Listed>,
    ) -> StoreResult<()> {
        if let Some(was) = was
            && now.is_none_or(|now| now.published_id != was.published_id)
        {
            self.unindex_search(site, post.id, CqlTimeuuid::from(was.published_id))
                .await?;
        }
        if let Some(now) = now {
            self.write_search_texts(site, post, CqlTimeuuid::from(now.published_id))
                .await?;
        }
        Ok(())
    }

    /// Removes the texts of a post published under `published` from the index.
    pub(super) async fn unindex_search(
        &self,
        site: &Site,
        id: PostId,
        published: CqlTimeuuid,
    ) -> StoreResult<()> {
        self.exec(
            &self.search.delete_post,
            (
                site.as_str(),
                bucket_of(ARCHIVE, published)?,
                shard_of(id),
                published,
            ),
        )
        .await?;
        Ok(())
    }

    /// After a translation changed: the post's texts again, if it is published.
    pub(super) async fn reindex_search(&self, site: &Site, id: PostId) -> StoreResult<()> {
        if let Some((post, Some(listed))) = self.post_listing(site, id, false).await? {
            self.write_search_texts(site, &post, CqlTimeuuid::from(listed.published_id))
                .await?;
        }
        Ok(())
    }

    /// Writes a published post's texts (its own and its published translations) and
    /// removes the rows of locales it no longer shows. Each write can be made again.
    async fn write_search_texts(
        &self,
        site: &Site,
        post: &Post,
        published: CqlTimeuuid,
    ) -> StoreResult<()> {
        let mut texts = vec![(
            post.locale.code(),
            post.title.as_str().to_owned(),
            post.body.as_str().to_owned(),
        )];
        if !post.translations.is_empty() {
            texts.extend(
                self.translations_of(site, post.id)
                    .await?
                    .into_iter()
                    .filter(|t| t.status == PostStatus::Published)
                    .map(|t| {
                        (
                            t.locale.code(),
                            t.title.as_str().to_owned(),
                            t.body.as_str().to_owned(),
                        )
                    }),
            );
        }
        let texts = PostTexts {
            site: site.as_str(),
            published,
            post: post.id,
            slug: post.slug.as_str(),
            tags: post.tags.iter().map(|t| t.as_str()).collect(),
            texts,
        };
        let (month, shard) = texts.partition()?;
        let indexed: Vec<(String,)> = self
            .rows(
                &self.search.locales,
                (site.as_str(), month, shard, published),
            )
            .await?;
        for (locale,) in indexed {
            if !texts.texts.iter().any(|(l, _, _)| *l == locale) {
                self.exec(
                    &self.search.delete_locale,
                    (site.as_str(), month, shard, published, locale),
                )
                .await?;
            }
        }
        texts.write(&self.session, &self.search.write).await?;
        Ok(())
    }

    /// Repair's check of a published post's rows in the search index: one per text it
    /// shows, under the text's title and with its words; written again when they are not.
    pub(super) async fn repair_search(
        &self,
        site: &Site,
        post: &Post,
        published: Uuid,
        fix: bool,
        findings: &mut Vec<crate::store::Finding>,
    ) -> StoreResult<()> {
        use std::collections::BTreeSet;
        let published = CqlTimeuuid::from(published);
        let tags: Vec<&str> = post.tags.iter().map(|t| t.as_str()).collect();
        // Each text as its row should hold it: locale, title and words.
        let row_of = |locale: String, title: &str, body: &str| {
            let terms: BTreeSet<String> = SearchText::of(title, body, &tags)
                .terms
                .into_iter()
                .collect();
            (locale, Some(title.to_owned()), terms)
        };
        let mut shown = BTreeSet::from([row_of(
            post.locale.code(),
            post.title.as_str(),
            post.body.as_str(),
        )]);
        if !post.translations.is_empty() {
            for t in self.translations_of(site, post.id).await? {
                if t.status == PostStatus::Published {
                    shown.insert(row_of(t.locale.code(), t.title.as_str(), t.body.as_str()));
                }
            }
        }
        type TextRow = (String, Option<String>, Option<Vec<String>>);
        let indexed: BTreeSet<(String, Option<String>, BTreeSet<String>)> = self
            .rows::<TextRow>(
                &self.search.texts,
                (
                    site.as_str(),
                    bucket_of(ARCHIVE, published)?,
                    shard_of(post.id),
                    published,
                ),
            )
            .await?
            .into_iter()
            .map(|(locale, title, terms)| {
                (
                    locale,
                    title,
                    terms.unwrap_or_default().into_iter().collect(),
                )
            })
            .collect();
        if indexed != shown {
            let titles = |rows: &BTreeSet<(String, Option<String>, BTreeSet<String>)>| {
                rows.iter()
                    .map(|(locale, title, _)| (locale.clone(), title.clone()))
                    .collect::<Vec<_>>()
            };
            findings.push(crate::store::Finding {
                table: "search_texts",
                what: format!(
                    "the search index of post {} held {:?} for its texts {:?} (or their words differ); indexed again",
                    post.id.0,
                    titles(&indexed),
                    titles(&shown)
                ),
            });
            if fix {
                self.write_search_texts(site, post, published).await?;
            }
        }
        Ok(())
    }

    /// Up to `want` texts of one bucket, newest first, from after `after` when the
    /// cursor is in this bucket: each shard read at once, the shards' rows merged.
    async fn bucket_hits(
        &self,
        site: &Site,
        month: i32,
        query: &SearchQuery,
        after: Option<&Cursor>,
        want: usize,
    ) -> StoreResult<Vec<HitRow>> {
        let finds = &self.search.finds[query.words.len() - 1];
        let reads = (0..SHARDS).map(|shard| async move {
            let mut values: Vec<CqlValue> = vec![
                CqlValue::Text(site.as_str().to_owned()),
                CqlValue::Int(month),
                CqlValue::Int(shard),
            ];
            values.extend(query.words.iter().cloned().map(CqlValue::Text));
            let limit = CqlValue::Int(i32::try_from(want).unwrap_or(i32::MAX));
            let Some(cursor) = after else {
                values.push(limit);
                return self.rows::<HitRow>(&finds[0], values).await;
            };
            let mut older = values.clone();
            older.extend([CqlValue::Timeuuid(cursor.published), limit.clone()]);
            let mut rows = Vec::new();
            if shard == cursor.shard {
                // The rest of the cursor's post first: its later locales.
                values.extend([
                    CqlValue::Timeuuid(cursor.published),
                    CqlValue::Text(cursor.locale.clone()),
                    limit,
                ]);
                rows = self.rows::<HitRow>(&finds[2], values).await?;
            }
            if rows.len() < want {
                rows.extend(self.rows::<HitRow>(&finds[1], older).await?);
            }
            Ok::<_, StoreError>(rows)
        });
        let mut rows: Vec<HitRow> = try_join_all(reads).await?.into_iter().flatten().collect();
        rows.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        rows.truncate(want);
        Ok(rows)
    }
}

#[async_trait]
impl Search for CassandraStore {
    async fn search(
        &self,
        site: &Site,
        query: &SearchQuery,
        after: Option<&str>,
        limit: usize,
    ) -> Result<SearchPage, PageError> {
        let limit = page_size(limit, caps::POSTS);
        if query.words.is_empty() || query.words.len() > MAX_QUERY_WORDS {
            return Ok(SearchPage {
                hits: Vec::new(),
                next: None,
            });
        }
        let (after, from_bucket) = match after {
            Some(cursor) => match parse_start(cursor).ok_or(PageError::BadCursor)? {
                Start::After(cursor) => (Some(cursor), None),
                Start::Bucket(bucket) => (None, Some(bucket)),
            },
            None => (None, None),
        };
        let buckets: Vec<(i32,)> = self.rows(&self.search.buckets, (site.as_str(),)).await?;
        let mut buckets: Vec<i32> = buckets.into_iter().map(|(m,)| m).collect();
        if let Some(cursor) = &after {
            buckets.retain(|m| *m <= cursor.month);
            if buckets.first() != Some(&cursor.month) {
                buckets.insert(0, cursor.month);
            }
        }
        if let Some(bucket) = from_bucket {
            buckets.retain(|m| *m <= bucket);
        }
        let mut rows: Vec<HitRow> = Vec::new();
        let mut at_once = 1;
        let mut next = 0;
        while next < buckets.len() && rows.len() <= limit && next < BUCKETS_PER_PAGE {
            let end = (next + at_once).min(buckets.len()).min(BUCKETS_PER_PAGE);
            let chunk = &buckets[next..end];
            next += chunk.len();
            at_once = (at_once * 2).min(MOST_BUCKETS_AT_ONCE);
            let want = limit + 1 - rows.len();
            let reads = chunk.iter().map(|month| {
                let bound = after.as_ref().filter(|c| c.month == *month);
                async move { self.bucket_hits(site, *month, query, bound, want).await }
            });
            for bucket in try_join_all(reads).await? {
                rows.extend(bucket);
            }
        }
        let more = rows.len() > limit;
        rows.truncate(limit);
        let next = if more {
            rows.last().map(|(published, locale, post_id, ..)| {
                format!(
                    "{}_{}_{locale}",
                    Uuid::from(*published),
                    shard_of(PostId(*post_id))
                )
            })
        } else {
            // The page's reads are spent: the next page starts at the next bucket.
            buckets
                .get(next)
                .map(|bucket| format!("{BUCKET_CURSOR}{bucket}"))
        };
        let hits = rows
            .into_iter()
            .map(
                |(published, locale, post_id, slug, title, passage_source)| {
                    Ok(SearchHit {
                        post_id: PostId(post_id),
                        locale: Locale::parse(&locale)?,
                        slug: Slug::parse(&slug)?,
                        title,
                        published: time_of(Uuid::from(published)).ok_or_else(|| {
                            StoreError::Corrupt("a search row without its time".into())
                        })?,
                        passage_source,
                    })
                },
            )
            .collect::<StoreResult<Vec<_>>>()?;
        Ok(SearchPage { hits, next })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_cursor_is_never_read_as_a_bucket() {
        let when = chrono::Utc::now();
        // Time UUIDs until one begins with each hexadecimal letter: a cursor is its
        // text's, whatever its first character.
        let mut firsts = std::collections::HashSet::new();
        // The first hexadecimal digit of a time UUID moves every 2^28 ticks of 100 ns.
        for n in 0..64 {
            let id = crate::domain::timeuuid::at(when + chrono::Duration::seconds(27 * n));
            let first = id.to_string().chars().next().unwrap();
            if !first.is_ascii_alphabetic() || !firsts.insert(first) {
                continue;
            }
            let cursor = format!("{id}_3_fr");
            match parse_start(&cursor) {
                Some(Start::After(c)) => {
                    assert_eq!(Uuid::from(c.published), id);
                    assert_eq!((c.shard, c.locale.as_str()), (3, "fr"));
                }
                other => panic!("{cursor}: {other:?}"),
            }
        }
        assert_eq!(firsts.len(), 6, "{firsts:?}");
        assert!(matches!(
            parse_start("m2026112"),
            Some(Start::Bucket(2026112))
        ));
        for bad in ["m2026133", "m", "mx", "b2026112", ""] {
            assert!(parse_start(bad).is_none(), "{bad}");
        }
    }
}

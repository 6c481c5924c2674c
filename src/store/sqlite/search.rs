//! Search: FTS5 over the words of every published text (`search_docs`, `search_index`),
//! rewritten in the same transaction as each write that changes what a post shows.

use super::*;
use crate::domain::search::SearchQuery;
use crate::store::caps::{self, page_size};
use crate::store::{Search, SearchHit, SearchPage};

/// A query matching more texts than this is too common to rank: scoring every match
/// costs about 3 microseconds a text (a word every post of 100,000 has: a third of a
/// second). Such a query lists the most recently indexed texts first instead (the most
/// recently published or revised), which the index reads in its own order.
const RANKED_MATCHES: i64 = 5_000;

/// Where a page of results starts.
enum Place {
    /// Best first: after `(score, row)` (the score as Rust writes an f64, which reads
    /// back to the same number). Cursor `r<score>_<row>`.
    Ranked(Option<(f64, i64)>),
    /// Most recently indexed first: below the row. Cursor `n<row>`.
    Recent(Option<i64>),
}

fn parse_cursor(cursor: &str) -> Option<Place> {
    if let Some(rest) = cursor.strip_prefix('r') {
        let (score, id) = rest.split_once('_')?;
        let score: f64 = score.parse().ok()?;
        score.is_finite().then_some(())?;
        return Some(Place::Ranked(Some((score, id.parse().ok()?))));
    }
    let row: i64 = cursor.strip_prefix('n')?.parse().ok()?;
    Some(Place::Recent(Some(row)))
}

type HitRow = (i64, String, String, String, String, i64, String, f64);

fn hit_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<HitRow> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(7)?,
    ))
}

fn page_of(
    sql: &Sql<'_>,
    site: &str,
    expression: &str,
    place: &Place,
    limit: usize,
) -> StoreResult<Vec<HitRow>> {
    let rows = match place {
        Place::Ranked(after) => {
            // Lower BM25 scores are better matches; the row id breaks ties. Each
            // match is scored from the index and its row's site alone; only the
            // page's rows are read whole.
            let mut stmt = sql
                .prepare(
                    "WITH page AS (
                         SELECT id, score FROM (
                             SELECT search_index.rowid AS id,
                                 bm25(search_index, 4.0, 1.0) AS score
                             FROM search_index
                             WHERE search_index MATCH ?1
                                 AND (SELECT site FROM search_docs
                                      WHERE search_docs.id = search_index.rowid) = ?2)
                         WHERE ?3 IS NULL OR (score, id) > (?3, ?4)
                         ORDER BY score, id LIMIT ?5)
                     SELECT d.id, d.post_id, d.locale, d.slug, d.title, d.published,
                         d.passage_source, page.score
                     FROM page JOIN search_docs d ON d.id = page.id
                     ORDER BY page.score, page.id",
                )
                .map_err(unavailable)?;
            stmt.query_map(
                params![
                    expression,
                    site,
                    after.map(|a| a.0),
                    after.map(|a| a.1),
                    limit as i64 + 1
                ],
                hit_row,
            )
            .and_then(Iterator::collect::<rusqlite::Result<Vec<_>>>)
        }
        Place::Recent(below) => {
            let mut stmt = sql
                .prepare(
                    "SELECT d.id, d.post_id, d.locale, d.slug, d.title, d.published,
                         d.passage_source, 0.0
                     FROM search_index JOIN search_docs d ON d.id = search_index.rowid
                     WHERE search_index MATCH ?1 AND d.site = ?2 AND search_index.rowid < ?3
                     ORDER BY search_index.rowid DESC LIMIT ?4",
                )
                .map_err(unavailable)?;
            stmt.query_map(
                params![
                    expression,
                    site,
                    below.unwrap_or(i64::MAX),
                    limit as i64 + 1
                ],
                hit_row,
            )
            .and_then(Iterator::collect::<rusqlite::Result<Vec<_>>>)
        }
    };
    rows.map_err(unavailable)
}

#[async_trait]
impl Search for SqliteStore {
    async fn search(
        &self,
        site: &Site,
        query: &SearchQuery,
        after: Option<&str>,
        limit: usize,
    ) -> Result<SearchPage, PageError> {
        let limit = page_size(limit, caps::POSTS);
        let place = match after {
            Some(cursor) => Some(parse_cursor(cursor).ok_or(PageError::BadCursor)?),
            None => None,
        };
        let (site, expression) = (site.to_string(), query.fts5());
        let (place, rows) = self
            .read(move |sql| {
                let place = match place {
                    Some(place) => place,
                    None => {
                        // How common the query is, counted no further than the limit.
                        let matches: i64 = sql
                            .prepare(
                                "SELECT COUNT(*) FROM (SELECT rowid FROM search_index
                                 WHERE search_index MATCH ?1 LIMIT ?2)",
                            )
                            .and_then(|mut s| {
                                s.query_row(params![expression, RANKED_MATCHES + 1], |r| r.get(0))
                            })
                            .map_err(unavailable)?;
                        if matches > RANKED_MATCHES {
                            Place::Recent(None)
                        } else {
                            Place::Ranked(None)
                        }
                    }
                };
                let rows = page_of(sql, &site, &expression, &place, limit)?;
                Ok::<_, StoreError>((place, rows))
            })
            .await?;
        let more = rows.len() > limit;
        let mut hits = Vec::new();
        let mut last = None;
        for (row, post_id, locale, slug, title, published, passage_source, score) in
            rows.into_iter().take(limit)
        {
            hits.push(SearchHit {
                post_id: PostId(uuid(&post_id)?),
                locale: Locale::parse(&locale).map_err(StoreError::from)?,
                slug: Slug::parse(&slug).map_err(StoreError::from)?,
                title,
                published: millis_to_time(published),
                passage_source,
            });
            last = Some(match place {
                Place::Ranked(_) => format!("r{score}_{row}"),
                Place::Recent(_) => format!("n{row}"),
            });
        }
        Ok(SearchPage {
            hits,
            next: if more { last } else { None },
        })
    }
}

//! What `sibyl migrate` copies into the lists of published posts when a keyspace made by
//! an earlier version lacks them (see `schema.rs`): each function reads the rows the
//! earlier version kept and writes them whole, so a second run writes the same.

use super::super::posts::listings::{
    ARCHIVE, Bucket, LIST_COLUMNS, SUMMARY_COLUMNS, author_bucket_of, bucket_of, listed_under,
};
use super::super::*;

/// Copies the rows of the unbucketed author lists of a keyspace made before the buckets
/// (`posts_by_author`) into the lists by half month; run again, it writes the same rows.
/// Returns the rows copied.
pub async fn carry_over_author_posts(session: &Session, ks: &str) -> Result<usize, String> {
    copy_author_rows(session, ks, "posts_by_author").await
}

/// Copies the rows of the author lists by year of a keyspace made before the half-month
/// buckets (`author_posts`) into them; run again, it writes the same rows. Returns the
/// rows copied.
pub async fn carry_over_author_months(session: &Session, ks: &str) -> Result<usize, String> {
    copy_author_rows(session, ks, "author_posts").await
}

/// Copies every row of an earlier author list (`from`, keyed by site and author, with the
/// summary's columns) into `author_month_posts`, its half month into `author_months`.
/// Nothing when the keyspace has no such table.
async fn copy_author_rows(session: &Session, ks: &str, from: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("copying the author lists from {from}: {e}");
    if !super::table_exists(session, ks, from).await? {
        return Ok(0);
    }
    let prepare = |cql: String| async move {
        super::prepare_idempotent(session, cql)
            .await
            .map_err(|e| fail(&e))
    };
    let put = prepare(format!(
        "INSERT INTO {ks}.author_month_posts (site, author_id, month, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ))
    .await?;
    let put_month = prepare(format!(
        "INSERT INTO {ks}.author_months (site, author_id, month) VALUES (?, ?, ?)"
    ))
    .await?;
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
            format!("SELECT site, author_id, {SUMMARY_COLUMNS} FROM {ks}.{from}"),
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
        let month = author_bucket_of(published).map_err(|e| fail(&e))?;
        session
            .execute_unpaged(
                &put,
                (
                    site.as_str(),
                    author,
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
            .execute_unpaged(&put_month, (site.as_str(), author, month))
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
    if !super::table_exists(session, ks, "posts_by_tag").await? {
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

/// Writes every published post (as the author pages' rows, whose key holds the author's
/// id, list them) into its tags' and the archive's buckets with their months in
/// tag_months, and into the front page for the posts it holds: the archive and the
/// authors' ids for a keyspace made before them. Every row is written whole, as it is,
/// so a second run writes the same. The author pages' rows are read from the lists by
/// half month, into which those of a keyspace that still has the lists by year are
/// copied first. Returns the posts seen.
pub async fn carry_over_lists(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    use std::collections::{HashMap, HashSet};
    let fail = |e: &dyn std::fmt::Display| format!("listing the archive and the authors: {e}");
    carry_over_author_months(session, ks).await?;
    let prepare = |cql: String| async move {
        super::prepare_idempotent(session, cql)
            .await
            .map_err(|e| fail(&e))
    };
    let put_tag = prepare(format!(
        "INSERT INTO {ks}.tag_posts (site, tag, month, {LIST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ))
    .await?;
    let put_front = prepare(format!(
        "INSERT INTO {ks}.front_page (site, {LIST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ))
    .await?;
    let put_month = prepare(format!(
        "INSERT INTO {ks}.tag_months (site, tag, month) VALUES (?, ?, ?)"
    ))
    .await?;
    let front_keys = prepare(format!(
        "SELECT published FROM {ks}.front_page WHERE site = ?"
    ))
    .await?;
    type Row = (
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
            format!("SELECT site, author_id, {SUMMARY_COLUMNS} FROM {ks}.author_month_posts"),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<Row>()
        .map_err(|e| fail(&e))?;
    // The keys of each site's front page (at most FRONT_PAGE_CAP), read once.
    let mut fronts: HashMap<String, HashSet<Uuid>> = HashMap::new();
    let mut seen = 0;
    while let Some(row) = rows.next().await {
        let (site, author, published, post, slug, title, excerpt, name, tags) =
            row.map_err(|e| fail(&e))?;
        let tags = tags.unwrap_or_default();
        let summary = (
            published, post, &slug, &title, &excerpt, &name, &tags, author,
        );
        for list in listed_under(&tags) {
            let bucket = bucket_of(&list, published).map_err(|e| fail(&e))?;
            let values = (
                site.as_str(),
                list.as_str(),
                bucket,
                summary.0,
                summary.1,
                summary.2,
                summary.3,
                summary.4,
                summary.5,
                summary.6,
                summary.7,
            );
            session
                .execute_unpaged(&put_tag, values)
                .await
                .map_err(|e| fail(&e))?;
            session
                .execute_unpaged(&put_month, (site.as_str(), list.as_str(), bucket))
                .await
                .map_err(|e| fail(&e))?;
        }
        if !fronts.contains_key(&site) {
            let keys: Vec<(CqlTimeuuid,)> = session
                .execute_unpaged(&front_keys, (site.as_str(),))
                .await
                .map_err(|e| fail(&e))?
                .into_rows_result()
                .map_err(|e| fail(&e))?
                .rows::<(CqlTimeuuid,)>()
                .map_err(|e| fail(&e))?
                .collect::<Result<_, _>>()
                .map_err(|e| fail(&e))?;
            fronts.insert(
                site.clone(),
                keys.into_iter().map(|(k,)| Uuid::from(k)).collect(),
            );
        }
        if fronts[&site].contains(&Uuid::from(published)) {
            let values = (
                site.as_str(),
                summary.0,
                summary.1,
                summary.2,
                summary.3,
                summary.4,
                summary.5,
                summary.6,
                summary.7,
            );
            session
                .execute_unpaged(&put_front, values)
                .await
                .map_err(|e| fail(&e))?;
        }
        seen += 1;
    }
    Ok(seen)
}

/// Counts every tag's posts from its buckets (every row of `tag_posts` but the archive's)
/// into `tag_month_counts` and their sums into the list of tags (`tag_list`, which took
/// the place of the `tag_counts` this change first wrote: a keyspace this old has no
/// counts to carry over to it), writing each count whole, so a second run writes the
/// same. Returns the tags counted.
pub async fn carry_over_tag_counts(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    use std::collections::HashMap;
    let fail = |e: &dyn std::fmt::Display| format!("counting the tags' posts: {e}");
    let prepare = |cql: String| async move {
        super::prepare_idempotent(session, cql)
            .await
            .map_err(|e| fail(&e))
    };
    let put_month = prepare(format!(
        "INSERT INTO {ks}.tag_month_counts (site, tag, month, posts) VALUES (?, ?, ?, ?)"
    ))
    .await?;
    let put_total = prepare(format!(
        "INSERT INTO {ks}.tag_list (site, sort_key, tag, posts) VALUES (?, ?, ?, ?)"
    ))
    .await?;
    let mut months: HashMap<(String, String, i32), i64> = HashMap::new();
    let mut rows = session
        .query_iter(format!("SELECT site, tag, month FROM {ks}.tag_posts"), ())
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<(String, String, i32)>()
        .map_err(|e| fail(&e))?;
    while let Some(row) = rows.next().await {
        let (site, tag, month) = row.map_err(|e| fail(&e))?;
        if tag != ARCHIVE {
            *months.entry((site, tag, month)).or_default() += 1;
        }
    }
    let mut totals: HashMap<(String, String), i64> = HashMap::new();
    for ((site, tag, month), n) in months {
        session
            .execute_unpaged(&put_month, (site.as_str(), tag.as_str(), month, n))
            .await
            .map_err(|e| fail(&e))?;
        *totals.entry((site, tag)).or_default() += n;
    }
    let tags = totals.len();
    for ((site, tag), n) in totals {
        session
            .execute_unpaged(
                &put_total,
                (
                    site.as_str(),
                    crate::domain::tag_order_key(&tag),
                    tag.as_str(),
                    n,
                ),
            )
            .await
            .map_err(|e| fail(&e))?;
    }
    Ok(tags)
}

/// Copies every tag's count of a keyspace made before the list of tags was kept in the
/// collation's order (`tag_counts`, by name) into `tag_list`, under the tag's sort key,
/// each USING TIMESTAMP of the cell it came from: a count an instance writes meanwhile
/// (with a later timestamp) is not overwritten, and a second run writes the same. Returns
/// the tags copied (none once the old table is gone).
pub async fn carry_over_tag_order(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("placing the tags in order: {e}");
    if !super::table_exists(session, ks, "tag_counts").await? {
        return Ok(0);
    }
    let put = super::prepare_idempotent(
        session,
        format!(
            "INSERT INTO {ks}.tag_list (site, sort_key, tag, posts) VALUES (?, ?, ?, ?) USING TIMESTAMP ?"
        ),
    )
    .await
    .map_err(|e| fail(&e))?;
    let mut rows = session
        .query_iter(
            format!("SELECT site, tag, posts, WRITETIME(posts) FROM {ks}.tag_counts"),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<(String, String, Option<i64>, Option<i64>)>()
        .map_err(|e| fail(&e))?;
    let mut copied = 0;
    while let Some(row) = rows.next().await {
        let (site, tag, posts, at) = row.map_err(|e| fail(&e))?;
        let (Some(posts), Some(at)) = (posts, at) else {
            continue;
        };
        session
            .execute_unpaged(
                &put,
                (
                    site.as_str(),
                    crate::domain::tag_order_key(&tag),
                    tag.as_str(),
                    posts,
                    at,
                ),
            )
            .await
            .map_err(|e| fail(&e))?;
        copied += 1;
    }
    Ok(copied)
}

//! What `sibyl migrate` carries over into the posts' tables (revisions, drafts, the search
//! index) a keyspace made by an earlier version lacks.

use super::super::posts::drafts::DRAFT_COLUMNS;
use super::super::posts::revisions::REVISION_COLUMNS;
use super::super::posts::revisions::shelf_of;
use super::super::search::PostTexts;
use super::super::*;

/// Migration: copies every revision of a keyspace made before the shelves from
/// `revisions` into `post_revisions`, on its shelf. Nothing else writes the new table
/// until the version is recorded (an older keyspace is refused by every instance of
/// this build), and each copy is an idempotent write of the same values, so a migration
/// that dies half-way is run again from the start.
pub async fn carry_over_revisions(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("copying the revisions: {e}");
    if !super::table_exists(session, ks, "revisions").await? {
        return Ok(0);
    }
    let mut put = session
        .prepare(format!(
            "INSERT INTO {ks}.post_revisions (site, post_id, locale, shelf, branch, {REVISION_COLUMNS}, save_id)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    put.set_is_idempotent(true);
    type Old = (
        String,
        Uuid,
        String,
        i32,
        i32,
        String,
        String,
        String,
        Option<Vec<String>>,
        Uuid,
        Option<String>,
        DateTime<Utc>,
        String,
        Option<Uuid>,
    );
    let mut rows = session
        .query_iter(
            format!(
                "SELECT site, post_id, locale, branch, {REVISION_COLUMNS}, save_id FROM {ks}.revisions"
            ),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<Old>()
        .map_err(|e| fail(&e))?;
    let mut copied = 0;
    while let Some(row) = rows.next().await {
        let (
            site,
            post,
            locale,
            branch,
            revision,
            title,
            body,
            html,
            tags,
            author,
            name,
            at,
            message,
            save,
        ) = row.map_err(|e| fail(&e))?;
        let values = (
            site,
            post,
            locale,
            shelf_of(revision),
            branch,
            revision,
            title,
            body,
            html,
            tags,
            author,
            name,
            at,
            message,
            save,
        );
        session
            .execute_unpaged(&put, values)
            .await
            .map_err(|e| fail(&e))?;
        copied += 1;
    }
    Ok(copied)
}

/// Lists every draft post of a keyspace made before the desk in its author's drafts
/// (one scan of `posts`): run again, it writes the same rows. Returns the drafts listed.
pub async fn carry_over_drafts(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("listing the drafts: {e}");
    let write = session
        .prepare(format!(
            "INSERT INTO {ks}.author_drafts (site, author_id, {DRAFT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    type Row = (
        String,
        Uuid,
        Option<String>,
        Option<String>,
        Option<Uuid>,
        Option<DateTime<Utc>>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<Vec<String>>,
        Option<String>,
    );
    let mut rows = session
        .query_iter(
            format!(
                "SELECT site, post_id, status, kind, author_id, created, slug, title, excerpt, tags, author_name FROM {ks}.posts"
            ),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<Row>()
        .map_err(|e| fail(&e))?;
    let mut listed = 0;
    while let Some(row) = rows.next().await {
        let (site, id, status, kind, author, created, slug, title, excerpt, tags, name) =
            row.map_err(|e| fail(&e))?;
        let (Some("draft"), Some(author), Some(created)) = (status.as_deref(), author, created)
        else {
            continue;
        };
        if kind.as_deref() == Some(PostKind::Page.as_str()) {
            continue;
        }
        session
            .execute_unpaged(
                &write,
                (
                    site.as_str(),
                    author,
                    created,
                    id,
                    slug.unwrap_or_default(),
                    title.unwrap_or_default(),
                    excerpt.unwrap_or_default(),
                    name.unwrap_or_default(),
                    tags.unwrap_or_default(),
                ),
            )
            .await
            .map_err(|e| fail(&e))?;
        listed += 1;
    }
    Ok(listed)
}

/// Indexes every published text of a keyspace made before search (run again, it writes
/// the same rows). Returns the texts written.
pub async fn carry_over_search(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("indexing texts for search: {e}");
    let statements = super::super::search::Statements::prepare(session, ks)
        .await
        .map_err(|e| fail(&e))?;
    let translations = session
        .prepare(format!(
            "SELECT locale, title, body, status FROM {ks}.translations WHERE site = ? AND post_id = ?"
        ))
        .await
        .map_err(|e| fail(&e))?;
    type Row = (
        String,
        Uuid,
        Option<String>,
        Option<CqlTimeuuid>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<Vec<String>>,
        Option<String>,
    );
    let mut rows = session
        .query_iter(
            format!(
                "SELECT site, post_id, status, published_id, slug, title, body, tags, origin FROM {ks}.posts"
            ),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<Row>()
        .map_err(|e| fail(&e))?;
    let mut written = 0;
    while let Some(row) = rows.next().await {
        let (site, id, status, published, slug, title, body, tags, origin) =
            row.map_err(|e| fail(&e))?;
        let (Some("published"), Some(published)) = (status.as_deref(), published) else {
            continue;
        };
        let mut texts = vec![(
            origin.unwrap_or_default(),
            title.unwrap_or_default(),
            body.unwrap_or_default(),
        )];
        type Text = (String, Option<String>, Option<String>, Option<String>);
        let more: Vec<Text> = session
            .execute_unpaged(&translations, (site.as_str(), id))
            .await
            .map_err(|e| fail(&e))?
            .into_rows_result()
            .map_err(|e| fail(&e))?
            .rows()
            .map_err(|e| fail(&e))?
            .collect::<Result<_, _>>()
            .map_err(|e| fail(&e))?;
        texts.extend(
            more.into_iter()
                .filter(|(.., status)| status.as_deref() == Some("published"))
                .map(|(l, t, b, _)| (l, t.unwrap_or_default(), b.unwrap_or_default())),
        );
        let tags = tags.unwrap_or_default();
        let texts = PostTexts {
            site: site.as_str(),
            published,
            post: PostId(id),
            slug: slug.as_deref().unwrap_or_default(),
            tags: tags.iter().map(String::as_str).collect(),
            texts,
        };
        written += texts
            .write(session, &statements.write)
            .await
            .map_err(|e| fail(&e))?;
    }
    Ok(written)
}

/// Moves every row of the search index of a keyspace made when a half month had eight
/// shards into its post's shard of sixteen. A row already in its shard is left alone; a
/// moved row is written at its new place before the old one is removed, so a run that
/// dies midway is finished by the next, and a second run moves nothing. Returns the rows
/// moved.
pub async fn carry_over_search_shards(session: &Session, ks: &str) -> Result<usize, String> {
    use super::super::search::shard_of;
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("moving the search index's rows: {e}");
    let prepare = |cql: String| async move {
        super::prepare_idempotent(session, cql)
            .await
            .map_err(|e| fail(&e))
    };
    const COLUMNS: &str =
        "site, month, shard, published_id, locale, post_id, slug, title, passage_source, terms";
    let put = prepare(format!(
        "INSERT INTO {ks}.search_texts ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ))
    .await?;
    let remove = prepare(format!(
        "DELETE FROM {ks}.search_texts WHERE site = ? AND month = ? AND shard = ? AND published_id = ? AND locale = ?"
    ))
    .await?;
    type Row = (
        String,
        i32,
        i32,
        CqlTimeuuid,
        String,
        Uuid,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<Vec<String>>,
    );
    let mut rows = session
        .query_iter(format!("SELECT {COLUMNS} FROM {ks}.search_texts"), ())
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<Row>()
        .map_err(|e| fail(&e))?;
    let mut moved = 0;
    while let Some(row) = rows.next().await {
        let (site, month, shard, published, locale, post, slug, title, passage, terms) =
            row.map_err(|e| fail(&e))?;
        let wanted = shard_of(PostId(post));
        if shard == wanted {
            continue;
        }
        let values = (
            site.as_str(),
            month,
            wanted,
            published,
            locale.as_str(),
            post,
            slug,
            title,
            passage,
            terms.unwrap_or_default(),
        );
        session
            .execute_unpaged(&put, values)
            .await
            .map_err(|e| fail(&e))?;
        session
            .execute_unpaged(
                &remove,
                (site.as_str(), month, shard, published, locale.as_str()),
            )
            .await
            .map_err(|e| fail(&e))?;
        moved += 1;
    }
    Ok(moved)
}

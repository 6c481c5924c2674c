//! What follows a post's rows: its rows in the tag index with the tags' counts, and in the
//! search index; each made again from the post as it is.

use super::*;
use crate::domain::search::SearchText;

/// Removes a post's rows from its tags' lists (through `post_tags_by_post`).
pub(super) const UNLIST_POST: &str = "DELETE FROM post_tags WHERE site = ?1 AND post_id = ?2";

/// Lists a post under one tag.
pub(super) const LIST_POST: &str =
    "INSERT INTO post_tags (site, tag, post_id, published) VALUES (?1, ?2, ?3, ?4)";

/// Takes a post's rows in post_tags out of its tags' counts (before they are removed).
/// Through the index by post, by name: left to itself, the planner prefers the covering
/// index by tag and reads the site's whole tag list on every write.
pub(super) const UNCOUNT_POST: &str = "UPDATE tag_counts SET posts = posts - 1
     WHERE site = ?1 AND tag IN
         (SELECT tag FROM post_tags INDEXED BY post_tags_by_post WHERE site = ?1 AND post_id = ?2)";

/// Counts one more post under a tag.
/// (`?3`: the tag's sort key, which places it in the list of tags.)
pub(super) const COUNT_POST: &str =
    "INSERT INTO tag_counts (site, tag, posts, sort_key) VALUES (?1, ?2, 1, ?3)
     ON CONFLICT (site, tag) DO UPDATE SET posts = posts + 1";

/// Makes a post's rows in the tag index, and the tags' counts, match its tags and
/// publication (none for a draft or a page); and its rows in the search index its texts.
pub(super) fn list_tags(sql: &Sql<'_>, site: &str, post: &Post) -> StoreResult<()> {
    let id = post.id.0.to_string();
    // The tags it was listed under: only their counts can fall to nothing.
    let was: Vec<String> = sql
        .prepare(
            "SELECT tag FROM post_tags INDEXED BY post_tags_by_post WHERE site = ?1 AND post_id = ?2",
        )
        .and_then(|mut s| {
            s.query_map(params![site, id], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<String>>>()
        })
        .map_err(unavailable)?;
    sql.prepare(UNCOUNT_POST)
        .and_then(|mut s| s.execute(params![site, id]))
        .map_err(unavailable)?;
    sql.prepare(UNLIST_POST)
        .and_then(|mut s| s.execute(params![site, id]))
        .map_err(unavailable)?;
    if let Some(published) = post.published.filter(|_| !post.is_page()) {
        for tag in post.tags.iter() {
            sql.prepare(LIST_POST)
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        tag.as_str(),
                        id,
                        published.timestamp_millis()
                    ])
                })
                .map_err(unavailable)?;
            sql.prepare(COUNT_POST)
                .and_then(|mut s| s.execute(params![site, tag.as_str(), tag.order_key()]))
                .map_err(unavailable)?;
        }
    }
    for tag in was {
        sql.prepare("DELETE FROM tag_counts WHERE site = ?1 AND tag = ?2 AND posts <= 0")
            .and_then(|mut s| s.execute(params![site, tag]))
            .map_err(unavailable)?;
    }
    super::post_indexes::index_post(sql, site, &id)
}

/// Makes a post's rows in the search index match what it shows now: its own text and
/// its published translations while it is published, nothing otherwise.
pub(super) fn index_post(sql: &Sql<'_>, site: &str, id: &str) -> StoreResult<()> {
    sql.prepare("DELETE FROM search_docs WHERE site = ?1 AND post_id = ?2")
        .and_then(|mut s| s.execute(params![site, id]))
        .map_err(unavailable)?;
    let Some(post) = super::post_rows::post_by_id(sql, site, id)? else {
        return Ok(());
    };
    // Pages are found through the navigation, not searched.
    let Some(published) = post
        .published
        .filter(|_| post.status == PostStatus::Published && !post.is_page())
    else {
        return Ok(());
    };
    let tags: Vec<&str> = post.tags.iter().map(|t| t.as_str()).collect();
    let mut texts = vec![(
        post.locale.code(),
        post.title.as_str().to_owned(),
        post.body.as_str().to_owned(),
    )];
    let mut stmt = sql
        .prepare(
            "SELECT locale, title, body FROM translations
             WHERE site = ?1 AND post_id = ?2 AND status = 'published'",
        )
        .map_err(unavailable)?;
    let translations = stmt
        .query_map(params![site, id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .and_then(Iterator::collect::<rusqlite::Result<Vec<(String, String, String)>>>)
        .map_err(unavailable)?;
    texts.extend(translations);
    for (locale, title, body) in texts {
        let text = SearchText::of(&title, &body, &tags);
        sql.prepare(
            "INSERT INTO search_docs (site, post_id, locale, slug, title, published,
                 passage_source, title_words, body_words)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        )
        .and_then(|mut s| {
            s.execute(params![
                site,
                id,
                locale,
                post.slug.as_str(),
                title,
                published.timestamp_millis(),
                text.passage_source,
                text.title_words,
                text.body_words
            ])
        })
        .map_err(unavailable)?;
    }
    Ok(())
}

/// Indexes every published post of the file (once, when the index is made).
pub(super) fn index_every_post(sql: &Sql<'_>) -> StoreResult<()> {
    let mut stmt = sql
        .prepare("SELECT site, id FROM posts WHERE status = 'published'")
        .map_err(unavailable)?;
    let posts = stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
        .and_then(Iterator::collect::<rusqlite::Result<Vec<_>>>)
        .map_err(unavailable)?;
    for (site, id) in posts {
        index_post(sql, &site, &id)?;
    }
    Ok(())
}

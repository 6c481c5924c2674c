//! Repair on SQLite: every write is one transaction, so the derived tables (the tag
//! index and the moderation lists; the other lists are indexes of `posts` itself) can
//! only disagree with their rows after a hand edit or a bug. Checked in one transaction,
//! and with `fix` rebuilt in it.

use super::moderation::list_for_moderation;
use super::*;
use crate::store::repair::{Checkpoint, Finding, Repair, RepairReport, Watch};
use std::collections::{BTreeMap, BTreeSet};

fn check(sql: &Sql<'_>, site: &str, fix: bool) -> StoreResult<RepairReport> {
    let mut report = RepairReport {
        fixed: fix,
        ..RepairReport::default()
    };
    let query = |q: &str| -> StoreResult<Vec<(String, String, Option<i64>)>> {
        sql.prepare(q)
            .and_then(|mut s| {
                s.query_map([site], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                    .collect()
            })
            .map_err(unavailable)
    };
    // The tag index: a row per tag of each published post (not page), at its
    // publication time.
    let posts = query(
        "SELECT id, tags, CASE WHEN kind = 'post' THEN published END FROM posts WHERE site = ?1",
    )?;
    report.posts = posts.len();
    let mut expected: BTreeMap<(String, String), i64> = BTreeMap::new();
    for (id, tags, published) in &posts {
        if let Some(published) = published {
            for tag in split_tags(tags).to_strings() {
                expected.insert((id.clone(), tag), *published);
            }
        }
    }
    let rows = query("SELECT post_id, tag, published FROM post_tags WHERE site = ?1")?;
    let mut present: BTreeMap<(String, String), i64> = BTreeMap::new();
    for (id, tag, published) in rows {
        present.insert((id, tag), published.unwrap_or_default());
    }
    let mut retag: BTreeSet<String> = BTreeSet::new();
    for (key, published) in &present {
        if expected.get(key) != Some(published) {
            report.findings.push(Finding {
                table: "post_tags",
                what: format!(
                    "post {} is listed under tag {} where it should not be; removed",
                    key.0, key.1
                ),
            });
            retag.insert(key.0.clone());
        }
    }
    for key in expected.keys() {
        if !present.contains_key(key) {
            report.findings.push(Finding {
                table: "post_tags",
                what: format!("post {} is missing from tag {}; listed", key.0, key.1),
            });
            retag.insert(key.0.clone());
        }
    }
    // The moderation lists: a row per pending, spam or rejected comment, in its state.
    let states: Vec<(String, String, String)> = sql
        .prepare("SELECT id, post_id, state FROM comments WHERE site = ?1")
        .and_then(|mut s| {
            s.query_map([site], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect()
        })
        .map_err(unavailable)?;
    report.comments = states.len();
    let queued: BTreeMap<String, String> = sql
        .prepare("SELECT id, state FROM moderation_queue WHERE site = ?1")
        .and_then(|mut s| {
            s.query_map([site], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect()
        })
        .map_err(unavailable)?;
    let mut requeue = Vec::new();
    let mut known = BTreeSet::new();
    for (id, post, state) in states {
        let state = CommentState::parse(&state)?;
        known.insert(id.clone());
        let listed = queued.get(&id).map(String::as_str);
        let should = state.is_listed().then(|| state.as_str());
        if listed != should {
            report.findings.push(Finding {
                table: "moderation_queue",
                what: format!(
                    "comment {id} is listed as {listed:?} but is {}; relisted",
                    state.as_str()
                ),
            });
            requeue.push((post, id, state));
        }
    }
    // A listed comment's copy, against its row.
    let copies: Vec<(String, String, String)> = sql
        .prepare(&format!(
            "SELECT q.id, q.post_id, c.state FROM moderation_queue q JOIN comments c
               ON c.site = q.site AND c.post_id = q.post_id AND c.id = q.id
             WHERE q.site = ?1 AND ({})",
            super::moderation::copy_differs()
        ))
        .and_then(|mut s| {
            s.query_map([site], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect()
        })
        .map_err(unavailable)?;
    for (id, post, state) in copies {
        if requeue.iter().any(|(_, requeued, _)| *requeued == id) {
            continue;
        }
        report.findings.push(Finding {
            table: "moderation_queue",
            what: format!("comment {id} is listed with a copy that is not its row; copied again"),
        });
        requeue.push((post, id, CommentState::parse(&state)?));
    }
    let orphans: Vec<&String> = queued.keys().filter(|id| !known.contains(*id)).collect();
    for id in &orphans {
        report.findings.push(Finding {
            table: "moderation_queue",
            what: format!("comment {id} is listed but does not exist; removed"),
        });
    }
    report.accounts = sql
        .prepare("SELECT COUNT(*) FROM users")
        .and_then(|mut s| s.query_row([], |r| r.get::<_, i64>(0)))
        .map_err(unavailable)? as usize;
    // The tags' counts, against the posts each tag should list.
    let mut should: BTreeMap<String, i64> = BTreeMap::new();
    for (_, tag) in expected.keys() {
        *should.entry(tag.clone()).or_default() += 1;
    }
    let rows: Vec<(String, i64, Vec<u8>)> = sql
        .prepare("SELECT tag, posts, sort_key FROM tag_counts WHERE site = ?1")
        .and_then(|mut s| {
            s.query_map([site], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect()
        })
        .map_err(unavailable)?;
    let mut counts_wrong = Vec::new();
    let mut counted: BTreeMap<String, i64> = BTreeMap::new();
    for (tag, n, key) in rows {
        if key != crate::domain::tag_order_key(&tag) {
            report.findings.push(Finding {
                table: "tag_counts",
                what: format!("tag {tag} is out of its place in the list of tags; placed again"),
            });
            counts_wrong.push(tag.clone());
        }
        counted.insert(tag, n);
    }
    for tag in should.keys().chain(counted.keys()).collect::<BTreeSet<_>>() {
        let (n, listed) = (
            counted.get(tag).copied().unwrap_or_default(),
            should.get(tag).copied().unwrap_or_default(),
        );
        if n != listed {
            report.findings.push(Finding {
                table: "tag_counts",
                what: format!("tag {tag} counted {n} posts for {listed}; recounted"),
            });
            counts_wrong.push(tag.clone());
        }
    }
    let reindex = stale_search_texts(sql, site, &mut report)?;
    if !fix {
        return Ok(report);
    }
    for id in reindex {
        super::post_indexes::index_post(sql, site, &id)?;
    }
    for id in retag {
        sql.prepare(super::post_indexes::UNLIST_POST)
            .and_then(|mut s| s.execute(params![site, id]))
            .map_err(unavailable)?;
        for ((post, tag), published) in expected.range((id.clone(), String::new())..) {
            if *post != id {
                break;
            }
            sql.prepare(super::post_indexes::LIST_POST)
                .and_then(|mut s| s.execute(params![site, tag, post, published]))
                .map_err(unavailable)?;
        }
    }
    if !counts_wrong.is_empty() {
        sql.prepare("DELETE FROM tag_counts WHERE site = ?1")
            .and_then(|mut s| s.execute([site]))
            .map_err(unavailable)?;
        let mut put = sql
            .prepare("INSERT INTO tag_counts (site, tag, posts, sort_key) VALUES (?1, ?2, ?3, ?4)")
            .map_err(unavailable)?;
        for (tag, n) in &should {
            put.execute(params![site, tag, n, crate::domain::tag_order_key(tag)])
                .map_err(unavailable)?;
        }
    }
    for (post, id, state) in requeue {
        list_for_moderation(sql, site, &post, CommentId(uuid(&id)?), state)?;
    }
    for id in orphans {
        sql.prepare("DELETE FROM moderation_queue WHERE site = ?1 AND id = ?2")
            .and_then(|mut s| s.execute(params![site, id]))
            .map_err(unavailable)?;
    }
    Ok(report)
}

/// The posts whose texts in the search index are not the ones they show (a published
/// text missing, or one that is no longer published, or under another title, or with
/// other words).
fn stale_search_texts(
    sql: &Sql<'_>,
    site: &str,
    report: &mut RepairReport,
) -> StoreResult<BTreeSet<String>> {
    /// A text as the index holds it: post, locale, title, the title's and the rest's words.
    type Indexed = (String, String, String, String, String);
    let rows = |q: &str| -> StoreResult<BTreeSet<Indexed>> {
        sql.prepare(q)
            .and_then(|mut s| {
                s.query_map([site], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
                })?
                .collect()
            })
            .map_err(unavailable)
    };
    // Each published text with its Markdown and its post's tags, analyzed as indexing does.
    let shown: BTreeSet<Indexed> = rows(
        "SELECT id, locale, title, body, tags FROM posts
         WHERE site = ?1 AND status = 'published' AND kind = 'post'
         UNION ALL
         SELECT t.post_id, t.locale, t.title, t.body, p.tags FROM translations t
             JOIN posts p ON p.site = t.site AND p.id = t.post_id
         WHERE t.site = ?1 AND t.status = 'published' AND p.status = 'published'
             AND p.kind = 'post'",
    )?
    .into_iter()
    .map(|(id, locale, title, body, tags)| {
        let tags = split_tags(&tags).to_strings();
        let tags: Vec<&str> = tags.iter().map(String::as_str).collect();
        let text = crate::domain::search::SearchText::of(&title, &body, &tags);
        (id, locale, title, text.title_words, text.body_words)
    })
    .collect();
    let indexed = rows(
        "SELECT post_id, locale, title, title_words, body_words FROM search_docs WHERE site = ?1",
    )?;
    let mut stale = BTreeSet::new();
    let mut found = BTreeSet::new();
    for (id, locale, title, _, _) in shown.symmetric_difference(&indexed) {
        // One finding for a text whose row differs (both sides differ then).
        if !found.insert((id, locale)) {
            continue;
        }
        report.findings.push(Finding {
            table: "search_docs",
            what: format!(
                "the text of post {id} in locale {locale:?} (“{title}”) is out of step with the search index; indexed again"
            ),
        });
        stale.insert(id.clone());
    }
    Ok(stale)
}

#[async_trait]
impl Repair for SqliteStore {
    /// One transaction (with `fix`; one read without): a repair that stops has changed
    /// nothing, and starts over; `from` is not needed.
    async fn repair_from(
        &self,
        site: &Site,
        fix: bool,
        _from: Option<Checkpoint>,
        watch: &dyn Watch,
    ) -> StoreResult<RepairReport> {
        let site = site.to_string();
        let mut report = if fix {
            self.transaction(move |sql| check(sql, &site, fix)).await
        } else {
            self.run(move |sql| check(sql, &site, fix)).await
        }?;
        report.found = report.findings.len();
        for finding in std::mem::take(&mut report.findings) {
            watch.found(finding);
        }
        watch.progress("posts", report.posts as u64);
        Ok(report)
    }
}

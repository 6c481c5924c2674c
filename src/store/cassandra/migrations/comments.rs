//! What `sibyl migrate` carries over into the comments' tables (by commenter, the
//! moderation lists and log, the tallies) a keyspace made by an earlier version lacks.

use super::super::comments::copies::month_of;
use super::super::comments::moderation::{LOG_COLUMNS, LogLine};
use super::super::comments::queue::hour_of;
use super::super::comments::tallies::bucket_of;
use super::super::comments::tallies::{
    Tally, TallyRow, slot, state_add_cql, states_read_cql, tally_add_cql, tally_read_cql,
};
use super::super::comments::{COMMENT_COLUMNS, CommentRow, comment_values};
use super::super::*;

/// `sibyl migrate`: lists every member's comment in `comments_by_user`.
pub async fn carry_over_by_user(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("listing comments by member: {e}");
    let write = session
        .prepare(format!(
            "INSERT INTO {ks}.comments_by_user (site, user_id, month, post_id, id) VALUES (?, ?, ?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let mut rows = session
        .query_iter(
            format!("SELECT site, post_id, id, author_id FROM {ks}.comments"),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<(String, Uuid, Option<CqlTimeuuid>, Option<Uuid>)>()
        .map_err(|e| fail(&e))?;
    let mut listed = 0;
    while let Some(row) = rows.next().await {
        let (site, post, id, author) = row.map_err(|e| fail(&e))?;
        // A partition of only its static `taken` reads as a row without an id.
        let (Some(id), Some(author)) = (id, author) else {
            continue;
        };
        let month = month_of(CommentId(Uuid::from(id)));
        session
            .execute_unpaged(&write, (site.as_str(), author, month, post, id))
            .await
            .map_err(|e| fail(&e))?;
        listed += 1;
    }
    Ok(listed)
}

/// Copies the moderation log of a keyspace from before version 21 (a partition per site
/// and month) into the log by hour, with its hours; the next change drops the old table.
/// Returns how many lines were copied.
pub async fn carry_over_log(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("copying the moderation log: {e}");
    if !super::table_exists(session, ks, "moderation_log").await? {
        return Ok(0);
    }
    let put = session
        .prepare(format!(
            "INSERT INTO {ks}.moderation_log_by_hour (site, hour, {LOG_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let put_hour = session
        .prepare(format!(
            "INSERT INTO {ks}.moderation_log_hours (site, month, hour) VALUES (?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let partitions: Vec<(String, String)> = session
        .query_unpaged(
            format!("SELECT DISTINCT site, month FROM {ks}.moderation_log"),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .into_rows_result()
        .map_err(|e| fail(&e))?
        .rows::<(String, String)>()
        .map_err(|e| fail(&e))?
        .collect::<Result<_, _>>()
        .map_err(|e| fail(&e))?;
    let mut copied = 0;
    for (site, month) in partitions {
        let mut rows = session
            .query_iter(
                format!(
                    "SELECT {LOG_COLUMNS} FROM {ks}.moderation_log WHERE site = ? AND month = ?"
                ),
                (site.as_str(), month.as_str()),
            )
            .await
            .map_err(|e| fail(&e))?
            .rows_stream::<LogLine>()
            .map_err(|e| fail(&e))?;
        while let Some(line) = rows.next().await {
            let (at, comment, post, slug, title, by_name, from, to, reason) =
                line.map_err(|e| fail(&e))?;
            let hour = super::super::hours::hour_of(Uuid::from(at));
            let values = (
                site.as_str(),
                hour,
                at,
                comment,
                post,
                slug,
                title,
                by_name,
                from,
                to,
                reason,
            );
            session
                .execute_unpaged(&put, values)
                .await
                .map_err(|e| fail(&e))?;
            session
                .execute_unpaged(&put_hour, (site.as_str(), month.as_str(), hour))
                .await
                .map_err(|e| fail(&e))?;
            copied += 1;
        }
    }
    Ok(copied)
}

/// Fills the tallies of a keyspace made before they existed from its comment rows (one
/// scan of `comments`), bringing each post's counters and each site's per-state counts
/// to what the rows say: run again, it changes nothing. Returns the posts counted.
pub async fn carry_over_tallies(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    use std::collections::HashMap;
    let fail = |e: &dyn std::fmt::Display| format!("counting the comments: {e}");
    let mut posts: HashMap<(String, Uuid), Tally> = HashMap::new();
    let mut rows = session
        .query_iter(
            format!("SELECT site, post_id, state FROM {ks}.comments"),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<(String, Uuid, String)>()
        .map_err(|e| fail(&e))?;
    while let Some(row) = rows.next().await {
        let (site, post, state) = row.map_err(|e| fail(&e))?;
        let state = CommentState::parse(&state).map_err(|e| fail(&e))?;
        let tally = posts.entry((site, post)).or_default();
        tally.total += 1;
        tally.by_state[slot(state)] += 1;
    }
    let prepare = |cql: String| async move { session.prepare(cql).await.map_err(|e| fail(&e)) };
    let read = prepare(tally_read_cql(ks)).await?;
    let add = prepare(tally_add_cql(ks)).await?;
    let states_read = prepare(states_read_cql(ks)).await?;
    let state_add = prepare(state_add_cql(ks)).await?;
    let n = |c: Option<Counter>| c.map_or(0, |c| c.0);
    let mut sites: HashMap<(String, i32), [i64; 5]> = HashMap::new();
    for ((site, post), counted) in &posts {
        let stored: Option<TallyRow> = session
            .execute_unpaged(&read, (site.as_str(), bucket_of(*post), *post))
            .await
            .map_err(|e| fail(&e))?
            .into_rows_result()
            .map_err(|e| fail(&e))?
            .maybe_first_row::<TallyRow>()
            .map_err(|e| fail(&e))?;
        let change = counted.minus(Tally::of_row(stored));
        if !change.is_zero() {
            let s = change.by_state;
            session
                .execute_unpaged(
                    &add,
                    (
                        Counter(change.total),
                        Counter(s[0]),
                        Counter(s[1]),
                        Counter(s[2]),
                        Counter(s[3]),
                        Counter(s[4]),
                        site.as_str(),
                        bucket_of(*post),
                        *post,
                    ),
                )
                .await
                .map_err(|e| fail(&e))?;
        }
        let sums = sites.entry((site.clone(), bucket_of(*post))).or_default();
        for (i, v) in counted.by_state.iter().enumerate() {
            sums[i] += v;
        }
    }
    for ((site, bucket), counted) in &sites {
        let stored: Vec<(String, Option<Counter>)> = session
            .execute_unpaged(&states_read, (site.as_str(), vec![*bucket]))
            .await
            .map_err(|e| fail(&e))?
            .into_rows_result()
            .map_err(|e| fail(&e))?
            .rows::<(String, Option<Counter>)>()
            .map_err(|e| fail(&e))?
            .collect::<Result<_, _>>()
            .map_err(|e| fail(&e))?;
        let mut have = [0i64; 5];
        for (state, c) in stored {
            have[slot(CommentState::parse(&state).map_err(|e| fail(&e))?)] += n(c);
        }
        for (i, state) in CommentState::ALL.iter().enumerate() {
            let change = counted[i] - have[i];
            if change != 0 {
                session
                    .execute_unpaged(
                        &state_add,
                        (Counter(change), site.as_str(), *bucket, state.as_str()),
                    )
                    .await
                    .map_err(|e| fail(&e))?;
            }
        }
    }
    Ok(posts.len())
}

/// Lists every comment of a keyspace from before version 19 in the lists by hour, from
/// the comments' own rows: the list per site and state that they replace is not read,
/// since its partitions may hold more tombstones than a read is allowed to meet (the
/// reason it goes). The next change drops it. Returns how many comments were listed.
pub async fn carry_over_comment_lists(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("listing the comments by hour: {e}");
    if !super::table_exists(session, ks, "moderation_queue").await? {
        return Ok(0);
    }
    // The columns are today's, with the one a later change adds (it adds it only if
    // it is not there).
    for table in ["comments", "moderation_lists"] {
        session
            .query_unpaged(
                format!("ALTER TABLE {ks}.{table} ADD IF NOT EXISTS author_actor text"),
                (),
            )
            .await
            .map_err(|e| fail(&e))?;
    }
    let read = session
        .prepare(format!(
            "SELECT {COMMENT_COLUMNS} FROM {ks}.comments WHERE site = ? AND post_id = ? AND id = ?"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let put = session
        .prepare(format!(
            "INSERT INTO {ks}.moderation_lists (site, {COMMENT_COLUMNS}, hour) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let put_hour = session
        .prepare(format!(
            "INSERT INTO {ks}.moderation_hours (site, state, hour) VALUES (?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let mut rows = session
        .query_iter(
            format!("SELECT site, post_id, id, state FROM {ks}.comments"),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<(String, Uuid, CqlTimeuuid, Option<String>)>()
        .map_err(|e| fail(&e))?;
    let mut listed = 0;
    while let Some(row) = rows.next().await {
        let (site, post, id, state) = row.map_err(|e| fail(&e))?;
        let listed_state = state
            .as_deref()
            .and_then(|s| CommentState::parse(s).ok())
            .is_some_and(|s| s.is_listed());
        if !listed_state {
            continue;
        }
        let Some(comment) = session
            .execute_unpaged(&read, (site.as_str(), post, id))
            .await
            .map_err(|e| fail(&e))?
            .into_rows_result()
            .map_err(|e| fail(&e))?
            .maybe_first_row::<CommentRow>()
            .map_err(|e| fail(&e))?
        else {
            continue;
        };
        let comment = comment.into_comment().map_err(|e| fail(&e))?;
        let site = Site::parse(&site).map_err(|e| fail(&e))?;
        let hour = hour_of(comment.id);
        let mut values = comment_values(&site, &comment);
        values.push(Some(CqlValue::Int(hour)));
        session
            .execute_unpaged(&put, values)
            .await
            .map_err(|e| fail(&e))?;
        session
            .execute_unpaged(&put_hour, (site.as_str(), comment.state.as_str(), hour))
            .await
            .map_err(|e| fail(&e))?;
        listed += 1;
    }
    Ok(listed)
}

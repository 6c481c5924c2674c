//! Suggestions: readers' proposed texts, decided once.

use super::*;

pub(super) const SUGGESTION_COLUMNS: &str =
    "post_id, id, base, title, body, tags, note, suggester_id, suggester_name, created, state";

pub(super) struct SuggestionRow {
    post_id: String,
    id: String,
    base: u32,
    title: String,
    body: String,
    tags: String,
    note: String,
    suggester_id: String,
    suggester_name: String,
    created: i64,
    state: String,
}

impl SuggestionRow {
    pub(super) fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            post_id: row.get(0)?,
            id: row.get(1)?,
            base: row.get(2)?,
            title: row.get(3)?,
            body: row.get(4)?,
            tags: row.get(5)?,
            note: row.get(6)?,
            suggester_id: row.get(7)?,
            suggester_name: row.get(8)?,
            created: row.get(9)?,
            state: row.get(10)?,
        })
    }

    pub(super) fn into_suggestion(self) -> StoreResult<Suggestion> {
        Ok(Suggestion {
            id: self.id,
            post_id: PostId(uuid(&self.post_id)?),
            base: self.base,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            tags: split_tags(&self.tags),
            note: self.note,
            suggester_id: UserId(uuid(&self.suggester_id)?),
            suggester_name: self.suggester_name,
            created: millis_to_time(self.created),
            state: SuggestionState::parse(&self.state)?,
        })
    }
}

#[async_trait]
impl Suggestions for SqliteStore {
    async fn create_suggestion(
        &self,
        site: &Site,
        suggestion: &Suggestion,
    ) -> Result<(), SuggestionError> {
        let (site, g) = (site.to_string(), suggestion.clone());
        // The count and the insert in one transaction: of racers for the last places,
        // those that come after the cap find it reached.
        self.transaction(move |sql| {
            let count: u64 = sql
                .prepare("SELECT COUNT(*) FROM suggestions WHERE site = ?1 AND post_id = ?2")
                .and_then(|mut s| s.query_row(params![site, g.post_id.0.to_string()], |r| r.get(0)))
                .map_err(unavailable)?;
            if count >= crate::domain::post::MAX_SUGGESTIONS_PER_POST {
                return Err(SuggestionError::Full);
            }
            sql
                .prepare(
                    "INSERT INTO suggestions (site, post_id, id, base, title, body, tags, note, suggester_id, suggester_name, created, state)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        g.post_id.0.to_string(),
                        g.id,
                        g.base,
                        g.title.as_str(),
                        g.body.as_str(),
                        join_tags(&g.tags),
                        g.note,
                        g.suggester_id.0.to_string(),
                        g.suggester_name,
                        g.created.timestamp_millis(),
                        g.state.as_str(),
                    ])
                })
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn open_suggestion_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>> {
        if posts.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<String> = posts.iter().map(|p| p.0.to_string()).collect();
        let marks = vec!["?"; ids.len()].join(", ");
        self.read(|sql| {
            post_counts(
                sql,
                &format!(
                    "SELECT post_id, COUNT(*) FROM suggestions
                     WHERE site = ? AND state = 'open' AND post_id IN ({marks}) GROUP BY post_id"
                ),
                std::iter::once(site.as_str()).chain(ids.iter().map(String::as_str)),
            )
        })
        .await
    }

    async fn suggestions(&self, site: &Site, post: PostId) -> StoreResult<Vec<SuggestionSummary>> {
        let site = site.to_string();
        self.read(move |sql| {
            let mut stmt = sql
                .prepare(
                    "SELECT id, base, note, suggester_id, suggester_name, created, state
                     FROM suggestions WHERE site = ?1 AND post_id = ?2 ORDER BY created DESC, id DESC",
                )
                .map_err(unavailable)?;
            type Line = (String, u32, String, String, String, i64, String);
            let rows: Vec<Line> = stmt
                .query_map(params![site, post.0.to_string()], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                    ))
                })
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            rows.into_iter()
                .map(|(id, base, note, by, by_name, created, state)| {
                    Ok(SuggestionSummary {
                        id,
                        base,
                        note,
                        suggester_id: UserId(uuid(&by)?),
                        suggester_name: by_name,
                        created: millis_to_time(created),
                        state: SuggestionState::parse(&state)?,
                    })
                })
                .collect()
        })
        .await
    }

    async fn suggestion(
        &self,
        site: &Site,
        post: PostId,
        id: &str,
    ) -> StoreResult<Option<Suggestion>> {
        let (site, id) = (site.to_string(), id.to_owned());
        self.read(move |sql| {
            let row = sql
                .prepare(&format!(
                    "SELECT {SUGGESTION_COLUMNS} FROM suggestions WHERE site = ?1 AND post_id = ?2 AND id = ?3"
                ))
                .and_then(|mut s| s.query_row(params![site, post.0.to_string(), id], SuggestionRow::read).optional())
                .map_err(unavailable)?;
            row.map(SuggestionRow::into_suggestion).transpose()
        })
        .await
    }

    async fn decide_suggestion(
        &self,
        site: &Site,
        post: PostId,
        id: &str,
        to: SuggestionState,
    ) -> StoreResult<bool> {
        let (site, id) = (site.to_string(), id.to_owned());
        self.run(move |sql| {
            let changed = sql
                .prepare(
                    "UPDATE suggestions SET state = ?4 WHERE site = ?1 AND post_id = ?2 AND id = ?3 AND state = 'open'",
                )
                .and_then(|mut s| s.execute(params![site, post.0.to_string(), id, to.as_str()]))
                .map_err(unavailable)?;
            Ok(changed == 1)
        })
        .await
        .and_then(|won| {
            if won && self.faults.fires(Fault::CrashAfterSuggestionDecision) {
                return Err(Fault::CrashAfterSuggestionDecision.error());
            }
            Ok(won)
        })
    }
}

//! Suggestions: readers' proposed texts, decided once by an LWT.

use super::lwt::{Capped, settled};
use super::{CassandraStore, logged};
use crate::domain::post::Body;
use crate::domain::{
    PostId, Site, Suggestion, SuggestionState, SuggestionSummary, Tags, Title, UserId,
};
use crate::store::prelude::*;
use crate::store::{Fault, StoreError, StoreResult, SuggestionError};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::DeserializeRow;
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

pub(super) const SUGGESTION_COLUMNS: &str =
    "post_id, id, base, title, body, tags, note, suggester_id, suggester_name, created, state";

#[derive(DeserializeRow)]
pub(super) struct SuggestionRow {
    post_id: Uuid,
    id: String,
    base: i32,
    title: String,
    body: String,
    tags: Option<Vec<String>>,
    note: String,
    suggester_id: Uuid,
    suggester_name: String,
    created: DateTime<Utc>,
    state: String,
}

impl SuggestionRow {
    pub(super) fn into_suggestion(self) -> StoreResult<Suggestion> {
        Ok(Suggestion {
            id: self.id,
            post_id: PostId(self.post_id),
            base: u32::try_from(self.base).map_err(|e| StoreError::Corrupt(e.to_string()))?,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            tags: Tags::from_stored(self.tags.unwrap_or_default()),
            note: self.note,
            suggester_id: UserId(self.suggester_id),
            suggester_name: self.suggester_name,
            created: self.created,
            state: SuggestionState::parse(&self.state)?,
        })
    }
}

/// A row of a post's list of suggestions: everything but the text.
#[derive(DeserializeRow)]
struct SummaryRow {
    id: String,
    base: i32,
    note: String,
    suggester_id: Uuid,
    suggester_name: String,
    created: DateTime<Utc>,
    state: String,
}

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    taken_read: PreparedStatement,
    taken_read_serial: PreparedStatement,
    taken_claim: PreparedStatement,
    rows_count: PreparedStatement,
    pub(super) suggestion_insert: PreparedStatement,
    pub(super) suggestions_read: PreparedStatement,
    /// The state of every suggestion of some posts: their counts of open ones.
    states_of: PreparedStatement,
    pub(super) suggestion_read: PreparedStatement,
    pub(super) suggestion_decide: PreparedStatement,
    pub(super) suggestion_serial: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let taken_read =
            format!("SELECT taken FROM {ks}.suggestions WHERE site = ? AND post_id = ? LIMIT 1");
        Ok(Self {
            taken_read: prepare(taken_read.clone()).await?,
            taken_read_serial: {
                let mut st = prepare(taken_read).await?;
                crate::store::cassandra::read_serially(&mut st);
                st
            },
            taken_claim: prepare(format!(
                "UPDATE {ks}.suggestions SET taken = ? WHERE site = ? AND post_id = ? IF taken = ?"
            ))
            .await?,
            rows_count: prepare(format!(
                "SELECT COUNT(*) FROM {ks}.suggestions WHERE site = ? AND post_id = ?"
            ))
            .await?,
            suggestion_insert: prepare(format!(
                "INSERT INTO {ks}.suggestions (site, {SUGGESTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            suggestions_read: prepare(format!(
                "SELECT id, base, note, suggester_id, suggester_name, created, state
                 FROM {ks}.suggestions WHERE site = ? AND post_id = ?"
            ))
            .await?,
            states_of: prepare(format!(
                "SELECT post_id, state FROM {ks}.suggestions WHERE site = ? AND post_id IN ?"
            ))
            .await?,
            suggestion_read: prepare(format!(
                "SELECT {SUGGESTION_COLUMNS} FROM {ks}.suggestions WHERE site = ? AND post_id = ? AND id = ?"
            ))
            .await?,
            suggestion_decide: prepare(format!(
                "UPDATE {ks}.suggestions SET state = ?, decision = ? WHERE site = ? AND post_id = ? AND id = ? IF state = 'open'"
            ))
            .await?,
            suggestion_serial: {
                let mut st = prepare(format!(
                    "SELECT id, decision FROM {ks}.suggestions WHERE site = ? AND post_id = ? AND id = ?"
                ))
                .await?;
                crate::store::cassandra::read_serially(&mut st);
                st
            },
        })
    }
}

#[async_trait]
impl Suggestions for CassandraStore {
    async fn create_suggestion(
        &self,
        site: &Site,
        suggestion: &Suggestion,
    ) -> Result<(), SuggestionError> {
        let g = suggestion;
        let post = g.post_id;
        let values = (
            site.as_str(),
            post.0,
            g.id.as_str(),
            g.base as i32,
            g.title.as_str(),
            g.body.as_str(),
            g.tags.to_strings(),
            g.note.as_str(),
            g.suggester_id.0,
            g.suggester_name.as_str(),
            g.created,
            g.state.as_str(),
        );
        let batch = logged(vec![
            self.suggestions.suggestion_insert.clone(),
            self.suggestions.taken_claim.clone(),
        ]);
        let statements = &self.suggestions;
        let read = |serial: bool| async move {
            let statement = if serial {
                &statements.taken_read_serial
            } else {
                &statements.taken_read
            };
            let taken: Option<(Option<i32>,)> =
                self.row(statement, (site.as_str(), post.0)).await?;
            Ok(match taken.and_then(|(t,)| t) {
                Some(n) => (Some(n), n),
                None => {
                    let (rows,): (i64,) = self
                        .row(&statements.rows_count, (site.as_str(), post.0))
                        .await?
                        .unwrap_or((0,));
                    (None, rows as i32)
                }
            })
        };
        let made = self
            .capped_create(
                post.0,
                crate::domain::post::MAX_SUGGESTIONS_PER_POST as i32,
                read,
                |was, count| {
                    let (values, batch) = (values.clone(), &batch);
                    async move {
                        let claim = (count + 1, site.as_str(), post.0, was);
                        let outcome = self.session.batch(batch, (values, claim)).await;
                        // The id is this host's next number: the row is there exactly
                        // when the insert took effect.
                        settled(outcome, || async {
                            Ok(self
                                .row::<(String, Option<Uuid>)>(
                                    &statements.suggestion_serial,
                                    (site.as_str(), post.0, g.id.as_str()),
                                )
                                .await?
                                .is_some())
                        })
                        .await
                        .map(|created| created.then_some(()))
                    }
                },
            )
            .await?;
        match made {
            Capped::Made(()) => Ok(()),
            Capped::Full => Err(SuggestionError::Full),
        }
    }

    async fn open_suggestion_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>> {
        if posts.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<Uuid> = posts.iter().map(|p| p.0).collect();
        let rows: Vec<(Uuid, Option<String>)> = self
            .rows(&self.suggestions.states_of, (site.as_str(), ids))
            .await?;
        let mut counts: Vec<(PostId, u64)> = Vec::new();
        for (post, state) in rows {
            if state.as_deref() != Some(SuggestionState::Open.as_str()) {
                continue;
            }
            match counts.iter_mut().find(|(id, _)| id.0 == post) {
                Some((_, n)) => *n += 1,
                None => counts.push((PostId(post), 1)),
            }
        }
        Ok(counts)
    }

    async fn suggestions(&self, site: &Site, post: PostId) -> StoreResult<Vec<SuggestionSummary>> {
        let rows: Vec<SummaryRow> = self
            .rows(&self.suggestions.suggestions_read, (site.as_str(), post.0))
            .await?;
        let mut all: Vec<SuggestionSummary> = rows
            .into_iter()
            .map(|r| {
                Ok(SuggestionSummary {
                    id: r.id,
                    base: u32::try_from(r.base).map_err(|e| StoreError::Corrupt(e.to_string()))?,
                    note: r.note,
                    suggester_id: UserId(r.suggester_id),
                    suggester_name: r.suggester_name,
                    created: r.created,
                    state: SuggestionState::parse(&r.state)?,
                })
            })
            .collect::<StoreResult<_>>()?;
        all.sort_by(|a, b| b.created.cmp(&a.created).then_with(|| b.id.cmp(&a.id)));
        Ok(all)
    }

    async fn suggestion(
        &self,
        site: &Site,
        post: PostId,
        id: &str,
    ) -> StoreResult<Option<Suggestion>> {
        self.row::<SuggestionRow>(
            &self.suggestions.suggestion_read,
            (site.as_str(), post.0, id),
        )
        .await?
        .map(SuggestionRow::into_suggestion)
        .transpose()
    }

    async fn decide_suggestion(
        &self,
        site: &Site,
        post: PostId,
        id: &str,
        to: SuggestionState,
    ) -> StoreResult<bool> {
        let decision = Uuid::new_v4();
        let attempt = self
            .session
            .execute_unpaged(
                &self.suggestions.suggestion_decide,
                (to.as_str(), decision, site.as_str(), post.0, id),
            )
            .await;
        // A serial read of the decision says whether it was this one (another decider's,
        // even for the same state, is not).
        let won = settled(attempt, || async {
            Ok(self
                .row::<(String, Option<Uuid>)>(
                    &self.suggestions.suggestion_serial,
                    (site.as_str(), post.0, id),
                )
                .await?
                .is_some_and(|(_, d)| d == Some(decision)))
        })
        .await?;
        if won
            && self
                .options
                .faults
                .fires(Fault::CrashAfterSuggestionDecision)
        {
            return Err(Fault::CrashAfterSuggestionDecision.error());
        }
        Ok(won)
    }
}

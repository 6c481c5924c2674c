//! Recovery: the [`Intents`] contract on Cassandra. A pass reads the unfinished writes
//! (`intents.rs`), has each aggregate finish or undo its own, and hands the
//! application's over.

use super::CassandraStore;
use super::intents::{OwnIntent, Record};
use crate::domain::{CommentId, Locale, PostId, Site, Slug, UserId};
use crate::store::intents::{
    Finished, Handed, Intent, IntentId, Intents, PARK_AFTER, Parked, Recovery,
};
use crate::store::{StoreError, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};

impl CassandraStore {
    /// Runs the remaining steps of one of this store's writes again, or undoes it.
    async fn finish_own(&self, intent: &OwnIntent) -> StoreResult<Finished> {
        match intent {
            OwnIntent::Relist { site, post, was } => {
                let site = Site::parse(site)?;
                let id = PostId(*post);
                // A save that died after claiming its revision, before moving the post to
                // it: the post moves to it first (nothing happens if no revision follows
                // the post's).
                if let Some(current) = self.post_by_id_serial(&site, id).await? {
                    self.roll_forward(&site, id, &current.locale, current.revision)
                        .await?;
                }
                self.settle_lists(&site, id, was.clone()).await?;
                Ok(Finished::Completed)
            }
            OwnIntent::NewPost {
                site,
                post,
                slug,
                short_id,
            } => {
                let site = Site::parse(site)?;
                let slug = Slug::parse(slug)?;
                self.finish_new_post(&site, PostId(*post), &slug, *short_id)
                    .await
            }
            OwnIntent::SignUp { user, claims } => self.finish_sign_up(UserId(*user), claims).await,
            OwnIntent::Rename {
                user,
                scope,
                old,
                new,
            } => self.finish_rename(UserId(*user), scope, old, new).await,
            OwnIntent::Comment {
                site,
                post,
                comment,
            } => {
                let site = Site::parse(site)?;
                self.finish_comment(&site, PostId(*post), CommentId(*comment))
                    .await
            }
            OwnIntent::Translation { site, post, locale } => {
                let site = Site::parse(site)?;
                let locale = Locale::parse(locale)?;
                let id = PostId(*post);
                // A save that died after claiming its revision: the translation moves to
                // it first (nothing happens if no revision follows the translation's).
                let base = self
                    .translation_serial(&site, id, &locale)
                    .await?
                    .map_or(0, |t| t.revision);
                self.roll_translation_forward(&site, id, &locale, base)
                    .await?;
                self.follow_translation(&site, id, &locale, true).await?;
                Ok(Finished::Completed)
            }
            OwnIntent::Favorite {
                site,
                user,
                post,
                was,
            } => {
                let site = Site::parse(site)?;
                self.finish_favorite(&site, UserId(*user), PostId(*post), *was)
                    .await
            }
            OwnIntent::RemoteFollowers { site, actor } => {
                let site = Site::parse(site)?;
                self.recount_remote_followers(&site, actor).await
            }
        }
    }
}

#[async_trait]
impl Intents for CassandraStore {
    async fn begin(&self, intent: &Intent) -> StoreResult<IntentId> {
        self.record(intent).await
    }

    async fn end(&self, id: IntentId) -> StoreResult<()> {
        self.end_own(id).await
    }

    async fn recover(&self, before: DateTime<Utc>) -> StoreResult<Recovery> {
        let (mut records, through) = self.unfinished(before).await?;
        let due = self.due(crate::domain::now()).await?;
        records.extend(due);
        let mut recovery = Recovery {
            through: Some(through),
            ..Recovery::default()
        };
        for (id, record, attempts) in records {
            let own = match record {
                Record::App(intent) => {
                    recovery.intents.push(Handed {
                        id,
                        intent,
                        attempts,
                    });
                    continue;
                }
                Record::Own(own) => own,
            };
            match self.finish_own(&own).await {
                Ok(finished) => {
                    self.end_own(id).await?;
                    if attempts >= PARK_AFTER {
                        self.unpark(id).await?;
                    }
                    match finished {
                        Finished::Completed => recovery.completed += 1,
                        Finished::Undone => recovery.undone += 1,
                    }
                }
                Err(e) => {
                    tracing::warn!(intent = ?own, attempts, error = %e, "could not finish a write; trying again later");
                    let body = serde_json::to_string(&own)
                        .map_err(|e| StoreError::Corrupt(format!("an intent: {e}")))?;
                    match self
                        .attempt_failed(id, &body, attempts, &e.to_string())
                        .await?
                    {
                        true if attempts < PARK_AFTER => recovery.parked += 1,
                        true => {}
                        false => recovery.failed += 1,
                    }
                }
            }
        }
        Ok(recovery)
    }

    async fn passed(&self, through: DateTime<Utc>) -> StoreResult<()> {
        self.move_cursor(through).await
    }

    async fn finished(&self, handed: &Handed) -> StoreResult<()> {
        self.end_own(handed.id).await?;
        if handed.parked() {
            self.unpark(handed.id).await?;
        }
        Ok(())
    }

    async fn failed(&self, handed: &Handed, error: &str) -> StoreResult<bool> {
        let body = serde_json::to_string(&handed.intent)
            .map_err(|e| StoreError::Corrupt(format!("an intent: {e}")))?;
        self.attempt_failed(handed.id, &body, handed.attempts, error)
            .await
    }

    async fn parked(&self) -> StoreResult<Vec<Parked>> {
        self.parked_intents().await
    }

    async fn clock(&self) -> StoreResult<DateTime<Utc>> {
        self.node_clock().await
    }
}

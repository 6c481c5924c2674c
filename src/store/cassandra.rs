//! The Cassandra (or ScyllaDB) adapter, on the scylla driver.
//!
//! Every statement is prepared once in [`CassandraStore::connect`]. Reads and plain writes
//! run at LOCAL_QUORUM; lightweight transactions use LOCAL_SERIAL. Uniqueness (user names,
//! e-mail addresses, slugs, a site's first administrator) goes through [`Claims`], the
//! multi-row claim protocol of seed 004 described in ARCHITECTURE.md.

use super::{
    AccountError, CommentError, CommentPage, DirectoryEntry, EditError, FRONT_PAGE_CAP, Fault,
    ID_POOL_SIZE, ListPage, ModerationError, ModerationPage, NewSession, OpenError, PageError,
    Replication, SetupError, Standing, Store, StoreError, StoreOptions, StoreResult, Taken,
};
use crate::domain::comment::{MAX_COMMENTS_PER_POST, ThreadComment};
use crate::domain::password::PasswordHash;
use crate::domain::post::Body;
use crate::domain::timeuuid;
use crate::domain::token::random_below;
use crate::domain::user::{Login, shelf_of};
use crate::domain::{
    Comment, CommentBody, CommentId, CommentSettings, CommentState, CommentedPost, Commenter,
    LogEntry, Moderation, NewComment, StateCounts,
};
use crate::domain::{
    Draft, Email, Locale, NewPost, NewUser, Post, PostEdit, PostId, PostStatus, PostSummary,
    Profile, RevisionSummary, Role, SavedRevision, Site, Slug, Suggestion, SuggestionState, Tag,
    Tags, Title, Translation, User, UserId, Username,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::client::execution_profile::ExecutionProfile;
use scylla::client::session::Session;
use scylla::client::session_builder::SessionBuilder;
use scylla::errors::{DbError, ExecutionError, RequestAttemptError, WriteType};
use scylla::response::PagingState;
use scylla::response::query_result::QueryResult;
use scylla::serialize::row::SerializeRow;
use scylla::statement::batch::{Batch, BatchType};
use scylla::statement::prepared::PreparedStatement;
use scylla::statement::{Consistency, SerialConsistency};
use scylla::value::{Counter, CqlTimeuuid, CqlValue, Row};
use scylla::{DeserializeRow, SerializeRow};
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

/// The schema, applied by `sibyl migrate`.
pub const SCHEMA: &str = include_str!("../../schema.cql");

const POST_COLUMNS: &str = "post_id, slug, title, body, body_html, excerpt, tags, author_id, author_name, status, created, published, revision, short_id";
const USER_COLUMNS: &str =
    "user_id, username, email, display_name, role, password_hash, created, bio, homepage, banned";
const DIRECTORY_COLUMNS: &str = "user_id, username, display_name, email, role, banned";
const SUGGESTION_COLUMNS: &str =
    "post_id, id, base, title, body, tags, note, suggester_id, suggester_name, created, state";
const SUMMARY_COLUMNS: &str = "published, post_id, slug, title, excerpt, author_name, tags";
const COMMENT_COLUMNS: &str = "id, post_id, post_slug, post_title, thread, parent, author_id, author_name, author_email, body, body_html, state, reason, edited";
const THREAD_COLUMNS: &str = "thread, id, parent, author_id, author_name, body_html, edited";
const TRANSLATION_COLUMNS: &str =
    "locale, title, body, body_html, excerpt, status, published, revision";

/// Statements, prepared once at start.
struct Statements {
    claim_insert: PreparedStatement,
    claim_commit: PreparedStatement,
    claim_release: PreparedStatement,
    claim_read_serial: PreparedStatement,
    claim_read: PreparedStatement,
    user_by_id: PreparedStatement,
    user_password: PreparedStatement,
    directory_read: PreparedStatement,
    signup_months: PreparedStatement,
    signups_read: PreparedStatement,
    signups_read_before: PreparedStatement,
    rate_insert: PreparedStatement,
    rate_count: PreparedStatement,
    /// The users row and its directory entry, which must agree: logged batches.
    user_create: Batch,
    user_rename: Batch,
    user_email: Batch,
    user_profile: Batch,
    user_role: Batch,
    user_banned: Batch,
    /// The session row and its entry in sessions_by_user.
    session_insert: Batch,
    sessions_of_user: PreparedStatement,
    session_of_user_delete: PreparedStatement,
    session_read: PreparedStatement,
    session_delete: PreparedStatement,
    post_by_id: PreparedStatement,
    id_pool_read: PreparedStatement,
    id_pool_seed: PreparedStatement,
    id_pool_take: PreparedStatement,
    id_pool_all: PreparedStatement,
    short_link_read: PreparedStatement,
    revision_claim: PreparedStatement,
    revision_save_id_serial: PreparedStatement,
    post_revise: PreparedStatement,
    revisions_list: PreparedStatement,
    revision_read: PreparedStatement,
    host_counter_read: PreparedStatement,
    host_counter_write: PreparedStatement,
    post_publish: PreparedStatement,
    post_published_id_serial: PreparedStatement,
    post_unpublish: PreparedStatement,
    /// The front page row and the author page row of a newly published post.
    publish_rows: Batch,
    /// Both rows again, removed when a post goes back to draft.
    unlist_rows: Batch,
    suggestion_insert: PreparedStatement,
    suggestions_read: PreparedStatement,
    suggestion_read: PreparedStatement,
    suggestion_decide: PreparedStatement,
    draft_write: PreparedStatement,
    draft_read: PreparedStatement,
    draft_delete: PreparedStatement,
    translation_read: PreparedStatement,
    translations_read: PreparedStatement,
    translation_create: PreparedStatement,
    translation_revise: PreparedStatement,
    /// A translation's status and the post's list of published translations, together.
    translation_publish: Batch,
    translation_unpublish: Batch,
    tag_post_insert: PreparedStatement,
    tag_post_delete: PreparedStatement,
    tag_year_insert: PreparedStatement,
    tag_year_before: PreparedStatement,
    tag_page_read: PreparedStatement,
    front_page_read: PreparedStatement,
    author_posts_read: PreparedStatement,
    front_page_keys: PreparedStatement,
    front_page_trim: PreparedStatement,
    /// Post row and its first revision, which must agree: a logged batch.
    create_post: Batch,
    comment_settings_read: PreparedStatement,
    comment_settings_write: PreparedStatement,
    post_comments_closed: PreparedStatement,
    comment_read: PreparedStatement,
    comment_insert: PreparedStatement,
    thread_insert: PreparedStatement,
    thread_delete: PreparedStatement,
    queue_insert: PreparedStatement,
    queue_delete: PreparedStatement,
    post_queue_insert: PreparedStatement,
    post_queue_delete: PreparedStatement,
    log_insert: PreparedStatement,
    log_read: PreparedStatement,
    counts_add: PreparedStatement,
    counts_read: PreparedStatement,
    total_read: PreparedStatement,
    state_count_add: PreparedStatement,
    state_counts_read: PreparedStatement,
    thread_from_start: PreparedStatement,
    thread_after: PreparedStatement,
    thread_before: PreparedStatement,
    thread_up_to: PreparedStatement,
    queue_page: PreparedStatement,
    post_queue_page: PreparedStatement,
    commenter_read: PreparedStatement,
    commenter_ban: PreparedStatement,
    commenter_trust: PreparedStatement,
}

pub struct CassandraStore {
    session: Arc<Session>,
    st: Statements,
    options: StoreOptions,
    binaries: Arc<crate::binaries::cassandra::CassandraBinaries>,
}

fn unavailable(e: impl std::fmt::Display) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

async fn connect_session(nodes: &[String]) -> Result<Session, OpenError> {
    let profile = ExecutionProfile::builder()
        .consistency(Consistency::LocalQuorum)
        .serial_consistency(Some(SerialConsistency::LocalSerial))
        .request_timeout(Some(Duration::from_secs(10)))
        .build();
    SessionBuilder::new()
        .known_nodes(nodes)
        .connection_timeout(Duration::from_secs(5))
        .default_execution_profile_handle(profile.into_handle())
        .build()
        .await
        .map_err(|e| {
            OpenError(format!(
                "cannot connect to Cassandra at {}: {e}",
                nodes.join(",")
            ))
        })
}

/// Creates the keyspace (if missing) with the given replication and applies schema.cql.
pub async fn migrate(
    nodes: &[String],
    keyspace: &str,
    replication: &Replication,
) -> Result<(), OpenError> {
    let session = connect_session(nodes).await?;
    let fail = |e: ExecutionError| OpenError(format!("migrating keyspace {keyspace}: {e}"));
    session
        .query_unpaged(
            format!(
                "CREATE KEYSPACE IF NOT EXISTS {keyspace} WITH replication = {}",
                replication.to_cql()
            ),
            &[],
        )
        .await
        .map_err(fail)?;
    session
        .use_keyspace(keyspace, false)
        .await
        .map_err(|e| OpenError(format!("using keyspace {keyspace}: {e}")))?;
    for statement in schema_statements(SCHEMA) {
        if statement == "DROP TABLE IF EXISTS binary_refs_by_site" {
            let copied = crate::binaries::cassandra::carry_over_site_files(&session, keyspace)
                .await
                .map_err(|e| OpenError(format!("migrating keyspace {keyspace}: {e}")))?;
            if copied > 0 {
                tracing::info!(copied, "the list of files is now newest first");
            }
        }
        session.query_unpaged(statement, &[]).await.map_err(fail)?;
    }
    let listed = list_earlier_signups(&session, keyspace)
        .await
        .map_err(|e| OpenError(format!("migrating keyspace {keyspace}: {e}")))?;
    if listed > 0 {
        tracing::info!(
            listed,
            "accounts made earlier are in the list of newest accounts"
        );
    }
    Ok(())
}

/// The `users_by_signup` bucket of a sign-up time: its month, `YYYY-MM`.
fn signup_month(at: DateTime<Utc>) -> String {
    at.format("%Y-%m").to_string()
}

/// Lists every account in `users_by_signup`: those made before it existed, and those
/// made meanwhile by instances of an earlier version during an upgrade. Every write is
/// an idempotent upsert, so `sibyl migrate` runs it each time (a scan of `users`, paged)
/// and a migration that dies midway is simply run again.
async fn list_earlier_signups(session: &Session, keyspace: &str) -> Result<u64, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("listing earlier accounts by sign-up: {e}");
    let signup = session
        .prepare(format!(
            "INSERT INTO {keyspace}.users_by_signup (month, created, user_id) VALUES (?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let month_row = session
        .prepare(format!(
            "INSERT INTO {keyspace}.signup_months (scope, month) VALUES ('all', ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let mut users = session
        .query_iter(format!("SELECT user_id, created FROM {keyspace}.users"), ())
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<(Uuid, DateTime<Utc>)>()
        .map_err(|e| fail(&e))?;
    let mut listed = 0;
    while let Some(row) = users.next().await {
        let (id, created) = row.map_err(|e| fail(&e))?;
        let month = signup_month(created);
        session
            .execute_unpaged(&signup, (&month, created, id))
            .await
            .map_err(|e| fail(&e))?;
        session
            .execute_unpaged(&month_row, (&month,))
            .await
            .map_err(|e| fail(&e))?;
        listed += 1;
    }
    Ok(listed)
}

/// The statements of a CQL file: `--` comments dropped, split on `;`.
pub fn schema_statements(cql: &str) -> Vec<String> {
    let without_comments: String = cql
        .lines()
        .map(|line| line.split_once("--").map_or(line, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n");
    without_comments
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

impl CassandraStore {
    pub async fn connect(
        nodes: &[String],
        keyspace: &str,
        options: StoreOptions,
    ) -> Result<Self, OpenError> {
        let session = connect_session(nodes).await?;
        let st = Statements::prepare(&session, keyspace).await.map_err(|e| {
            OpenError(format!(
                "keyspace {keyspace} does not have Sibyl's schema ({e}); run `sibyl migrate --store cassandra://{}/{keyspace}`",
                nodes.join(",")
            ))
        })?;
        let session = Arc::new(session);
        let binaries = crate::binaries::cassandra::CassandraBinaries::prepare(
            Arc::clone(&session),
            keyspace,
        )
        .await
        .map_err(|e| {
            OpenError(format!(
                "keyspace {keyspace} does not have the binary service's tables ({e}); run `sibyl migrate`"
            ))
        })?;
        Ok(Self {
            session,
            st,
            options,
            binaries: Arc::new(binaries),
        })
    }

    async fn exec(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<QueryResult> {
        self.session
            .execute_unpaged(statement, values)
            .await
            .map_err(unavailable)
    }

    async fn rows<T>(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<Vec<T>>
    where
        T: for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        let result = self.exec(statement, values).await?;
        let rows = result.into_rows_result().map_err(unavailable)?;
        rows.rows::<T>()
            .map_err(|e| StoreError::Corrupt(e.to_string()))?
            .map(|r| r.map_err(|e| StoreError::Corrupt(e.to_string())))
            .collect()
    }

    async fn row<T>(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<Option<T>>
    where
        T: for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        Ok(self.rows(statement, values).await?.into_iter().next())
    }

    async fn batch(
        &self,
        batch: &Batch,
        values: impl scylla::serialize::batch::BatchValues,
    ) -> StoreResult<()> {
        self.session
            .batch(batch, values)
            .await
            .map_err(unavailable)?;
        Ok(())
    }

    /// Adds a newly published post to the front page and its author's page (one logged
    /// batch), then trims the front page.
    async fn list_published(
        &self,
        site: &Site,
        post: &Post,
        published_id: CqlTimeuuid,
    ) -> StoreResult<()> {
        let tags = post.tags.to_strings();
        let row = (
            published_id,
            post.id.0,
            post.slug.as_str(),
            post.title.as_str(),
            post.excerpt.as_str(),
            post.author_name.as_str(),
            &tags,
        );
        let front = (
            site.as_str(),
            row.0,
            row.1,
            row.2,
            row.3,
            row.4,
            row.5,
            row.6,
        );
        let author = (
            site.as_str(),
            post.author_id.0,
            row.0,
            row.1,
            row.2,
            row.3,
            row.4,
            row.5,
            row.6,
        );
        self.batch(&self.st.publish_rows, (front, author)).await?;
        self.list_tags(site, post, published_id).await?;
        self.trim_front_page(site).await
    }

    /// Writes a published post's rows in its tags' year buckets (one logged batch), each
    /// with the tag's next older year of posts, and records the year in tag_years.
    async fn list_tags(
        &self,
        site: &Site,
        post: &Post,
        published_id: CqlTimeuuid,
    ) -> StoreResult<()> {
        if post.tags.is_empty() {
            return Ok(());
        }
        let year = year_of(published_id)?;
        let tags = post.tags.to_strings();
        let mut rows = Vec::new();
        for tag in &tags {
            let older: Option<(i32,)> = self
                .row(
                    &self.st.tag_year_before,
                    (site.as_str(), tag.as_str(), year),
                )
                .await?;
            rows.push((
                site.as_str(),
                tag.as_str(),
                year,
                published_id,
                post.id.0,
                post.slug.as_str(),
                post.title.as_str(),
                post.excerpt.as_str(),
                post.author_name.as_str(),
                &tags,
                older.map(|(y,)| y),
            ));
        }
        let mut batch = Batch::new(BatchType::Logged);
        for _ in &rows {
            batch.append_statement(self.st.tag_post_insert.clone());
        }
        self.batch(&batch, rows).await?;
        for tag in &tags {
            self.exec(
                &self.st.tag_year_insert,
                (site.as_str(), tag.as_str(), year),
            )
            .await?;
        }
        Ok(())
    }

    /// Removes a post's rows from the year buckets of `tags`.
    async fn unlist_tags(
        &self,
        site: &Site,
        tags: &[String],
        published_id: CqlTimeuuid,
    ) -> StoreResult<()> {
        if tags.is_empty() {
            return Ok(());
        }
        let year = year_of(published_id)?;
        let rows: Vec<_> = tags
            .iter()
            .map(|tag| (site.as_str(), tag.as_str(), year, published_id))
            .collect();
        let mut batch = Batch::new(BatchType::Logged);
        for _ in &rows {
            batch.append_statement(self.st.tag_post_delete.clone());
        }
        self.batch(&batch, rows).await
    }

    /// Creates an account (and, with `site`, makes it that site's first administrator)
    /// with the claim protocol: claims in a fixed order (site, user name, e-mail), each a
    /// pending LWT with a TTL; on losing one, the ones taken are released; then the users
    /// row and its directory entry; then every claim is committed.
    async fn create_account(
        &self,
        user: &NewUser,
        site: Option<&Site>,
    ) -> Result<User, SetupError> {
        let claims = self.claims();
        let owner = user.id.0;
        let (username, email) = (user.username.key(), user.email.key());
        let mut held: Vec<(&str, String)> = Vec::new();
        let mut crashed = false;
        let outcome: Result<User, SetupError> = async {
            if let Some(site) = site {
                if claims.claim(setup_scope(), site.as_str(), owner).await? == Claim::Taken {
                    return Err(SetupError::AlreadySetUp);
                }
                held.push((setup_scope(), site.as_str().to_owned()));
            }
            if claims.claim("username", &username, owner).await? == Claim::Taken {
                return Err(SetupError::Taken(Taken::Username));
            }
            held.push(("username", username.clone()));
            if self.options.faults.fires(Fault::CrashAfterUsernameClaim) {
                crashed = true;
                return Err(Fault::CrashAfterUsernameClaim.error().into());
            }
            if claims.claim("email", &email, owner).await? == Claim::Taken {
                return Err(SetupError::Taken(Taken::Email));
            }
            held.push(("email", email.clone()));
            let created = user.clone().into_user();
            let row = (
                owner,
                created.username.as_str(),
                created.email.as_str(),
                created.display_name.as_str(),
                created.role.as_str(),
                created.password_hash.as_str(),
                created.created,
                created.bio.as_str(),
                created.homepage.as_str(),
                created.banned,
            );
            let month = signup_month(created.created);
            self.batch(
                &self.st.user_create,
                (
                    row,
                    directory_values(&created),
                    (month.clone(), created.created, owner),
                    (month,),
                ),
            )
            .await?;
            for (scope, name) in &held {
                claims.commit(scope, name, owner).await?;
            }
            Ok(created)
        }
        .await;
        if outcome.is_err() && !crashed {
            for (scope, name) in held.iter().rev() {
                claims.release(scope, name, owner).await;
            }
        }
        outcome
    }

    /// Rewrites the front page and author page copies of a published post after its
    /// text changed.
    async fn relist(&self, site: &Site, post: &Post, previous_tags: &Tags) -> StoreResult<()> {
        if post.status != PostStatus::Published {
            return Ok(());
        }
        let row: Option<(Option<CqlTimeuuid>,)> = self
            .row(
                &self.st.post_published_id_serial,
                (site.as_str(), post.id.0),
            )
            .await?;
        let Some(published_id) = row.and_then(|(p,)| p) else {
            return Ok(());
        };
        let current = post.tags.to_strings();
        let dropped: Vec<String> = previous_tags
            .to_strings()
            .into_iter()
            .filter(|t| !current.contains(t))
            .collect();
        self.unlist_tags(site, &dropped, published_id).await?;
        self.list_published(site, post, published_id).await
    }

    /// Moves a post whose next revision row exists but which still shows `base` (its saver
    /// is between its two writes, or died there) to that revision, so that a crash can
    /// never leave a post that refuses every save. Harmless when the saver is alive: its
    /// own move then finds the post already there.
    async fn roll_forward(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        base: u32,
    ) -> StoreResult<()> {
        let next = base as i32 + 1;
        let Some(row) = self
            .row::<RevisionRow>(
                &self.st.revision_read,
                (site.as_str(), id.0, locale.code(), next),
            )
            .await?
        else {
            return Ok(());
        };
        let revision = row.into_revision()?;
        let before = match self.post_by_id(site, id).await? {
            Some(post) => post.tags,
            None => return Ok(()),
        };
        let excerpt = crate::domain::markdown::excerpt(revision.body.as_str(), 280);
        let tags = revision.tags.to_strings();
        let moved = self
            .session
            .execute_unpaged(
                &self.st.post_revise,
                (
                    revision.title.as_str(),
                    revision.body.as_str(),
                    revision.body_html.as_str(),
                    excerpt.as_str(),
                    &tags,
                    next,
                    site.as_str(),
                    id.0,
                    base as i32,
                ),
            )
            .await;
        match moved {
            Ok(result) => {
                if !lwt_applied(result)? {
                    return Ok(());
                }
                match self.post_by_id(site, id).await? {
                    Some(post) => self.relist(site, &post, &before).await,
                    None => Ok(()),
                }
            }
            Err(e) if is_cas_uncertain(&e) => Ok(()),
            Err(e) => Err(unavailable(e)),
        }
    }

    /// Claims revision `number` of a post's text in `locale` by the LWT insert of its row:
    /// of concurrent savers from one base, one wins. A CAS timeout is settled by a serial
    /// read of the row's save id, never by a blind retry.
    async fn claim_revision(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        number: i32,
        edit: &PostEdit,
    ) -> StoreResult<bool> {
        let save_id = Uuid::new_v4();
        let tags = edit.tags.to_strings();
        let code = locale.code();
        let claim = self
            .session
            .execute_unpaged(
                &self.st.revision_claim,
                (
                    site.as_str(),
                    id.0,
                    code.as_str(),
                    number,
                    edit.title.as_str(),
                    edit.body.as_str(),
                    edit.body_html.as_str(),
                    &tags,
                    edit.author_id.0,
                    edit.author_name.as_str(),
                    edit.at,
                    edit.message.as_str(),
                    save_id,
                ),
            )
            .await;
        match claim {
            Ok(result) => lwt_applied(result),
            Err(e) if is_cas_uncertain(&e) => {
                let row: Option<(Option<Uuid>,)> = self
                    .row(
                        &self.st.revision_save_id_serial,
                        (site.as_str(), id.0, code.as_str(), number),
                    )
                    .await?;
                Ok(row.and_then(|(s,)| s) == Some(save_id))
            }
            Err(e) => Err(unavailable(e)),
        }
    }

    /// Moves a translation from revision `base` to `base + 1` (creating it from base 0),
    /// with an LWT so that only the holder of the revision, or a roll-forward, moves it.
    async fn move_translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        base: u32,
        text: (&Title, &Body, &str, &str),
    ) -> StoreResult<()> {
        let (title, body, body_html, excerpt) = text;
        let number = base as i32 + 1;
        let code = locale.code();
        let moved = if base == 0 {
            self.session
                .execute_unpaged(
                    &self.st.translation_create,
                    (
                        site.as_str(),
                        id.0,
                        code.as_str(),
                        title.as_str(),
                        body.as_str(),
                        body_html,
                        excerpt,
                        number,
                    ),
                )
                .await
        } else {
            self.session
                .execute_unpaged(
                    &self.st.translation_revise,
                    (
                        title.as_str(),
                        body.as_str(),
                        body_html,
                        excerpt,
                        number,
                        site.as_str(),
                        id.0,
                        code.as_str(),
                        base as i32,
                    ),
                )
                .await
        };
        match moved {
            Ok(_) => Ok(()),
            Err(e) if is_cas_uncertain(&e) => Ok(()),
            Err(e) => Err(unavailable(e)),
        }
    }

    /// As `roll_forward`, for a translation.
    async fn roll_translation_forward(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        base: u32,
    ) -> StoreResult<()> {
        let next = base as i32 + 1;
        let Some(row) = self
            .row::<RevisionRow>(
                &self.st.revision_read,
                (site.as_str(), id.0, locale.code(), next),
            )
            .await?
        else {
            return Ok(());
        };
        let revision = row.into_revision()?;
        let excerpt = crate::domain::markdown::excerpt(revision.body.as_str(), 280);
        self.move_translation(
            site,
            id,
            locale,
            base,
            (
                &revision.title,
                &revision.body,
                &revision.body_html,
                &excerpt,
            ),
        )
        .await
    }

    /// Moves an account from one claimed value to another (seed 004's protocol for
    /// renames): claim the new value, write the account, commit, release the old value.
    /// A change of spelling only (same key) keeps the claim and just writes.
    async fn move_claim(
        &self,
        id: UserId,
        change: ClaimChange,
        write: &Batch,
        values: impl scylla::serialize::batch::BatchValues,
    ) -> Result<User, AccountError> {
        let ClaimChange {
            scope,
            taken,
            old_key,
            new_key,
        } = change;
        if old_key == new_key {
            self.batch(write, values).await?;
            return self.user(id).await?.ok_or(AccountError::NoSuchUser);
        }
        let claims = self.claims();
        if claims.claim(scope, &new_key, id.0).await? == Claim::Taken {
            return Err(AccountError::Taken(taken));
        }
        if let Err(e) = self.batch(write, values).await {
            claims.release(scope, &new_key, id.0).await;
            return Err(e.into());
        }
        claims.commit(scope, &new_key, id.0).await?;
        claims.release(scope, &old_key, id.0).await;
        self.user(id).await?.ok_or(AccountError::NoSuchUser)
    }

    fn claims(&self) -> Claims<'_> {
        Claims { store: self }
    }

    /// One page of comment_thread rows and the paging state after it, if any.
    async fn thread_single_page(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
        state: PagingState,
        limit: usize,
    ) -> Result<(Vec<ThreadRow>, Option<PagingState>), PageError> {
        use std::ops::ControlFlow;
        let mut statement = statement.clone();
        statement.set_page_size(limit as i32);
        let (result, response) = self
            .session
            .execute_single_page(&statement, values, state)
            .await
            .map_err(paging_error)?;
        let rows = decode_rows(result)?;
        let next = match response.into_paging_control_flow() {
            ControlFlow::Continue(next) => Some(next),
            ControlFlow::Break(()) => None,
        };
        Ok((rows, next))
    }

    /// The logged batch that writes a comment's whole state: its row, its place in each
    /// moderation list (inserted in its state's, deleted from the others') and among the
    /// approved comments. Every change of a comment writes all of these cells with one
    /// timestamp, so whichever of two racing changes is later wins in every table and
    /// the lists never disagree with the comment.
    fn state_batch(&self, site: &Site, c: &Comment) -> (Batch, Vec<Vec<Option<CqlValue>>>) {
        let mut batch = Batch::new(BatchType::Logged);
        let mut values = Vec::new();
        let row = comment_values(site, c);
        batch.append_statement(self.st.comment_insert.clone());
        values.push(row.clone());
        let id = Some(CqlValue::Timeuuid(CqlTimeuuid::from(c.id.0)));
        let site_value = Some(CqlValue::Text(site.to_string()));
        let post_value = Some(CqlValue::Uuid(c.post.id.0));
        for listed in [
            CommentState::Pending,
            CommentState::Spam,
            CommentState::Rejected,
        ] {
            let state = Some(CqlValue::Text(listed.as_str().to_owned()));
            if c.state == listed {
                batch.append_statement(self.st.queue_insert.clone());
                values.push(row.clone());
                batch.append_statement(self.st.post_queue_insert.clone());
                values.push(row.clone());
            } else {
                batch.append_statement(self.st.queue_delete.clone());
                values.push(vec![site_value.clone(), state.clone(), id.clone()]);
                batch.append_statement(self.st.post_queue_delete.clone());
                values.push(vec![
                    site_value.clone(),
                    post_value.clone(),
                    state,
                    id.clone(),
                ]);
            }
        }
        if c.state == CommentState::Approved {
            batch.append_statement(self.st.thread_insert.clone());
            values.push(thread_values(site, c));
        } else {
            batch.append_statement(self.st.thread_delete.clone());
            values.push(vec![
                site_value,
                post_value,
                Some(CqlValue::Timeuuid(CqlTimeuuid::from(c.thread.0))),
                id,
            ]);
        }
        (batch, values)
    }

    async fn post_by_id(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>> {
        self.row::<PostRow>(&self.st.post_by_id, (site.as_str(), id.0))
            .await?
            .map(PostRow::into_post)
            .transpose()
    }

    /// Keeps the front page partition at [`FRONT_PAGE_CAP`] rows: one read of the keys,
    /// then one range delete of everything past the cap.
    async fn trim_front_page(&self, site: &Site) -> StoreResult<()> {
        let keys: Vec<(CqlTimeuuid,)> = self
            .rows(
                &self.st.front_page_keys,
                (site.as_str(), (FRONT_PAGE_CAP + 1) as i32),
            )
            .await?;
        if let Some((oldest_kept_out,)) = keys.get(FRONT_PAGE_CAP) {
            self.exec(&self.st.front_page_trim, (site.as_str(), oldest_kept_out))
                .await?;
        }
        Ok(())
    }
}

impl Statements {
    async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare =
            |cql: String| async move { session.prepare(cql).await.map_err(ExecutionError::from) };
        let mut claim_read_serial = prepare(format!(
            "SELECT owner, state FROM {ks}.claims WHERE scope = ? AND name = ?"
        ))
        .await?;
        claim_read_serial.set_consistency(Consistency::LocalSerial);
        let post_insert = prepare(format!(
            "INSERT INTO {ks}.posts (site, {POST_COLUMNS}, published_id, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await?;
        let revision_insert = prepare(
            format!("INSERT INTO {ks}.revisions (site, post_id, locale, branch, revision, title, body, body_html, tags, author_id, created, message, author_name)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
        )
        .await?;
        let mut post_published_id_serial = prepare(format!(
            "SELECT published_id FROM {ks}.posts WHERE site = ? AND post_id = ?"
        ))
        .await?;
        post_published_id_serial.set_consistency(Consistency::LocalSerial);
        let mut revision_save_id_serial = prepare(format!(
            "SELECT save_id FROM {ks}.revisions WHERE site = ? AND post_id = ? AND locale = ? AND branch = 1 AND revision = ?"
        ))
        .await?;
        revision_save_id_serial.set_consistency(Consistency::LocalSerial);
        let logged = |statements: Vec<PreparedStatement>| {
            let mut batch = Batch::new(BatchType::Logged);
            for statement in statements {
                batch.append_statement(statement);
            }
            batch
        };
        let short_link_insert = prepare(format!(
            "INSERT INTO {ks}.short_links (site, short_id, post_id, slug) VALUES (?, ?, ?, ?)"
        ))
        .await?;
        let create_post = logged(vec![post_insert, revision_insert, short_link_insert]);
        let directory_insert = prepare(format!(
            "INSERT INTO {ks}.user_directory (shelf, username_key, {DIRECTORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await?;
        let directory_set = |columns: &str| {
            let cql = format!(
                "UPDATE {ks}.user_directory SET {columns} WHERE shelf = ? AND username_key = ?"
            );
            prepare(cql)
        };
        let user_set = |columns: &str| {
            let cql = format!("UPDATE {ks}.users SET {columns} WHERE user_id = ?");
            prepare(cql)
        };
        let user_create = logged(vec![
            prepare(format!(
                "INSERT INTO {ks}.users ({USER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            directory_insert.clone(),
            prepare(format!(
                "INSERT INTO {ks}.users_by_signup (month, created, user_id) VALUES (?, ?, ?)"
            ))
            .await?,
            prepare(format!(
                "INSERT INTO {ks}.signup_months (scope, month) VALUES ('all', ?)"
            ))
            .await?,
        ]);
        let user_rename = logged(vec![
            user_set("username = ?").await?,
            prepare(format!(
                "DELETE FROM {ks}.user_directory WHERE shelf = ? AND username_key = ?"
            ))
            .await?,
            directory_insert,
        ]);
        let user_email = logged(vec![
            user_set("email = ?").await?,
            directory_set("email = ?").await?,
        ]);
        let user_profile = logged(vec![
            user_set("display_name = ?, bio = ?, homepage = ?").await?,
            directory_set("display_name = ?").await?,
        ]);
        let user_role = logged(vec![
            user_set("role = ?").await?,
            directory_set("role = ?").await?,
        ]);
        let user_banned = logged(vec![
            user_set("banned = ?").await?,
            directory_set("banned = ?").await?,
        ]);
        let unlist_rows = logged(vec![
            prepare(format!("DELETE FROM {ks}.front_page WHERE site = ? AND published = ?")).await?,
            prepare(format!(
                "DELETE FROM {ks}.posts_by_author WHERE site = ? AND author_id = ? AND published = ?"
            ))
            .await?,
        ]);
        let publish_rows = logged(vec![
            prepare(format!("INSERT INTO {ks}.front_page (site, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")).await?,
            prepare(format!(
                "INSERT INTO {ks}.posts_by_author (site, author_id, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
        ]);
        Ok(Self {
            claim_insert: prepare(
                format!("INSERT INTO {ks}.claims (scope, name, owner, state, claimed) VALUES (?, ?, ?, 'pending', ?) IF NOT EXISTS USING TTL ?"),
            )
            .await?,
            claim_commit: prepare(
                format!("UPDATE {ks}.claims USING TTL 0 SET owner = ?, state = 'committed', claimed = ? WHERE scope = ? AND name = ? IF owner = ?"),
            )
            .await?,
            claim_release: prepare(format!("DELETE FROM {ks}.claims WHERE scope = ? AND name = ? IF owner = ?")).await?,
            claim_read_serial,
            claim_read: prepare(format!("SELECT owner, state FROM {ks}.claims WHERE scope = ? AND name = ?")).await?,
            user_by_id: prepare(format!("SELECT {USER_COLUMNS} FROM {ks}.users WHERE user_id = ?")).await?,
            user_password: user_set("password_hash = ?").await?,
            signup_months: prepare(format!(
                "SELECT month FROM {ks}.signup_months WHERE scope = 'all'"
            ))
            .await?,
            signups_read: prepare(format!(
                "SELECT created, user_id FROM {ks}.users_by_signup WHERE month = ? LIMIT ?"
            ))
            .await?,
            signups_read_before: prepare(format!(
                "SELECT created, user_id FROM {ks}.users_by_signup WHERE month = ? \
                 AND (created, user_id) < (?, ?) LIMIT ?"
            ))
            .await?,
            directory_read: prepare(format!(
                "SELECT {DIRECTORY_COLUMNS} FROM {ks}.user_directory WHERE shelf = ? AND username_key > ? LIMIT ?"
            ))
            .await?,
            rate_insert: prepare(format!("INSERT INTO {ks}.rate_events (key, at) VALUES (?, ?) USING TTL ?")).await?,
            rate_count: prepare(format!(
                "SELECT at FROM {ks}.rate_events WHERE key = ? AND at > maxTimeuuid(?) LIMIT ?"
            ))
            .await?,
            id_pool_read: prepare(format!("SELECT next FROM {ks}.id_pool WHERE site = ? AND slot = ?")).await?,
            id_pool_seed: prepare(format!(
                "INSERT INTO {ks}.id_pool (site, slot, next) VALUES (?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            id_pool_take: prepare(format!(
                "UPDATE {ks}.id_pool SET next = ? WHERE site = ? AND slot = ? IF next = ?"
            ))
            .await?,
            id_pool_all: prepare(format!("SELECT slot, next FROM {ks}.id_pool WHERE site = ? AND slot IN ?")).await?,
            short_link_read: prepare(format!(
                "SELECT slug FROM {ks}.short_links WHERE site = ? AND short_id = ?"
            ))
            .await?,
            host_counter_read: prepare(format!("SELECT last FROM {ks}.host_counters WHERE host = ?")).await?,
            host_counter_write: prepare(format!(
                "UPDATE {ks}.host_counters USING TIMESTAMP ? SET last = ? WHERE host = ?"
            ))
            .await?,
            revision_claim: prepare(format!(
                "INSERT INTO {ks}.revisions (site, post_id, locale, branch, revision, title, body, body_html, tags, author_id, author_name, created, message, save_id)
                 VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            revision_save_id_serial,
            post_revise: prepare(format!(
                "UPDATE {ks}.posts SET title = ?, body = ?, body_html = ?, excerpt = ?, tags = ?, revision = ?
                 WHERE site = ? AND post_id = ? IF revision = ?"
            ))
            .await?,
            revisions_list: prepare(format!(
                "SELECT revision, title, author_name, created, message FROM {ks}.revisions
                 WHERE site = ? AND post_id = ? AND locale = ? AND branch = 1"
            ))
            .await?,
            revision_read: prepare(format!(
                "SELECT revision, title, body, body_html, tags, author_id, author_name, created, message FROM {ks}.revisions
                 WHERE site = ? AND post_id = ? AND locale = ? AND branch = 1 AND revision = ?"
            ))
            .await?,
            user_create,
            user_rename,
            user_email,
            user_profile,
            user_role,
            user_banned,
            session_insert: logged(vec![
                prepare(format!(
                    "INSERT INTO {ks}.sessions (key, user_id, created, expires) VALUES (?, ?, ?, ?) USING TTL ?"
                ))
                .await?,
                prepare(format!("INSERT INTO {ks}.sessions_by_user (user_id, key) VALUES (?, ?) USING TTL ?")).await?,
            ]),
            sessions_of_user: prepare(format!("SELECT key FROM {ks}.sessions_by_user WHERE user_id = ?")).await?,
            session_of_user_delete: prepare(format!(
                "DELETE FROM {ks}.sessions_by_user WHERE user_id = ? AND key = ?"
            ))
            .await?,
            session_read: prepare(format!("SELECT user_id, expires FROM {ks}.sessions WHERE key = ?")).await?,
            session_delete: prepare(format!("DELETE FROM {ks}.sessions WHERE key = ?")).await?,
            post_by_id: prepare(format!(
                "SELECT {POST_COLUMNS}, origin, translations, comments_closed FROM {ks}.posts WHERE site = ? AND post_id = ?"
            ))
            .await?,
            post_unpublish: prepare(format!(
                "UPDATE {ks}.posts SET status = 'draft', published = null, published_id = null WHERE site = ? AND post_id = ? IF status = 'published'"
            ))
            .await?,
            unlist_rows,
            suggestion_insert: prepare(format!(
                "INSERT INTO {ks}.suggestions (site, {SUGGESTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            suggestions_read: prepare(format!(
                "SELECT {SUGGESTION_COLUMNS} FROM {ks}.suggestions WHERE site = ? AND post_id = ?"
            ))
            .await?,
            suggestion_read: prepare(format!(
                "SELECT {SUGGESTION_COLUMNS} FROM {ks}.suggestions WHERE site = ? AND post_id = ? AND id = ?"
            ))
            .await?,
            suggestion_decide: prepare(format!(
                "UPDATE {ks}.suggestions SET state = ? WHERE site = ? AND post_id = ? AND id = ? IF state = 'open'"
            ))
            .await?,
            draft_write: prepare(format!(
                "INSERT INTO {ks}.user_drafts (site, post_id, user_id, locale, base, title, body, tags, saved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            draft_read: prepare(format!(
                "SELECT base, title, body, tags, saved FROM {ks}.user_drafts WHERE site = ? AND post_id = ? AND user_id = ? AND locale = ?"
            ))
            .await?,
            draft_delete: prepare(format!(
                "DELETE FROM {ks}.user_drafts WHERE site = ? AND post_id = ? AND user_id = ? AND locale = ?"
            ))
            .await?,
            translation_read: prepare(format!(
                "SELECT {TRANSLATION_COLUMNS} FROM {ks}.translations WHERE site = ? AND post_id = ? AND locale = ?"
            ))
            .await?,
            translations_read: prepare(format!(
                "SELECT {TRANSLATION_COLUMNS} FROM {ks}.translations WHERE site = ? AND post_id = ?"
            ))
            .await?,
            translation_create: prepare(format!(
                "INSERT INTO {ks}.translations (site, post_id, locale, title, body, body_html, excerpt, status, revision)
                 VALUES (?, ?, ?, ?, ?, ?, ?, 'draft', ?) IF NOT EXISTS"
            ))
            .await?,
            translation_revise: prepare(format!(
                "UPDATE {ks}.translations SET title = ?, body = ?, body_html = ?, excerpt = ?, revision = ?
                 WHERE site = ? AND post_id = ? AND locale = ? IF revision = ?"
            ))
            .await?,
            translation_publish: logged(vec![
                prepare(format!(
                    "UPDATE {ks}.translations SET status = 'published', published = ? WHERE site = ? AND post_id = ? AND locale = ?"
                ))
                .await?,
                prepare(format!(
                    "UPDATE {ks}.posts SET translations = translations + ? WHERE site = ? AND post_id = ?"
                ))
                .await?,
            ]),
            translation_unpublish: logged(vec![
                prepare(format!(
                    "UPDATE {ks}.translations SET status = 'draft', published = null WHERE site = ? AND post_id = ? AND locale = ?"
                ))
                .await?,
                prepare(format!(
                    "UPDATE {ks}.posts SET translations = translations - ? WHERE site = ? AND post_id = ?"
                ))
                .await?,
            ]),
            tag_post_insert: prepare(format!(
                "INSERT INTO {ks}.posts_by_tag (site, tag, year, {SUMMARY_COLUMNS}, older_year) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            tag_post_delete: prepare(format!(
                "DELETE FROM {ks}.posts_by_tag WHERE site = ? AND tag = ? AND year = ? AND published = ?"
            ))
            .await?,
            tag_year_insert: prepare(format!("INSERT INTO {ks}.tag_years (site, tag, year) VALUES (?, ?, ?)")).await?,
            tag_year_before: prepare(format!(
                "SELECT year FROM {ks}.tag_years WHERE site = ? AND tag = ? AND year < ? LIMIT 1"
            ))
            .await?,
            tag_page_read: prepare(format!(
                "SELECT {SUMMARY_COLUMNS}, older_year FROM {ks}.posts_by_tag WHERE site = ? AND tag = ? AND year = ?"
            ))
            .await?,
            post_publish: prepare(
                format!("UPDATE {ks}.posts SET status = 'published', published = ?, published_id = ? WHERE site = ? AND post_id = ? IF status = 'draft'"),
            )
            .await?,
            post_published_id_serial,
            publish_rows,
            front_page_read: prepare(format!("SELECT {SUMMARY_COLUMNS} FROM {ks}.front_page WHERE site = ? LIMIT ?")).await?,
            author_posts_read: prepare(format!(
                "SELECT {SUMMARY_COLUMNS} FROM {ks}.posts_by_author WHERE site = ? AND author_id = ? LIMIT ?"
            ))
            .await?,
            front_page_keys: prepare(format!("SELECT published FROM {ks}.front_page WHERE site = ? LIMIT ?")).await?,
            front_page_trim: prepare(format!("DELETE FROM {ks}.front_page WHERE site = ? AND published <= ?")).await?,
            create_post,
            comment_settings_read: prepare(format!(
                "SELECT guests, trust_approved, close_after_days FROM {ks}.comment_settings WHERE site = ?"
            ))
            .await?,
            comment_settings_write: prepare(format!(
                "INSERT INTO {ks}.comment_settings (site, guests, trust_approved, close_after_days) VALUES (?, ?, ?, ?)"
            ))
            .await?,
            post_comments_closed: prepare(format!(
                "UPDATE {ks}.posts SET comments_closed = ? WHERE site = ? AND post_id = ?"
            ))
            .await?,
            comment_read: prepare(format!(
                "SELECT {COMMENT_COLUMNS} FROM {ks}.comments WHERE site = ? AND post_id = ? AND id = ?"
            ))
            .await?,
            comment_insert: prepare(format!(
                "INSERT INTO {ks}.comments (site, {COMMENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            thread_insert: prepare(format!(
                "INSERT INTO {ks}.comment_thread (site, post_id, {THREAD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            thread_delete: prepare(format!(
                "DELETE FROM {ks}.comment_thread WHERE site = ? AND post_id = ? AND thread = ? AND id = ?"
            ))
            .await?,
            queue_insert: prepare(format!(
                "INSERT INTO {ks}.moderation_queue (site, {COMMENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            queue_delete: prepare(format!(
                "DELETE FROM {ks}.moderation_queue WHERE site = ? AND state = ? AND id = ?"
            ))
            .await?,
            post_queue_insert: prepare(format!(
                "INSERT INTO {ks}.post_moderation (site, {COMMENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            post_queue_delete: prepare(format!(
                "DELETE FROM {ks}.post_moderation WHERE site = ? AND post_id = ? AND state = ? AND id = ?"
            ))
            .await?,
            log_insert: prepare(format!(
                "INSERT INTO {ks}.moderation_log (site, month, at, comment_id, post_id, post_slug, post_title, by_name, from_state, to_state, reason)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            log_read: prepare(format!(
                "SELECT at, comment_id, post_id, post_slug, post_title, by_name, from_state, to_state, reason
                 FROM {ks}.moderation_log WHERE site = ? AND month = ? LIMIT 500"
            ))
            .await?,
            counts_add: prepare(format!(
                "UPDATE {ks}.comment_counts SET approved = approved + ?, total = total + ? WHERE site = ? AND post_id = ?"
            ))
            .await?,
            counts_read: prepare(format!(
                "SELECT post_id, approved FROM {ks}.comment_counts WHERE site = ? AND post_id IN ?"
            ))
            .await?,
            total_read: prepare(format!(
                "SELECT total FROM {ks}.comment_counts WHERE site = ? AND post_id = ?"
            ))
            .await?,
            state_count_add: prepare(format!(
                "UPDATE {ks}.comment_state_counts SET n = n + ? WHERE site = ? AND state = ?"
            ))
            .await?,
            state_counts_read: prepare(format!(
                "SELECT state, n FROM {ks}.comment_state_counts WHERE site = ?"
            ))
            .await?,
            thread_from_start: prepare(format!(
                "SELECT {THREAD_COLUMNS} FROM {ks}.comment_thread WHERE site = ? AND post_id = ?"
            ))
            .await?,
            thread_after: prepare(format!(
                "SELECT {THREAD_COLUMNS} FROM {ks}.comment_thread WHERE site = ? AND post_id = ? AND (thread, id) > (?, ?)"
            ))
            .await?,
            thread_before: prepare(format!(
                "SELECT {THREAD_COLUMNS} FROM {ks}.comment_thread WHERE site = ? AND post_id = ? AND (thread, id) < (?, ?)
                 ORDER BY thread DESC, id DESC LIMIT ?"
            ))
            .await?,
            thread_up_to: prepare(format!(
                "SELECT {THREAD_COLUMNS} FROM {ks}.comment_thread WHERE site = ? AND post_id = ? AND (thread, id) <= (?, ?)
                 ORDER BY thread DESC, id DESC LIMIT ?"
            ))
            .await?,
            queue_page: prepare(format!(
                "SELECT {COMMENT_COLUMNS} FROM {ks}.moderation_queue WHERE site = ? AND state = ?"
            ))
            .await?,
            post_queue_page: prepare(format!(
                "SELECT {COMMENT_COLUMNS} FROM {ks}.post_moderation WHERE site = ? AND post_id = ? AND state = ?"
            ))
            .await?,
            commenter_read: prepare(format!(
                "SELECT banned, trusted FROM {ks}.commenters WHERE site = ? AND user_id = ?"
            ))
            .await?,
            commenter_ban: prepare(format!(
                "UPDATE {ks}.commenters SET banned = ? WHERE site = ? AND user_id = ?"
            ))
            .await?,
            commenter_trust: prepare(format!(
                "UPDATE {ks}.commenters SET trusted = true WHERE site = ? AND user_id = ?"
            ))
            .await?,
        })
    }
}

/// An account moving from one claimed value (a user name or e-mail key) to another.
struct ClaimChange {
    scope: &'static str,
    taken: Taken,
    old_key: String,
    new_key: String,
}

/// The outcome of a claim: won, or held by another owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Claim {
    Won,
    Taken,
}

/// Seed 004's multi-row uniqueness lock: one LWT per claimed value.
struct Claims<'s> {
    store: &'s CassandraStore,
}

impl Claims<'_> {
    /// Claims `scope/name` for `owner` as pending, with a TTL so that a crashed owner's
    /// claim frees itself. A CAS timeout means "maybe applied": a serial read decides.
    async fn claim(&self, scope: &str, name: &str, owner: Uuid) -> StoreResult<Claim> {
        let st = &self.store.st;
        let ttl = self.store.options.pending_claim_ttl.as_secs().max(1) as i32;
        for _ in 0..3 {
            let attempt = self
                .store
                .session
                .execute_unpaged(
                    &st.claim_insert,
                    (scope, name, owner, crate::domain::now(), ttl),
                )
                .await;
            match attempt {
                Ok(result) => {
                    return Ok(if lwt_applied(result)? {
                        Claim::Won
                    } else {
                        Claim::Taken
                    });
                }
                Err(e) if is_cas_uncertain(&e) => match self.owner(scope, name).await? {
                    Some((holder, _)) if holder == owner => return Ok(Claim::Won),
                    Some(_) => return Ok(Claim::Taken),
                    // The serial read completed any proposal in flight and found none of
                    // ours: the insert did not happen, so trying again is not a blind retry.
                    None => continue,
                },
                Err(e) => return Err(unavailable(e)),
            }
        }
        Err(StoreError::Unavailable(format!(
            "claim of {scope}/{name} stayed contended"
        )))
    }

    /// Makes a pending claim permanent. The UPDATE re-sets every non-key column with
    /// TTL 0, because it cannot renew the TTL the INSERT put on the row marker.
    async fn commit(&self, scope: &str, name: &str, owner: Uuid) -> StoreResult<()> {
        let st = &self.store.st;
        let values = (owner, crate::domain::now(), scope, name, owner);
        let applied = match self
            .store
            .session
            .execute_unpaged(&st.claim_commit, values)
            .await
        {
            Ok(result) => lwt_applied(result)?,
            Err(e) if is_cas_uncertain(&e) => {
                matches!(self.owner(scope, name).await?, Some((holder, state)) if holder == owner && state == "committed")
            }
            Err(e) => return Err(unavailable(e)),
        };
        if applied {
            Ok(())
        } else {
            Err(StoreError::Unavailable(format!(
                "the claim of {scope}/{name} expired before it was committed"
            )))
        }
    }

    /// Releases a claim if `owner` still holds it. A CAS timeout is resolved by a serial
    /// read: the release is tried again only while the claim is still ours. Never fails
    /// the caller's request: a pending claim that cannot be released expires by its TTL.
    async fn release(&self, scope: &str, name: &str, owner: Uuid) {
        for _ in 0..5 {
            let attempt = self
                .store
                .session
                .execute_unpaged(&self.store.st.claim_release, (scope, name, owner))
                .await;
            match attempt {
                Ok(_) => return,
                Err(e) if is_cas_uncertain(&e) => match self.owner(scope, name).await {
                    Ok(Some((holder, _))) if holder == owner => continue,
                    Ok(_) => return,
                    Err(e) => tracing::warn!(scope, name, error = %e, "could not read a claim"),
                },
                Err(e) => tracing::warn!(scope, name, error = %e, "could not release a claim"),
            }
        }
        tracing::warn!(
            scope,
            name,
            "gave up releasing a claim; a pending one expires by its TTL"
        );
    }

    /// The holder of a claim, read at LOCAL_SERIAL.
    async fn owner(&self, scope: &str, name: &str) -> StoreResult<Option<(Uuid, String)>> {
        self.store
            .row(&self.store.st.claim_read_serial, (scope, name))
            .await
    }
}

/// Reads the `[applied]` column of an LWT result. Cassandra and ScyllaDB differ in the
/// other columns they return, so only the first one is relied on.
pub(crate) fn lwt_applied(result: QueryResult) -> StoreResult<bool> {
    let rows = result.into_rows_result().map_err(unavailable)?;
    let row: Row = rows.first_row().map_err(unavailable)?;
    match row.columns.first() {
        Some(Some(CqlValue::Boolean(applied))) => Ok(*applied),
        other => Err(StoreError::Corrupt(format!(
            "LWT result without [applied]: {other:?}"
        ))),
    }
}

/// A CAS write timeout (Paxos contention, or replicas too slow): the write may or may
/// not have been applied.
pub(crate) fn is_cas_uncertain(e: &ExecutionError) -> bool {
    matches!(
        e,
        ExecutionError::LastAttemptError(RequestAttemptError::DbError(
            DbError::WriteTimeout {
                write_type: WriteType::Cas,
                ..
            },
            _
        ))
    )
}

fn login_claim(login: &Login) -> (&'static str, &str) {
    match login {
        Login::Username(key) => ("username", key),
        Login::Email(key) => ("email", key),
    }
}

/// The bound values of a user_directory insert.
fn directory_values(
    user: &User,
) -> (
    String,
    String,
    Uuid,
    String,
    String,
    String,
    &'static str,
    bool,
) {
    let key = user.username.key();
    (
        shelf_of(&key).to_owned(),
        key,
        user.id.0,
        user.username.as_str().to_owned(),
        user.display_name.clone(),
        user.email.as_str().to_owned(),
        user.role.as_str(),
        user.banned,
    )
}

fn setup_scope() -> &'static str {
    "setup"
}

fn slug_scope(site: &Site) -> String {
    format!("slug:{site}")
}

#[derive(DeserializeRow)]
struct UserRow {
    user_id: Uuid,
    username: String,
    email: String,
    display_name: String,
    role: String,
    password_hash: String,
    created: DateTime<Utc>,
    bio: Option<String>,
    homepage: Option<String>,
    banned: Option<bool>,
}

impl UserRow {
    fn into_user(self) -> StoreResult<User> {
        Ok(User {
            id: UserId(self.user_id),
            username: Username::parse(&self.username)?,
            email: Email::parse(&self.email)?,
            display_name: self.display_name,
            role: Role::parse(&self.role)?,
            password_hash: PasswordHash::from_stored(self.password_hash),
            created: self.created,
            bio: self.bio.unwrap_or_default(),
            homepage: self.homepage.unwrap_or_default(),
            banned: self.banned.unwrap_or(false),
        })
    }
}

#[derive(DeserializeRow)]
struct PostRow {
    post_id: Uuid,
    slug: String,
    title: String,
    body: String,
    body_html: String,
    excerpt: String,
    tags: Option<Vec<String>>,
    author_id: Uuid,
    author_name: String,
    status: String,
    created: DateTime<Utc>,
    published: Option<DateTime<Utc>>,
    revision: i32,
    short_id: Option<i64>,
    origin: Option<String>,
    translations: Option<Vec<String>>,
    comments_closed: Option<bool>,
}

impl PostRow {
    fn into_post(self) -> StoreResult<Post> {
        Ok(Post {
            id: PostId(self.post_id),
            slug: Slug::parse(&self.slug)?,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            body_html: self.body_html,
            excerpt: self.excerpt,
            tags: Tags::from_stored(self.tags.unwrap_or_default()),
            author_id: UserId(self.author_id),
            author_name: self.author_name,
            status: PostStatus::parse(&self.status)?,
            created: self.created,
            published: self.published,
            revision: u32::try_from(self.revision)
                .map_err(|e| StoreError::Corrupt(e.to_string()))?,
            short_id: self
                .short_id
                .and_then(|n| u64::try_from(n).ok())
                .ok_or_else(|| StoreError::Corrupt("a post without a short id".into()))?,
            locale: Locale::parse(self.origin.as_deref().unwrap_or_default())?,
            translations: {
                let mut locales = self
                    .translations
                    .unwrap_or_default()
                    .iter()
                    .map(|code| Locale::parse(code))
                    .collect::<Result<Vec<_>, _>>()?;
                locales.sort();
                locales
            },
            comments_closed: self.comments_closed.unwrap_or(false),
        })
    }
}

/// The values of a new post's row (more than a tuple's sixteen).
#[derive(SerializeRow)]
struct PostInsert<'a> {
    site: &'a str,
    post_id: Uuid,
    slug: &'a str,
    title: &'a str,
    body: &'a str,
    body_html: &'a str,
    excerpt: &'a str,
    tags: &'a Vec<String>,
    author_id: Uuid,
    author_name: &'a str,
    status: &'a str,
    created: DateTime<Utc>,
    published: Option<DateTime<Utc>>,
    revision: i32,
    short_id: i64,
    published_id: Option<CqlTimeuuid>,
    origin: String,
}

#[derive(DeserializeRow)]
struct TranslationRow {
    locale: String,
    title: String,
    body: String,
    body_html: String,
    excerpt: String,
    status: String,
    published: Option<DateTime<Utc>>,
    revision: i32,
}

impl TranslationRow {
    fn into_translation(self) -> StoreResult<Translation> {
        Ok(Translation {
            locale: Locale::parse(&self.locale)?,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            body_html: self.body_html,
            excerpt: self.excerpt,
            status: PostStatus::parse(&self.status)?,
            published: self.published,
            revision: u32::try_from(self.revision)
                .map_err(|e| StoreError::Corrupt(e.to_string()))?,
        })
    }
}

#[derive(DeserializeRow)]
struct RevisionRow {
    revision: i32,
    title: String,
    body: String,
    body_html: String,
    tags: Option<Vec<String>>,
    author_id: Uuid,
    author_name: Option<String>,
    created: DateTime<Utc>,
    message: String,
}

impl RevisionRow {
    fn into_revision(self) -> StoreResult<SavedRevision> {
        Ok(SavedRevision {
            number: u32::try_from(self.revision).map_err(|e| StoreError::Corrupt(e.to_string()))?,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            body_html: self.body_html,
            tags: Tags::from_stored(self.tags.unwrap_or_default()),
            author_id: UserId(self.author_id),
            author_name: self.author_name.unwrap_or_default(),
            created: self.created,
            message: self.message,
        })
    }
}

#[derive(DeserializeRow)]
struct SuggestionRow {
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
    fn into_suggestion(self) -> StoreResult<Suggestion> {
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

#[derive(DeserializeRow)]
struct DirectoryRow {
    user_id: Uuid,
    username: String,
    display_name: String,
    email: String,
    role: String,
    banned: Option<bool>,
}

/// A row of posts_by_tag: a summary and its bucket's static pointer to older posts.
#[derive(DeserializeRow)]
struct TagRow {
    published: CqlTimeuuid,
    post_id: Uuid,
    slug: String,
    title: String,
    excerpt: String,
    author_name: String,
    tags: Option<Vec<String>>,
    older_year: Option<i32>,
}

impl TagRow {
    fn into_summary_row(self) -> SummaryRow {
        SummaryRow {
            published: self.published,
            post_id: self.post_id,
            slug: self.slug,
            title: self.title,
            excerpt: self.excerpt,
            author_name: self.author_name,
            tags: self.tags,
        }
    }
}

/// The year bucket of a publication time UUID.
fn year_of(published: CqlTimeuuid) -> StoreResult<i32> {
    timeuuid::time_of(Uuid::from(published))
        .map(|at| chrono::Datelike::year(&at))
        .ok_or_else(|| StoreError::Corrupt("a publication key is not a time UUID".into()))
}

/// Where a tag page continues: `<year>` (the start of that year's bucket) or
/// `<year>.<hex of the driver's paging state>`.
fn tag_cursor(year: i32, state: Option<&PagingState>) -> String {
    match state.and_then(PagingState::as_bytes_slice) {
        Some(bytes) => format!("{year}.{}", crate::domain::token::hex(bytes)),
        None => year.to_string(),
    }
}

fn parse_tag_cursor(cursor: &str) -> Option<(i32, PagingState)> {
    let (year, state) = match cursor.split_once('.') {
        Some((year, hex)) => (year, Some(crate::domain::token::unhex(hex)?)),
        None => (cursor, None),
    };
    let year: i32 = year.parse().ok().filter(|y| (1970..=9999).contains(y))?;
    Some((
        year,
        state.map_or_else(PagingState::start, PagingState::new_from_raw_bytes),
    ))
}

/// A row of front_page or posts_by_author.
#[derive(DeserializeRow)]
struct SummaryRow {
    published: CqlTimeuuid,
    post_id: Uuid,
    slug: String,
    title: String,
    excerpt: String,
    author_name: String,
    tags: Option<Vec<String>>,
}

#[async_trait]
impl Store for CassandraStore {
    fn statements(&self) -> u64 {
        let metrics = self.session.get_metrics();
        metrics.get_requests_unpaged_num()
            + metrics.get_requests_manually_paged_num()
            + metrics.get_requests_automatically_paged_num()
    }

    async fn site_admin(&self, site: &Site) -> StoreResult<Option<UserId>> {
        let claim: Option<(Uuid, String)> = self
            .row(&self.st.claim_read, (setup_scope(), site.as_str()))
            .await?;
        Ok(claim
            .filter(|(_, state)| state == "committed")
            .map(|(owner, _)| UserId(owner)))
    }

    async fn create_first_admin(&self, site: &Site, admin: NewUser) -> Result<User, SetupError> {
        self.create_account(&admin, Some(site)).await
    }

    async fn create_user(&self, user: NewUser) -> Result<User, AccountError> {
        match self.create_account(&user, None).await {
            Ok(user) => Ok(user),
            Err(SetupError::Taken(taken)) => Err(AccountError::Taken(taken)),
            Err(SetupError::Store(e)) => Err(AccountError::Store(e)),
            Err(SetupError::AlreadySetUp) => Err(AccountError::Store(StoreError::Corrupt(
                "a sign-up without a site cannot find it set up".into(),
            ))),
        }
    }

    async fn change_username(&self, id: UserId, new: &Username) -> Result<User, AccountError> {
        let user = self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        let (old_key, new_key) = (user.username.key(), new.key());
        let renamed = (
            (new.as_str(), id.0),
            (shelf_of(&old_key), old_key.as_str()),
            directory_values(&User {
                username: new.clone(),
                ..user.clone()
            }),
        );
        let change = ClaimChange {
            scope: "username",
            taken: Taken::Username,
            old_key: old_key.clone(),
            new_key,
        };
        self.move_claim(id, change, &self.st.user_rename, renamed)
            .await
    }

    async fn change_email(&self, id: UserId, new: &Email) -> Result<User, AccountError> {
        let user = self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        let (old_key, new_key) = (user.email.key(), new.key());
        let key = user.username.key();
        let values = (
            (new.as_str(), id.0),
            (new.as_str(), shelf_of(&key), key.as_str()),
        );
        let change = ClaimChange {
            scope: "email",
            taken: Taken::Email,
            old_key,
            new_key,
        };
        self.move_claim(id, change, &self.st.user_email, values)
            .await
    }

    async fn change_password(&self, id: UserId, hash: &PasswordHash) -> Result<(), AccountError> {
        self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        self.exec(&self.st.user_password, (hash.as_str(), id.0))
            .await?;
        Ok(())
    }

    async fn update_profile(&self, id: UserId, profile: &Profile) -> Result<User, AccountError> {
        let user = self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        let key = user.username.key();
        let values = (
            (
                profile.display_name.as_str(),
                profile.bio.as_str(),
                profile.homepage.as_str(),
                id.0,
            ),
            (profile.display_name.as_str(), shelf_of(&key), key.as_str()),
        );
        self.batch(&self.st.user_profile, values).await?;
        self.user(id).await?.ok_or(AccountError::NoSuchUser)
    }

    async fn set_role(&self, id: UserId, role: Role) -> Result<User, AccountError> {
        let user = self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        let key = user.username.key();
        let values = (
            (role.as_str(), id.0),
            (role.as_str(), shelf_of(&key), key.as_str()),
        );
        self.batch(&self.st.user_role, values).await?;
        self.user(id).await?.ok_or(AccountError::NoSuchUser)
    }

    async fn set_banned(&self, id: UserId, banned: bool) -> Result<User, AccountError> {
        let user = self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        let key = user.username.key();
        let values = ((banned, id.0), (banned, shelf_of(&key), key.as_str()));
        self.batch(&self.st.user_banned, values).await?;
        self.user(id).await?.ok_or(AccountError::NoSuchUser)
    }

    async fn user_directory(
        &self,
        shelf: &str,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<DirectoryEntry>> {
        let rows: Vec<DirectoryRow> = self
            .rows(
                &self.st.directory_read,
                (shelf, after.unwrap_or(""), limit.min(1000) as i32),
            )
            .await?;
        rows.into_iter()
            .map(|row| {
                Ok(DirectoryEntry {
                    id: UserId(row.user_id),
                    username: row.username,
                    display_name: row.display_name,
                    email: row.email,
                    role: Role::parse(&row.role)?,
                    banned: row.banned.unwrap_or(false),
                })
            })
            .collect()
    }

    /// Months newest first, from `signup_months` (one row a month with sign-ups), each
    /// read newest first from its `users_by_signup` bucket until the page is full; then
    /// the accounts' rows, by id.
    async fn newest_users(
        &self,
        before: Option<(DateTime<Utc>, UserId)>,
        limit: usize,
    ) -> StoreResult<Vec<User>> {
        let months: Vec<(String,)> = self.rows(&self.st.signup_months, ()).await?;
        let start = before.map(|(at, _)| signup_month(at));
        let mut ids: Vec<Uuid> = Vec::new();
        for (month,) in months {
            if start.as_ref().is_some_and(|start| month > *start) {
                continue;
            }
            let want = limit.saturating_sub(ids.len()).min(1000) as i32;
            if want == 0 {
                break;
            }
            let found: Vec<(DateTime<Utc>, Uuid)> = match before {
                Some((at, id)) if Some(&month) == start.as_ref() => {
                    self.rows(&self.st.signups_read_before, (&month, at, id.0, want))
                        .await?
                }
                _ => self.rows(&self.st.signups_read, (&month, want)).await?,
            };
            ids.extend(found.into_iter().map(|(_, id)| id));
        }
        let users =
            futures_util::future::try_join_all(ids.into_iter().map(|id| self.user(UserId(id))))
                .await?;
        Ok(users.into_iter().flatten().collect())
    }

    async fn is_claimed(&self, login: &Login) -> StoreResult<bool> {
        let (scope, key) = login_claim(login);
        Ok(self.claims().owner(scope, key).await?.is_some())
    }

    async fn record_attempt(
        &self,
        key: &str,
        at: DateTime<Utc>,
        window: Duration,
    ) -> StoreResult<()> {
        let ttl = window.as_secs().max(1) as i32;
        self.exec(
            &self.st.rate_insert,
            (key, CqlTimeuuid::from(timeuuid::at(at)), ttl),
        )
        .await?;
        Ok(())
    }

    async fn attempts_since(&self, key: &str, since: DateTime<Utc>, cap: u32) -> StoreResult<u32> {
        let rows: Vec<(CqlTimeuuid,)> = self
            .rows(&self.st.rate_count, (key, since, cap as i32))
            .await?;
        Ok(rows.len() as u32)
    }

    async fn user(&self, id: UserId) -> StoreResult<Option<User>> {
        self.row::<UserRow>(&self.st.user_by_id, (id.0,))
            .await?
            .map(UserRow::into_user)
            .transpose()
    }

    async fn user_by_login(&self, login: &Login) -> StoreResult<Option<User>> {
        let (scope, key) = login_claim(login);
        match self.claims().owner(scope, key).await? {
            Some((owner, state)) if state == "committed" => self.user(UserId(owner)).await,
            _ => Ok(None),
        }
    }

    async fn author_by_name(&self, username: &Username) -> StoreResult<Option<User>> {
        let claim: Option<(Uuid, String)> = self
            .row(&self.st.claim_read, ("username", username.key()))
            .await?;
        match claim {
            Some((owner, state)) if state == "committed" => self.user(UserId(owner)).await,
            _ => Ok(None),
        }
    }

    async fn create_session(&self, session: &NewSession) -> StoreResult<()> {
        let ttl = (session.expires - session.created).num_seconds().max(1) as i32;
        let key = session.key.as_slice();
        let row = (
            key,
            session.user_id.0,
            session.created,
            session.expires,
            ttl,
        );
        self.batch(
            &self.st.session_insert,
            (row, (session.user_id.0, key, ttl)),
        )
        .await
    }

    async fn session_user(&self, key: &[u8], now: DateTime<Utc>) -> StoreResult<Option<User>> {
        let row: Option<(Uuid, DateTime<Utc>)> = self.row(&self.st.session_read, (key,)).await?;
        match row {
            Some((user_id, expires)) if expires > now => self.user(UserId(user_id)).await,
            _ => Ok(None),
        }
    }

    async fn delete_session(&self, key: &[u8]) -> StoreResult<()> {
        self.exec(&self.st.session_delete, (key,)).await?;
        Ok(())
    }

    async fn end_sessions(&self, user: UserId, keep: Option<&[u8]>) -> StoreResult<()> {
        let keys: Vec<(Vec<u8>,)> = self.rows(&self.st.sessions_of_user, (user.0,)).await?;
        for (key,) in keys {
            if Some(key.as_slice()) != keep {
                self.exec(&self.st.session_delete, (key.as_slice(),))
                    .await?;
                self.exec(&self.st.session_of_user_delete, (user.0, key.as_slice()))
                    .await?;
            }
        }
        Ok(())
    }

    async fn create_post(&self, post: NewPost) -> StoreResult<Post> {
        let short_id = self.allocate_short_id(&post.site).await?;
        let claims = self.claims();
        let scope = slug_scope(&post.site);
        let owner = post.id.0;
        let base = Slug::from_title(&post.title);
        let mut slug = base.clone();
        let mut n = 1;
        while claims.claim(&scope, slug.as_str(), owner).await? == Claim::Taken {
            n += 1;
            slug = if n <= 50 {
                base.numbered(n)
            } else {
                // A title this popular: a random suffix ends the search.
                base.numbered(random_below(1_000_000) as u32 + 51)
            };
        }
        let site = post.site.as_str();
        let tags = post.tags.to_strings();
        let published = post.publish.then_some(post.created);
        let published_id = published.map(|at| CqlTimeuuid::from(timeuuid::at(at)));
        let status = if post.publish {
            PostStatus::Published
        } else {
            PostStatus::Draft
        };
        let written = self
            .session
            .batch(
                &self.st.create_post,
                (
                    PostInsert {
                        site,
                        post_id: post.id.0,
                        slug: slug.as_str(),
                        title: post.title.as_str(),
                        body: post.body.as_str(),
                        body_html: post.body_html.as_str(),
                        excerpt: post.excerpt.as_str(),
                        tags: &tags,
                        author_id: post.author_id.0,
                        author_name: post.author_name.as_str(),
                        status: status.as_str(),
                        created: post.created,
                        published,
                        revision: 1,
                        short_id: short_id as i64,
                        published_id,
                        origin: post.locale.code(),
                    },
                    (
                        site,
                        post.id.0,
                        post.locale.code(),
                        1_i32,
                        1_i32,
                        post.title.as_str(),
                        post.body.as_str(),
                        post.body_html.as_str(),
                        &tags,
                        post.author_id.0,
                        post.created,
                        "First version",
                        post.author_name.as_str(),
                    ),
                    (site, short_id as i64, post.id.0, slug.as_str()),
                ),
            )
            .await
            .map_err(unavailable);
        if let Err(e) = written {
            claims.release(&scope, slug.as_str(), owner).await;
            return Err(e);
        }
        claims.commit(&scope, slug.as_str(), owner).await?;
        let created = Post {
            id: post.id,
            slug,
            title: post.title,
            body: post.body,
            body_html: post.body_html,
            excerpt: post.excerpt,
            tags: post.tags,
            author_id: post.author_id,
            author_name: post.author_name,
            status,
            created: post.created,
            published,
            revision: 1,
            short_id,
            locale: post.locale.clone(),
            translations: Vec::new(),
            comments_closed: false,
        };
        if let Some(published_id) = published_id {
            self.list_published(&post.site, &created, published_id)
                .await?;
        }
        Ok(created)
    }

    async fn unpublish_post(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>> {
        let Some(post) = self.post_by_id(site, id).await? else {
            return Ok(None);
        };
        if post.status == PostStatus::Draft {
            return Ok(Some(post));
        }
        let row: Option<(Option<CqlTimeuuid>,)> = self
            .row(&self.st.post_published_id_serial, (site.as_str(), id.0))
            .await?;
        let published_id = row.and_then(|(p,)| p);
        // The rows come off the lists only once the post reads as a draft again.
        let attempt = self
            .session
            .execute_unpaged(&self.st.post_unpublish, (site.as_str(), id.0))
            .await;
        match attempt {
            Ok(_) => {}
            Err(e) if is_cas_uncertain(&e) => {}
            Err(e) => return Err(unavailable(e)),
        }
        let after = self.post_by_id(site, id).await?;
        let unpublished = after
            .as_ref()
            .is_some_and(|p| p.status == PostStatus::Draft);
        if let (true, Some(published_id)) = (unpublished, published_id) {
            let rows = (
                (site.as_str(), published_id),
                (site.as_str(), post.author_id.0, published_id),
            );
            self.batch(&self.st.unlist_rows, rows).await?;
            self.unlist_tags(site, &post.tags.to_strings(), published_id)
                .await?;
        }
        Ok(after)
    }

    async fn publish_post(
        &self,
        site: &Site,
        id: PostId,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<Post>> {
        let Some(post) = self.post_by_id(site, id).await? else {
            return Ok(None);
        };
        if post.status == PostStatus::Published {
            return Ok(Some(post));
        }
        let published_id = CqlTimeuuid::from(timeuuid::at(at));
        // The LWT makes exactly one of concurrent publishers add the front page row.
        let attempt = self
            .session
            .execute_unpaged(
                &self.st.post_publish,
                (at, published_id, site.as_str(), id.0),
            )
            .await;
        let applied = match attempt {
            Ok(result) => lwt_applied(result)?,
            Err(e) if is_cas_uncertain(&e) => {
                let row: Option<(Option<CqlTimeuuid>,)> = self
                    .row(&self.st.post_published_id_serial, (site.as_str(), id.0))
                    .await?;
                row.and_then(|(stored,)| stored) == Some(published_id)
            }
            Err(e) => return Err(unavailable(e)),
        };
        if applied {
            self.list_published(site, &post, published_id).await?;
        }
        self.post_by_id(site, id).await
    }

    async fn post_by_id(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>> {
        CassandraStore::post_by_id(self, site, id).await
    }

    fn binaries(&self) -> Arc<dyn crate::binaries::BinaryStore> {
        self.binaries.clone()
    }

    async fn post_by_slug(&self, site: &Site, slug: &Slug) -> StoreResult<Option<Post>> {
        // A plain (not serial) read: the hot path of every post page only needs the owner
        // of a committed slug, and a slug never changes owner once committed.
        let claim: Option<(Uuid, String)> = self
            .row(&self.st.claim_read, (slug_scope(site), slug.as_str()))
            .await?;
        match claim {
            Some((owner, _)) => self.post_by_id(site, PostId(owner)).await,
            None => Ok(None),
        }
    }

    async fn save_revision(
        &self,
        site: &Site,
        id: PostId,
        edit: PostEdit,
    ) -> Result<Post, EditError> {
        let post = self
            .post_by_id(site, id)
            .await?
            .ok_or(EditError::NoSuchPost)?;
        if post.revision != edit.base {
            return Err(EditError::Conflict);
        }
        let number = edit.base as i32 + 1;
        let tags = edit.tags.to_strings();
        // The revision number is claimed by the LWT insert of its row: of concurrent saves
        // from one base, one writes revision base + 1 and the others are refused.
        let won = self
            .claim_revision(site, id, &post.locale, number, &edit)
            .await?;
        if !won {
            self.roll_forward(site, id, &post.locale, edit.base).await?;
            return Err(EditError::Conflict);
        }
        if self.options.faults.fires(Fault::CrashAfterRevisionClaim) {
            return Err(Fault::CrashAfterRevisionClaim.error().into());
        }
        // Only the holder of revision `number` moves the post to it.
        let moved = self
            .session
            .execute_unpaged(
                &self.st.post_revise,
                (
                    edit.title.as_str(),
                    edit.body.as_str(),
                    edit.body_html.as_str(),
                    edit.excerpt.as_str(),
                    &tags,
                    number,
                    site.as_str(),
                    id.0,
                    edit.base as i32,
                ),
            )
            .await;
        match moved {
            Ok(_) => {}
            Err(e) if is_cas_uncertain(&e) => {}
            Err(e) => return Err(unavailable(e).into()),
        }
        let saved = self
            .post_by_id(site, id)
            .await?
            .ok_or(EditError::NoSuchPost)?;
        if saved.revision != number as u32 {
            return Err(StoreError::Unavailable(
                "the post did not move to its new revision".into(),
            )
            .into());
        }
        self.relist(site, &saved, &post.tags).await?;
        Ok(saved)
    }

    async fn create_suggestion(&self, site: &Site, suggestion: &Suggestion) -> StoreResult<()> {
        let g = suggestion;
        let values = (
            site.as_str(),
            g.post_id.0,
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
        self.exec(&self.st.suggestion_insert, values).await?;
        Ok(())
    }

    async fn suggestions(&self, site: &Site, post: PostId) -> StoreResult<Vec<Suggestion>> {
        let rows: Vec<SuggestionRow> = self
            .rows(&self.st.suggestions_read, (site.as_str(), post.0))
            .await?;
        let mut all: Vec<Suggestion> = rows
            .into_iter()
            .map(SuggestionRow::into_suggestion)
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
        self.row::<SuggestionRow>(&self.st.suggestion_read, (site.as_str(), post.0, id))
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
        let attempt = self
            .session
            .execute_unpaged(
                &self.st.suggestion_decide,
                (to.as_str(), site.as_str(), post.0, id),
            )
            .await;
        match attempt {
            Ok(result) => lwt_applied(result),
            // Maybe applied: read the state back; the decision holds only if it reads `to`
            // (a concurrent decision for the same state is the same outcome).
            Err(e) if is_cas_uncertain(&e) => Ok(self
                .suggestion(site, post, id)
                .await?
                .is_some_and(|g| g.state == to)),
            Err(e) => Err(unavailable(e)),
        }
    }

    async fn translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
    ) -> StoreResult<Option<Translation>> {
        self.row::<TranslationRow>(
            &self.st.translation_read,
            (site.as_str(), id.0, locale.code()),
        )
        .await?
        .map(TranslationRow::into_translation)
        .transpose()
    }

    async fn translations(&self, site: &Site, id: PostId) -> StoreResult<Vec<Translation>> {
        self.rows::<TranslationRow>(&self.st.translations_read, (site.as_str(), id.0))
            .await?
            .into_iter()
            .map(TranslationRow::into_translation)
            .collect()
    }

    async fn save_translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        edit: PostEdit,
    ) -> Result<Translation, EditError> {
        let post = self
            .post_by_id(site, id)
            .await?
            .ok_or(EditError::NoSuchPost)?;
        if post.locale == *locale {
            return Err(EditError::SameLocale);
        }
        let current = self.translation(site, id, locale).await?;
        if current.map_or(0, |t| t.revision) != edit.base {
            return Err(EditError::Conflict);
        }
        let number = edit.base as i32 + 1;
        if !self.claim_revision(site, id, locale, number, &edit).await? {
            self.roll_translation_forward(site, id, locale, edit.base)
                .await?;
            return Err(EditError::Conflict);
        }
        if self.options.faults.fires(Fault::CrashAfterRevisionClaim) {
            return Err(Fault::CrashAfterRevisionClaim.error().into());
        }
        self.move_translation(
            site,
            id,
            locale,
            edit.base,
            (&edit.title, &edit.body, &edit.body_html, &edit.excerpt),
        )
        .await?;
        let saved = self
            .translation(site, id, locale)
            .await?
            .ok_or(EditError::NoSuchPost)?;
        if saved.revision != number as u32 {
            return Err(StoreError::Unavailable(
                "the translation did not move to its new revision".into(),
            )
            .into());
        }
        Ok(saved)
    }

    async fn set_translation_status(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        status: PostStatus,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<Translation>> {
        let Some(current) = self.translation(site, id, locale).await? else {
            return Ok(None);
        };
        if current.status != status {
            // One logged batch: the translation's status and the post's list of published
            // translations never disagree for long, whoever wins a race of the two.
            let code = locale.code();
            let listed = vec![code.clone()];
            match status {
                PostStatus::Published => {
                    let values = (
                        (at, site.as_str(), id.0, code.as_str()),
                        (&listed, site.as_str(), id.0),
                    );
                    self.batch(&self.st.translation_publish, values).await?;
                }
                PostStatus::Draft => {
                    let values = (
                        (site.as_str(), id.0, code.as_str()),
                        (&listed, site.as_str(), id.0),
                    );
                    self.batch(&self.st.translation_unpublish, values).await?;
                }
            }
        }
        self.translation(site, id, locale).await
    }

    async fn save_draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
        draft: &Draft,
    ) -> StoreResult<()> {
        let values = (
            site.as_str(),
            id.0,
            user.0,
            locale.code(),
            draft.base as i32,
            draft.title.as_str(),
            draft.body.as_str(),
            draft.tags.as_str(),
            draft.saved,
        );
        self.exec(&self.st.draft_write, values).await?;
        Ok(())
    }

    async fn draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
    ) -> StoreResult<Option<Draft>> {
        let row: Option<(i32, String, String, String, DateTime<Utc>)> = self
            .row(
                &self.st.draft_read,
                (site.as_str(), id.0, user.0, locale.code()),
            )
            .await?;
        row.map(|(base, title, body, tags, saved)| {
            let base = u32::try_from(base).map_err(|e| StoreError::Corrupt(e.to_string()))?;
            Ok(Draft {
                base,
                title,
                body,
                tags,
                saved,
            })
        })
        .transpose()
    }

    async fn discard_draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
    ) -> StoreResult<()> {
        self.exec(
            &self.st.draft_delete,
            (site.as_str(), id.0, user.0, locale.code()),
        )
        .await?;
        Ok(())
    }

    async fn revisions(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
    ) -> StoreResult<Vec<RevisionSummary>> {
        let rows: Vec<(i32, String, Option<String>, DateTime<Utc>, String)> = self
            .rows(
                &self.st.revisions_list,
                (site.as_str(), id.0, locale.code()),
            )
            .await?;
        rows.into_iter()
            .map(|(number, title, author_name, created, message)| {
                Ok(RevisionSummary {
                    number: u32::try_from(number)
                        .map_err(|e| StoreError::Corrupt(e.to_string()))?,
                    title,
                    author_name: author_name.unwrap_or_default(),
                    created,
                    message,
                })
            })
            .collect()
    }

    async fn revision(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        number: u32,
    ) -> StoreResult<Option<SavedRevision>> {
        let Ok(number) = i32::try_from(number) else {
            return Ok(None);
        };
        let row: Option<RevisionRow> = self
            .row(
                &self.st.revision_read,
                (site.as_str(), id.0, locale.code(), number),
            )
            .await?;
        row.map(RevisionRow::into_revision).transpose()
    }

    async fn allocate_short_id(&self, site: &Site) -> StoreResult<u64> {
        let size = ID_POOL_SIZE as i64;
        for _ in 0..64 {
            let slot = random_below(ID_POOL_SIZE) as i32;
            let seen: Option<(i64,)> = self
                .row(&self.st.id_pool_read, (site.as_str(), slot))
                .await?;
            let n = match seen {
                Some((n,)) => n,
                None => {
                    // First use of the slot: every allocator agrees on its first value
                    // through the LWT; if another got there first, the take below fails
                    // and a fresh read follows.
                    let seeded = self
                        .session
                        .execute_unpaged(
                            &self.st.id_pool_seed,
                            (site.as_str(), slot, i64::from(slot) + 1),
                        )
                        .await;
                    match seeded {
                        Ok(_) => i64::from(slot) + 1,
                        Err(e) if is_cas_uncertain(&e) => continue,
                        Err(e) => return Err(unavailable(e)),
                    }
                }
            };
            let taken = self
                .session
                .execute_unpaged(&self.st.id_pool_take, (n + size, site.as_str(), slot, n))
                .await;
            match taken {
                Ok(result) => {
                    if lwt_applied(result)? {
                        return u64::try_from(n).map_err(|e| StoreError::Corrupt(e.to_string()));
                    }
                    // Someone took n first: another candidate.
                }
                // Maybe ours, maybe not: n is never used by us, so at worst it is a gap,
                // never a duplicate.
                Err(e) if is_cas_uncertain(&e) => continue,
                Err(e) => return Err(unavailable(e)),
            }
        }
        Err(StoreError::Unavailable(
            "the short id pool stayed contended".into(),
        ))
    }

    async fn short_id_pool(&self, site: &Site) -> StoreResult<Vec<u64>> {
        let slots: Vec<i32> = (0..ID_POOL_SIZE as i32).collect();
        let used: std::collections::HashMap<i32, i64> = self
            .rows(&self.st.id_pool_all, (site.as_str(), &slots))
            .await?
            .into_iter()
            .collect();
        slots
            .iter()
            .map(|slot| {
                let n = used.get(slot).copied().unwrap_or(i64::from(*slot) + 1);
                u64::try_from(n).map_err(|e| StoreError::Corrupt(e.to_string()))
            })
            .collect()
    }

    async fn host_counter(&self, host: &str) -> StoreResult<u64> {
        let row: Option<(Option<i64>,)> = self.row(&self.st.host_counter_read, (host,)).await?;
        let last = row.and_then(|(last,)| last).unwrap_or(0);
        u64::try_from(last).map_err(|e| StoreError::Corrupt(e.to_string()))
    }

    async fn set_host_counter(&self, host: &str, value: u64) -> StoreResult<()> {
        let value = i64::try_from(value).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        // The value is its own write timestamp: values only grow, so the latest write
        // wins last-write-wins even when coordinators' clocks disagree.
        self.exec(&self.st.host_counter_write, (value, value, host))
            .await?;
        Ok(())
    }

    async fn slug_by_short_id(&self, site: &Site, short_id: u64) -> StoreResult<Option<Slug>> {
        let Ok(short_id) = i64::try_from(short_id) else {
            return Ok(None);
        };
        let row: Option<(String,)> = self
            .row(&self.st.short_link_read, (site.as_str(), short_id))
            .await?;
        row.map(|(slug,)| Slug::parse(&slug).map_err(StoreError::from))
            .transpose()
    }

    async fn front_page(&self, site: &Site, limit: usize) -> StoreResult<Vec<PostSummary>> {
        let limit = limit.min(FRONT_PAGE_CAP) as i32;
        let rows: Vec<SummaryRow> = self
            .rows(&self.st.front_page_read, (site.as_str(), limit))
            .await?;
        summaries(rows)
    }

    async fn tag_page(
        &self,
        site: &Site,
        tag: &Tag,
        after: Option<&str>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        use std::ops::ControlFlow;
        let limit = limit.clamp(1, 100);
        let (mut year, mut state) = match after {
            None => (
                chrono::Datelike::year(&crate::domain::now()),
                PagingState::start(),
            ),
            Some(cursor) => parse_tag_cursor(cursor).ok_or(PageError::BadCursor)?,
        };
        let mut posts = Vec::new();
        loop {
            let mut statement = self.st.tag_page_read.clone();
            statement.set_page_size((limit - posts.len()) as i32);
            let (result, response) = self
                .session
                .execute_single_page(&statement, (site.as_str(), tag.as_str(), year), state)
                .await
                .map_err(|e| match e {
                    // A paging state this cluster did not make.
                    ExecutionError::LastAttemptError(RequestAttemptError::DbError(
                        DbError::ProtocolError | DbError::Invalid,
                        _,
                    )) => PageError::BadCursor,
                    other => PageError::Store(unavailable(other)),
                })?;
            let rows: Vec<TagRow> = result
                .into_rows_result()
                .map_err(unavailable)?
                .rows::<TagRow>()
                .map_err(|e| StoreError::Corrupt(e.to_string()))?
                .collect::<Result<_, _>>()
                .map_err(|e| StoreError::Corrupt(e.to_string()))?;
            let static_older = rows.first().and_then(|r| r.older_year);
            let empty = rows.is_empty();
            posts.extend(summaries(
                rows.into_iter().map(TagRow::into_summary_row).collect(),
            )?);
            match response.into_paging_control_flow() {
                ControlFlow::Continue(next) => {
                    if posts.len() >= limit {
                        return Ok(ListPage {
                            posts,
                            next: Some(tag_cursor(year, Some(&next))),
                        });
                    }
                    state = next;
                }
                ControlFlow::Break(()) => {
                    // This year is done; the next older year with posts comes from the
                    // bucket itself, or from tag_years when the bucket was empty.
                    let older = if empty {
                        let row: Option<(i32,)> = self
                            .row(
                                &self.st.tag_year_before,
                                (site.as_str(), tag.as_str(), year),
                            )
                            .await?;
                        row.map(|(y,)| y)
                    } else {
                        static_older
                    };
                    match older.filter(|older| *older < year) {
                        None => return Ok(ListPage { posts, next: None }),
                        Some(older) => {
                            year = older;
                            state = PagingState::start();
                            if posts.len() >= limit {
                                return Ok(ListPage {
                                    posts,
                                    next: Some(tag_cursor(year, None)),
                                });
                            }
                        }
                    }
                }
            }
        }
    }

    async fn posts_by_author(
        &self,
        site: &Site,
        author: UserId,
        limit: usize,
    ) -> StoreResult<Vec<PostSummary>> {
        let rows: Vec<SummaryRow> = self
            .rows(
                &self.st.author_posts_read,
                (site.as_str(), author.0, limit.min(1000) as i32),
            )
            .await?;
        summaries(rows)
    }
    async fn comment_settings(&self, site: &Site) -> StoreResult<CommentSettings> {
        let row: Option<(Option<bool>, Option<bool>, Option<i32>)> = self
            .row(&self.st.comment_settings_read, (site.as_str(),))
            .await?;
        Ok(
            row.map_or_else(CommentSettings::default, |(guests, trust, days)| {
                CommentSettings {
                    guests: guests.unwrap_or(false),
                    trust_approved: trust.unwrap_or(false),
                    close_after_days: days.and_then(|d| u32::try_from(d).ok()).unwrap_or(0),
                }
            }),
        )
    }

    async fn save_comment_settings(
        &self,
        site: &Site,
        settings: &CommentSettings,
    ) -> StoreResult<()> {
        let days = i32::try_from(settings.close_after_days).unwrap_or(i32::MAX);
        self.exec(
            &self.st.comment_settings_write,
            (
                site.as_str(),
                settings.guests,
                settings.trust_approved,
                days,
            ),
        )
        .await?;
        Ok(())
    }

    async fn set_comments_closed(
        &self,
        site: &Site,
        post: PostId,
        closed: bool,
    ) -> StoreResult<()> {
        self.exec(
            &self.st.post_comments_closed,
            (closed, site.as_str(), post.0),
        )
        .await?;
        Ok(())
    }

    async fn add_comment(&self, site: &Site, comment: &NewComment) -> Result<(), CommentError> {
        let post = comment.post.id;
        let total: Option<(Option<Counter>,)> = self
            .row(&self.st.total_read, (site.as_str(), post.0))
            .await?;
        let total = total.and_then(|(n,)| n).map_or(0, |c| c.0);
        if total >= MAX_COMMENTS_PER_POST as i64 {
            return Err(CommentError::Full);
        }
        let stored = comment.stored();
        let row = comment_values(site, &stored);
        let mut batch = Batch::new(BatchType::Logged);
        let mut values: Vec<Vec<Option<CqlValue>>> = Vec::new();
        batch.append_statement(self.st.comment_insert.clone());
        values.push(row.clone());
        if stored.state.is_listed() {
            batch.append_statement(self.st.queue_insert.clone());
            values.push(row.clone());
            batch.append_statement(self.st.post_queue_insert.clone());
            values.push(row);
        } else if stored.state == CommentState::Approved {
            batch.append_statement(self.st.thread_insert.clone());
            values.push(thread_values(site, &stored));
        }
        self.batch(&batch, values).await?;
        let approved = i64::from(stored.state == CommentState::Approved);
        self.exec(
            &self.st.counts_add,
            (Counter(approved), Counter(1), site.as_str(), post.0),
        )
        .await?;
        self.exec(
            &self.st.state_count_add,
            (Counter(1), site.as_str(), stored.state.as_str()),
        )
        .await?;
        Ok(())
    }

    async fn comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
    ) -> StoreResult<Option<Comment>> {
        self.row::<CommentRow>(
            &self.st.comment_read,
            (site.as_str(), post.0, CqlTimeuuid::from(id.0)),
        )
        .await?
        .map(CommentRow::into_comment)
        .transpose()
    }

    async fn comment_page(
        &self,
        site: &Site,
        post: PostId,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<CommentPage, PageError> {
        let limit = limit.clamp(1, 200);
        let position = match cursor {
            None => ThreadCursor::After {
                bound: None,
                state: PagingState::start(),
                last: None,
            },
            Some(c) => parse_thread_cursor(c).ok_or(PageError::BadCursor)?,
        };
        match position {
            ThreadCursor::After { bound, state, last } => {
                let (rows, next) = match bound {
                    None => {
                        self.thread_single_page(
                            &self.st.thread_from_start,
                            (site.as_str(), post.0),
                            state,
                            limit,
                        )
                        .await?
                    }
                    Some((thread, id)) => {
                        self.thread_single_page(
                            &self.st.thread_after,
                            (site.as_str(), post.0, thread, id),
                            state,
                            limit,
                        )
                        .await?
                    }
                };
                // A full last page still hands out a paging state: the page after it
                // is empty, and its way back is the last comment shown before it.
                let older = match (rows.first(), last) {
                    (Some(first), Some(_)) => Some(thread_cursor_before(first)),
                    (None, Some((thread, id))) => {
                        Some(format!("B.{}.{}", Uuid::from(thread), Uuid::from(id)))
                    }
                    _ => None,
                };
                let shown_last = rows.last().map(row_position).or(last);
                let newer = next.map(|state| thread_cursor_after(bound, &state, shown_last));
                Ok(CommentPage {
                    comments: thread_comments(rows)?,
                    newer,
                    older,
                })
            }
            ThreadCursor::Before(thread, id) | ThreadCursor::UpTo(thread, id) => {
                let statement = if matches!(position, ThreadCursor::Before(..)) {
                    &self.st.thread_before
                } else {
                    &self.st.thread_up_to
                };
                let mut rows: Vec<ThreadRow> = self
                    .rows(
                        statement,
                        (site.as_str(), post.0, thread, id, limit as i32 + 1),
                    )
                    .await?;
                let more = rows.len() > limit;
                rows.truncate(limit);
                rows.reverse();
                let older = rows.first().filter(|_| more).map(thread_cursor_before);
                let newer = rows.last().map(|last| {
                    thread_cursor_after(
                        Some(row_position(last)),
                        &PagingState::start(),
                        Some(row_position(last)),
                    )
                });
                Ok(CommentPage {
                    comments: thread_comments(rows)?,
                    newer,
                    older,
                })
            }
        }
    }

    async fn pending_comments_by(
        &self,
        site: &Site,
        post: PostId,
        author: UserId,
    ) -> StoreResult<Vec<Comment>> {
        let rows: Vec<CommentRow> = self
            .rows(
                &self.st.post_queue_page,
                (site.as_str(), post.0, CommentState::Pending.as_str()),
            )
            .await?;
        let mut mine: Vec<Comment> = rows
            .into_iter()
            .filter(|r| r.author_id == Some(author.0))
            .map(CommentRow::into_comment)
            .collect::<StoreResult<_>>()?;
        mine.reverse();
        Ok(mine)
    }

    async fn moderation_list(
        &self,
        site: &Site,
        state: CommentState,
        post: Option<PostId>,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<ModerationPage, PageError> {
        use std::ops::ControlFlow;
        let paging = match cursor {
            None => PagingState::start(),
            Some(c) => PagingState::new_from_raw_bytes(
                crate::domain::token::unhex(c).ok_or(PageError::BadCursor)?,
            ),
        };
        let mut statement = match post {
            Some(_) => self.st.post_queue_page.clone(),
            None => self.st.queue_page.clone(),
        };
        statement.set_page_size(limit.clamp(1, 500) as i32);
        let attempt = match post {
            Some(p) => {
                self.session
                    .execute_single_page(&statement, (site.as_str(), p.0, state.as_str()), paging)
                    .await
            }
            None => {
                self.session
                    .execute_single_page(&statement, (site.as_str(), state.as_str()), paging)
                    .await
            }
        };
        let (result, response) = attempt.map_err(paging_error)?;
        let rows: Vec<CommentRow> = decode_rows(result)?;
        let next = match response.into_paging_control_flow() {
            ControlFlow::Continue(next) => {
                next.as_bytes_slice().map(|b| crate::domain::token::hex(b))
            }
            ControlFlow::Break(()) => None,
        };
        Ok(ModerationPage {
            comments: rows
                .into_iter()
                .map(CommentRow::into_comment)
                .collect::<StoreResult<_>>()?,
            next,
        })
    }

    async fn moderate(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        moderation: &Moderation,
    ) -> Result<Comment, ModerationError> {
        let comment = self
            .comment(site, post, id)
            .await?
            .ok_or(ModerationError::NoSuchComment)?;
        let from = comment.state;
        if !from.can_become(moderation.to) {
            return Err(ModerationError::Illegal {
                from,
                to: moderation.to,
            });
        }
        let moved = Comment {
            state: moderation.to,
            reason: moderation.reason.clone(),
            ..comment
        };
        let log = vec![
            Some(CqlValue::Text(site.to_string())),
            Some(CqlValue::Text(moderation.at.format("%Y-%m").to_string())),
            Some(CqlValue::Timeuuid(CqlTimeuuid::from(timeuuid::at(
                moderation.at,
            )))),
            Some(CqlValue::Timeuuid(CqlTimeuuid::from(id.0))),
            Some(CqlValue::Uuid(post.0)),
            Some(CqlValue::Text(moved.post.slug.clone())),
            Some(CqlValue::Text(moved.post.title.clone())),
            Some(CqlValue::Text(moderation.by_name.clone())),
            Some(CqlValue::Text(from.as_str().to_owned())),
            Some(CqlValue::Text(moderation.to.as_str().to_owned())),
            Some(CqlValue::Text(moderation.reason.clone())),
        ];
        let (mut batch, mut values) = self.state_batch(site, &moved);
        batch.append_statement(self.st.log_insert.clone());
        values.push(log);
        self.batch(&batch, values).await?;
        if self.options.faults.fires(Fault::CrashInModeration) {
            return Err(Fault::CrashInModeration.error().into());
        }
        let delta = |s: CommentState| i64::from(s == CommentState::Approved);
        let approved = delta(moderation.to) - delta(from);
        if approved != 0 {
            self.exec(
                &self.st.counts_add,
                (Counter(approved), Counter(0), site.as_str(), post.0),
            )
            .await?;
        }
        self.exec(
            &self.st.state_count_add,
            (Counter(-1), site.as_str(), from.as_str()),
        )
        .await?;
        self.exec(
            &self.st.state_count_add,
            (Counter(1), site.as_str(), moderation.to.as_str()),
        )
        .await?;
        if let (CommentState::Approved, Some(author)) = (moderation.to, moved.author.user_id()) {
            self.exec(&self.st.commenter_trust, (site.as_str(), author.0))
                .await?;
        }
        Ok(moved)
    }

    async fn edit_comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        body: &CommentBody,
        at: DateTime<Utc>,
    ) -> Result<Comment, ModerationError> {
        let comment = self
            .comment(site, post, id)
            .await?
            .ok_or(ModerationError::NoSuchComment)?;
        if comment.state == CommentState::Deleted {
            return Err(ModerationError::Illegal {
                from: comment.state,
                to: comment.state,
            });
        }
        let edited = Comment {
            body_html: body.to_html(),
            body: body.clone(),
            edited: Some(at),
            ..comment
        };
        let (batch, values) = self.state_batch(site, &edited);
        self.batch(&batch, values).await?;
        Ok(edited)
    }

    async fn approved_comment_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>> {
        if posts.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<Uuid> = posts.iter().map(|p| p.0).collect();
        let rows: Vec<(Uuid, Option<Counter>)> = self
            .rows(&self.st.counts_read, (site.as_str(), ids))
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, n)| (PostId(id), n.map_or(0, |c| c.0).max(0) as u64))
            .collect())
    }

    async fn comment_state_counts(&self, site: &Site) -> StoreResult<StateCounts> {
        let rows: Vec<(String, Option<Counter>)> = self
            .rows(&self.st.state_counts_read, (site.as_str(),))
            .await?;
        let mut counts = StateCounts::default();
        for (state, n) in rows {
            *counts.slot(CommentState::parse(&state)?) = n.map_or(0, |c| c.0).max(0) as u64;
        }
        Ok(counts)
    }

    async fn moderation_log(&self, site: &Site, month: &str) -> StoreResult<Vec<LogEntry>> {
        type Line = (
            CqlTimeuuid,
            CqlTimeuuid,
            Uuid,
            String,
            String,
            String,
            String,
            String,
            Option<String>,
        );
        let rows: Vec<Line> = self.rows(&self.st.log_read, (site.as_str(), month)).await?;
        rows.into_iter()
            .map(
                |(at, comment, post, slug, title, by_name, from, to, reason)| {
                    Ok(LogEntry {
                        at: timeuuid::time_of(Uuid::from(at)).unwrap_or_default(),
                        comment: CommentId(Uuid::from(comment)),
                        post: CommentedPost {
                            id: PostId(post),
                            slug,
                            title,
                        },
                        by_name,
                        from: CommentState::parse(&from)?,
                        to: CommentState::parse(&to)?,
                        reason: reason.unwrap_or_default(),
                    })
                },
            )
            .collect()
    }

    async fn commenter_standing(&self, site: &Site, user: UserId) -> StoreResult<Standing> {
        let row: Option<(Option<bool>, Option<bool>)> = self
            .row(&self.st.commenter_read, (site.as_str(), user.0))
            .await?;
        Ok(
            row.map_or_else(Standing::default, |(banned, trusted)| Standing {
                banned: banned.unwrap_or(false),
                trusted: trusted.unwrap_or(false),
            }),
        )
    }

    async fn set_comment_ban(&self, site: &Site, user: UserId, banned: bool) -> StoreResult<()> {
        self.exec(&self.st.commenter_ban, (banned, site.as_str(), user.0))
            .await?;
        Ok(())
    }
}

fn summaries(rows: Vec<SummaryRow>) -> StoreResult<Vec<PostSummary>> {
    rows.into_iter()
        .map(|row| {
            let published = timeuuid::time_of(Uuid::from(row.published))
                .ok_or_else(|| StoreError::Corrupt("a list key is not a time UUID".into()))?;
            Ok(PostSummary {
                id: PostId(row.post_id),
                slug: Slug::parse(&row.slug)?,
                title: row.title,
                excerpt: row.excerpt,
                author_name: row.author_name,
                tags: Tags::from_stored(row.tags.unwrap_or_default()),
                published,
            })
        })
        .collect()
}

/// A row of comments, moderation_queue or post_moderation (the lists hold copies).
#[derive(DeserializeRow)]
struct CommentRow {
    id: CqlTimeuuid,
    post_id: Uuid,
    post_slug: String,
    post_title: String,
    thread: CqlTimeuuid,
    parent: Option<CqlTimeuuid>,
    author_id: Option<Uuid>,
    author_name: String,
    author_email: Option<String>,
    body: String,
    body_html: String,
    state: String,
    reason: Option<String>,
    edited: Option<DateTime<Utc>>,
}

impl CommentRow {
    fn into_comment(self) -> StoreResult<Comment> {
        let author = match self.author_id {
            Some(id) => Commenter::Member {
                id: UserId(id),
                name: self.author_name,
            },
            None => Commenter::Guest {
                name: self.author_name,
                email: self.author_email.unwrap_or_default(),
            },
        };
        Ok(Comment {
            id: CommentId(Uuid::from(self.id)),
            post: CommentedPost {
                id: PostId(self.post_id),
                slug: self.post_slug,
                title: self.post_title,
            },
            thread: CommentId(Uuid::from(self.thread)),
            parent: self.parent.map(|p| CommentId(Uuid::from(p))),
            author,
            body: CommentBody::parse(&self.body)?,
            body_html: self.body_html,
            state: CommentState::parse(&self.state)?,
            reason: self.reason.unwrap_or_default(),
            edited: self.edited,
        })
    }
}

/// A row of comment_thread.
#[derive(DeserializeRow)]
struct ThreadRow {
    thread: CqlTimeuuid,
    id: CqlTimeuuid,
    parent: Option<CqlTimeuuid>,
    author_id: Option<Uuid>,
    author_name: String,
    body_html: String,
    edited: Option<DateTime<Utc>>,
}

fn thread_comments(rows: Vec<ThreadRow>) -> StoreResult<Vec<ThreadComment>> {
    Ok(rows
        .into_iter()
        .map(|r| ThreadComment {
            id: CommentId(Uuid::from(r.id)),
            thread: CommentId(Uuid::from(r.thread)),
            parent: r.parent.map(|p| CommentId(Uuid::from(p))),
            author_id: r.author_id.map(UserId),
            author_name: r.author_name,
            body_html: r.body_html,
            edited: r.edited,
        })
        .collect())
}

/// The values of `(site, COMMENT_COLUMNS)` for a comment.
fn comment_values(site: &Site, c: &Comment) -> Vec<Option<CqlValue>> {
    let text = |s: &str| Some(CqlValue::Text(s.to_owned()));
    let tuuid = |id: CommentId| Some(CqlValue::Timeuuid(CqlTimeuuid::from(id.0)));
    vec![
        text(site.as_str()),
        tuuid(c.id),
        Some(CqlValue::Uuid(c.post.id.0)),
        text(&c.post.slug),
        text(&c.post.title),
        tuuid(c.thread),
        c.parent.and_then(tuuid),
        c.author.user_id().map(|u| CqlValue::Uuid(u.0)),
        text(c.author.name()),
        text(c.author.email()),
        text(c.body.as_str()),
        text(&c.body_html),
        text(c.state.as_str()),
        text(&c.reason),
        c.edited
            .map(|t| CqlValue::Timestamp(scylla::value::CqlTimestamp(t.timestamp_millis()))),
    ]
}

/// The values of `(site, post_id, THREAD_COLUMNS)` for an approved comment.
fn thread_values(site: &Site, c: &Comment) -> Vec<Option<CqlValue>> {
    let tuuid = |id: CommentId| Some(CqlValue::Timeuuid(CqlTimeuuid::from(id.0)));
    vec![
        Some(CqlValue::Text(site.to_string())),
        Some(CqlValue::Uuid(c.post.id.0)),
        tuuid(c.thread),
        tuuid(c.id),
        c.parent.and_then(tuuid),
        c.author.user_id().map(|u| CqlValue::Uuid(u.0)),
        Some(CqlValue::Text(c.author.name().to_owned())),
        Some(CqlValue::Text(c.body_html.clone())),
        c.edited
            .map(|t| CqlValue::Timestamp(scylla::value::CqlTimestamp(t.timestamp_millis()))),
    ]
}

/// Where a page of a post's approved comments starts: after a position (none: the
/// beginning) continued by the driver's paging state, remembering the last comment shown
/// before it; or, read back, before a comment (or up to and including one).
enum ThreadCursor {
    After {
        bound: Option<(CqlTimeuuid, CqlTimeuuid)>,
        state: PagingState,
        last: Option<(CqlTimeuuid, CqlTimeuuid)>,
    },
    Before(CqlTimeuuid, CqlTimeuuid),
    UpTo(CqlTimeuuid, CqlTimeuuid),
}

fn row_position(row: &ThreadRow) -> (CqlTimeuuid, CqlTimeuuid) {
    (row.thread, row.id)
}

fn thread_cursor_after(
    bound: Option<(CqlTimeuuid, CqlTimeuuid)>,
    state: &PagingState,
    last: Option<(CqlTimeuuid, CqlTimeuuid)>,
) -> String {
    let pair = |p: Option<(CqlTimeuuid, CqlTimeuuid)>| match p {
        Some((thread, id)) => format!("{}.{}", Uuid::from(thread), Uuid::from(id)),
        None => ".".to_owned(),
    };
    let state = state
        .as_bytes_slice()
        .map(|b| crate::domain::token::hex(b))
        .unwrap_or_default();
    format!("a.{}.{state}.{}", pair(bound), pair(last))
}

fn thread_cursor_before(first: &ThreadRow) -> String {
    format!("b.{}.{}", Uuid::from(first.thread), Uuid::from(first.id))
}

fn parse_thread_cursor(cursor: &str) -> Option<ThreadCursor> {
    let parts: Vec<&str> = cursor.split('.').collect();
    let id = |text: &str| CommentId::parse(text).ok().map(|c| CqlTimeuuid::from(c.0));
    let pair = |thread: &str, at: &str| -> Option<Option<(CqlTimeuuid, CqlTimeuuid)>> {
        match (thread, at) {
            ("", "") => Some(None),
            _ => Some(Some((id(thread)?, id(at)?))),
        }
    };
    match parts.as_slice() {
        ["a", thread, at, hex, last_thread, last_at] => {
            let state = if hex.is_empty() {
                PagingState::start()
            } else {
                PagingState::new_from_raw_bytes(crate::domain::token::unhex(hex)?)
            };
            Some(ThreadCursor::After {
                bound: pair(thread, at)?,
                state,
                last: pair(last_thread, last_at)?,
            })
        }
        ["b", thread, at] => Some(ThreadCursor::Before(id(thread)?, id(at)?)),
        ["B", thread, at] => Some(ThreadCursor::UpTo(id(thread)?, id(at)?)),
        _ => None,
    }
}

/// A paging state this cluster did not make is a broken page link, not an outage.
fn paging_error(e: ExecutionError) -> PageError {
    match e {
        ExecutionError::LastAttemptError(RequestAttemptError::DbError(
            DbError::ProtocolError | DbError::Invalid,
            _,
        )) => PageError::BadCursor,
        other => PageError::Store(unavailable(other)),
    }
}

fn decode_rows<T>(result: QueryResult) -> StoreResult<Vec<T>>
where
    T: for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
{
    result
        .into_rows_result()
        .map_err(unavailable)?
        .rows::<T>()
        .map_err(|e| StoreError::Corrupt(e.to_string()))?
        .collect::<Result<_, _>>()
        .map_err(|e| StoreError::Corrupt(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_file_splits_into_idempotent_statements() {
        let statements = schema_statements(SCHEMA);
        let creates = statements
            .iter()
            .filter(|s| s.starts_with("CREATE TABLE IF NOT EXISTS"))
            .count();
        assert_eq!(creates, 45);
        let changes: Vec<&String> = statements.iter().skip(creates).collect();
        assert_eq!(changes.len(), 8);
        assert!(changes.iter().all(|s| (s.starts_with("ALTER TABLE ")
            && s.contains(" ADD IF NOT EXISTS "))
            || s.starts_with("DROP TABLE IF EXISTS")));
        assert!(!statements.iter().any(|s| s.contains("--")));
    }
}

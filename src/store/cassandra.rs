//! The Cassandra (or ScyllaDB) adapter, on the scylla driver.
//!
//! Every statement is prepared once in [`CassandraStore::connect`]. Reads and plain writes
//! run at LOCAL_QUORUM; lightweight transactions use LOCAL_SERIAL. Uniqueness (user names,
//! e-mail addresses, slugs, a site's first administrator) goes through [`Claims`], the
//! multi-row claim protocol of seed 004 described in ARCHITECTURE.md.

use super::{
    FRONT_PAGE_CAP, NewSession, OpenError, Replication, SetupError, Store, StoreError,
    StoreOptions, StoreResult, Taken,
};
use crate::domain::password::PasswordHash;
use crate::domain::post::Body;
use crate::domain::timeuuid;
use crate::domain::user::Login;
use crate::domain::{
    Email, NewPost, NewUser, Post, PostId, PostStatus, PostSummary, Role, Site, Slug, Tags, Title,
    User, UserId, Username,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::DeserializeRow;
use scylla::client::execution_profile::ExecutionProfile;
use scylla::client::session::Session;
use scylla::client::session_builder::SessionBuilder;
use scylla::errors::{DbError, ExecutionError, RequestAttemptError, WriteType};
use scylla::response::query_result::QueryResult;
use scylla::serialize::row::SerializeRow;
use scylla::statement::batch::{Batch, BatchType};
use scylla::statement::prepared::PreparedStatement;
use scylla::statement::{Consistency, SerialConsistency};
use scylla::value::{CqlTimeuuid, CqlValue, Row};
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

/// The schema, applied by `sibyl migrate`.
pub const SCHEMA: &str = include_str!("../../schema.cql");

const POST_COLUMNS: &str = "post_id, slug, title, body, body_html, excerpt, tags, author_id, author_name, status, created, published, revision";
const USER_COLUMNS: &str = "user_id, username, email, display_name, role, password_hash, created";

/// Statements, prepared once at start.
struct Statements {
    claim_insert: PreparedStatement,
    claim_commit: PreparedStatement,
    claim_release: PreparedStatement,
    claim_read_serial: PreparedStatement,
    claim_read: PreparedStatement,
    user_insert: PreparedStatement,
    user_by_id: PreparedStatement,
    session_insert: PreparedStatement,
    session_read: PreparedStatement,
    session_delete: PreparedStatement,
    post_by_id: PreparedStatement,
    post_publish: PreparedStatement,
    post_published_id_serial: PreparedStatement,
    front_page_insert: PreparedStatement,
    front_page_read: PreparedStatement,
    front_page_keys: PreparedStatement,
    front_page_trim: PreparedStatement,
    /// Post row and its first revision, which must agree: a logged batch.
    create_post: Batch,
}

pub struct CassandraStore {
    session: Arc<Session>,
    st: Statements,
    options: StoreOptions,
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
        session.query_unpaged(statement, &[]).await.map_err(fail)?;
    }
    Ok(())
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
        Ok(Self {
            session: Arc::new(session),
            st,
            options,
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

    fn claims(&self) -> Claims<'_> {
        Claims { store: self }
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
            "INSERT INTO {ks}.posts (site, {POST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await?;
        let revision_insert = prepare(
            format!("INSERT INTO {ks}.revisions (site, post_id, locale, branch, revision, title, body, body_html, tags, author_id, created, message)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
        )
        .await?;
        let mut post_published_id_serial = prepare(format!(
            "SELECT published_id FROM {ks}.posts WHERE site = ? AND post_id = ?"
        ))
        .await?;
        post_published_id_serial.set_consistency(Consistency::LocalSerial);
        let mut create_post = Batch::new(BatchType::Logged);
        create_post.append_statement(post_insert);
        create_post.append_statement(revision_insert);
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
            user_insert: prepare(format!("INSERT INTO {ks}.users ({USER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)")).await?,
            user_by_id: prepare(format!("SELECT {USER_COLUMNS} FROM {ks}.users WHERE user_id = ?")).await?,
            session_insert: prepare(
                format!("INSERT INTO {ks}.sessions (key, user_id, created, expires) VALUES (?, ?, ?, ?) USING TTL ?"),
            )
            .await?,
            session_read: prepare(format!("SELECT user_id, expires FROM {ks}.sessions WHERE key = ?")).await?,
            session_delete: prepare(format!("DELETE FROM {ks}.sessions WHERE key = ?")).await?,
            post_by_id: prepare(format!("SELECT {POST_COLUMNS} FROM {ks}.posts WHERE site = ? AND post_id = ?")).await?,
            post_publish: prepare(
                format!("UPDATE {ks}.posts SET status = 'published', published = ?, published_id = ? WHERE site = ? AND post_id = ? IF status = 'draft'"),
            )
            .await?,
            post_published_id_serial,
            front_page_insert: prepare(
                format!("INSERT INTO {ks}.front_page (site, published, post_id, slug, title, excerpt, author_name, tags) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
            )
            .await?,
            front_page_read: prepare(
                format!("SELECT published, post_id, slug, title, excerpt, author_name, tags FROM {ks}.front_page WHERE site = ? LIMIT ?"),
            )
            .await?,
            front_page_keys: prepare(format!("SELECT published FROM {ks}.front_page WHERE site = ? LIMIT ?")).await?,
            front_page_trim: prepare(format!("DELETE FROM {ks}.front_page WHERE site = ? AND published <= ?")).await?,
            create_post,
        })
    }
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

    /// Releases a claim if `owner` still holds it. Never fails the caller's request: a
    /// claim that cannot be released expires by its TTL if it was pending.
    async fn release(&self, scope: &str, name: &str, owner: Uuid) {
        let result = self
            .store
            .session
            .execute_unpaged(&self.store.st.claim_release, (scope, name, owner))
            .await;
        if let Err(e) = result {
            tracing::warn!(scope, name, error = %e, "could not release a claim");
        }
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
fn lwt_applied(result: QueryResult) -> StoreResult<bool> {
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
fn is_cas_uncertain(e: &ExecutionError) -> bool {
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
        })
    }
}

#[derive(DeserializeRow)]
struct FrontPageRow {
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
        let claims = self.claims();
        let owner = admin.id.0;
        let (username, email) = (admin.username.key(), admin.email.key());
        // Always in this order: site, user name, e-mail. Losing a later claim releases the earlier ones.
        if claims.claim(setup_scope(), site.as_str(), owner).await? == Claim::Taken {
            return Err(SetupError::AlreadySetUp);
        }
        let mut held = vec![(setup_scope(), site.as_str().to_owned())];
        let outcome: Result<User, SetupError> = async {
            if claims.claim("username", &username, owner).await? == Claim::Taken {
                return Err(SetupError::Taken(Taken::Username));
            }
            held.push(("username", username.clone()));
            if claims.claim("email", &email, owner).await? == Claim::Taken {
                return Err(SetupError::Taken(Taken::Email));
            }
            held.push(("email", email.clone()));
            self.exec(
                &self.st.user_insert,
                (
                    owner,
                    admin.username.as_str(),
                    admin.email.as_str(),
                    admin.display_name.as_str(),
                    admin.role.as_str(),
                    admin.password_hash.as_str(),
                    admin.created,
                ),
            )
            .await?;
            for (scope, name) in [("username", &username), ("email", &email)] {
                claims.commit(scope, name, owner).await?;
            }
            claims.commit(setup_scope(), site.as_str(), owner).await?;
            Ok(admin.clone().into_user())
        }
        .await;
        if outcome.is_err() {
            for (scope, name) in held.iter().rev() {
                claims.release(scope, name, owner).await;
            }
        }
        outcome
    }

    async fn user(&self, id: UserId) -> StoreResult<Option<User>> {
        self.row::<UserRow>(&self.st.user_by_id, (id.0,))
            .await?
            .map(UserRow::into_user)
            .transpose()
    }

    async fn user_by_login(&self, login: &Login) -> StoreResult<Option<User>> {
        let (scope, key) = match login {
            Login::Username(key) => ("username", key),
            Login::Email(key) => ("email", key),
        };
        match self.claims().owner(scope, key).await? {
            Some((owner, state)) if state == "committed" => self.user(UserId(owner)).await,
            _ => Ok(None),
        }
    }

    async fn create_session(&self, session: &NewSession) -> StoreResult<()> {
        let ttl = (session.expires - session.created).num_seconds().max(1) as i32;
        self.exec(
            &self.st.session_insert,
            (
                session.key.as_slice(),
                session.user_id.0,
                session.created,
                session.expires,
                ttl,
            ),
        )
        .await?;
        Ok(())
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

    async fn create_post(&self, post: NewPost) -> StoreResult<Post> {
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
                base.numbered(rand_u32())
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
                    (
                        site,
                        post.id.0,
                        slug.as_str(),
                        post.title.as_str(),
                        post.body.as_str(),
                        post.body_html.as_str(),
                        post.excerpt.as_str(),
                        &tags,
                        post.author_id.0,
                        post.author_name.as_str(),
                        status.as_str(),
                        post.created,
                        published,
                        1_i32,
                    ),
                    (
                        site,
                        post.id.0,
                        "",
                        1_i32,
                        1_i32,
                        post.title.as_str(),
                        post.body.as_str(),
                        post.body_html.as_str(),
                        &tags,
                        post.author_id.0,
                        post.created,
                        "First version",
                    ),
                ),
            )
            .await
            .map_err(unavailable);
        if let Err(e) = written {
            claims.release(&scope, slug.as_str(), owner).await;
            return Err(e);
        }
        claims.commit(&scope, slug.as_str(), owner).await?;
        if let Some(published_id) = published_id {
            self.exec(
                &self.st.front_page_insert,
                (
                    site,
                    published_id,
                    post.id.0,
                    slug.as_str(),
                    post.title.as_str(),
                    post.excerpt.as_str(),
                    post.author_name.as_str(),
                    &tags,
                ),
            )
            .await?;
            self.trim_front_page(&post.site).await?;
        }
        Ok(Post {
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
        })
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
            self.exec(
                &self.st.front_page_insert,
                (
                    site.as_str(),
                    published_id,
                    id.0,
                    post.slug.as_str(),
                    post.title.as_str(),
                    post.excerpt.as_str(),
                    post.author_name.as_str(),
                    post.tags.to_strings(),
                ),
            )
            .await?;
            self.trim_front_page(site).await?;
        }
        self.post_by_id(site, id).await
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

    async fn front_page(&self, site: &Site, limit: usize) -> StoreResult<Vec<PostSummary>> {
        let limit = limit.min(FRONT_PAGE_CAP) as i32;
        let rows: Vec<FrontPageRow> = self
            .rows(&self.st.front_page_read, (site.as_str(), limit))
            .await?;
        rows.into_iter()
            .map(|row| {
                let published = timeuuid::time_of(Uuid::from(row.published)).ok_or_else(|| {
                    StoreError::Corrupt("front page key is not a time UUID".into())
                })?;
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
}

fn rand_u32() -> u32 {
    let mut bytes = [0u8; 4];
    getrandom::fill(&mut bytes).expect("operating system random source is unavailable");
    u32::from_le_bytes(bytes) % 1_000_000 + 51
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_file_splits_into_create_statements() {
        let statements = schema_statements(SCHEMA);
        assert_eq!(statements.len(), 6);
        assert!(
            statements
                .iter()
                .all(|s| s.starts_with("CREATE TABLE IF NOT EXISTS"))
        );
        assert!(!statements.iter().any(|s| s.contains("--")));
    }
}

//! Repair on Cassandra: every derived row of a site checked against the row it copies
//! (see `store::repair`), streaming: the posts are read a token range at a time and
//! checked [`IN_FLIGHT`] at once, each with point reads of the rows it should have (its
//! lists, claims, links, counters, search texts, moderation rows); then each list's
//! partitions, each row against its post (what no post has, or an old copy of it); then
//! the site's moderation lists, counters, social tables and accounts. What it holds does
//! not grow with the site (a [`Checkpoint`]), and it carries on from one after a crash.

mod accounts;
mod lists;
mod posts;
mod rows;
mod social;
mod statements;

use super::{CassandraStore, unavailable};
use crate::domain::{CommentState, Site, timeuuid};
use crate::store::repair::{Checkpoint, Finding, Repair, RepairReport, Watch};
use crate::store::{FRONT_PAGE_CAP, StoreError, StoreResult};
use async_trait::async_trait;
use futures_util::TryStreamExt;
use scylla::serialize::row::SerializeRow;
use scylla::statement::prepared::PreparedStatement;
use statements::Statements;
use std::collections::HashSet;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// Posts (or lists) checked at once.
const IN_FLIGHT: usize = 32;
/// Rows of one list bucket checked at once.
const ROWS_IN_FLIGHT: usize = 16;
/// How often a repair tells where it could resume from.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(2);
/// Buckets of the lists' indexes already looked at, kept so that each is read once; let
/// go when there are this many (then read again).
const SEEN_BUCKETS: usize = 100_000;

/// The phases of a repair, in order. Those that scan by token resume within the phase;
/// the others, each bounded by the site (not by its posts), start it again.
const PHASES: [&str; 19] = [
    "posts",
    "tags",
    "authors",
    "tag counts",
    "front page",
    "drafts",
    "schedule",
    "pages",
    "moderation",
    "comment counts",
    "follows",
    "followers",
    "favorites",
    "favorite lists",
    "favoriters",
    "favorite counts",
    "accounts",
    "claims",
    "directory",
];

impl CassandraStore {
    /// Every row of a statement prepared once, the driver paging through.
    pub(super) async fn scan_prepared<T>(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<Vec<T>>
    where
        T: 'static + for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        self.scan_kept(statement, values, |_| true).await
    }

    /// The rows of a scan that `keep` keeps, the driver paging through.
    async fn scan_kept<T>(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
        keep: impl Fn(&T) -> bool,
    ) -> StoreResult<Vec<T>>
    where
        T: 'static + for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        use futures_util::StreamExt;
        let mut rows = self
            .session
            .execute_iter(statement.clone(), values)
            .await
            .map_err(unavailable)?
            .rows_stream::<T>()
            .map_err(unavailable)?;
        let mut out = Vec::new();
        while let Some(row) = rows.next().await {
            let row = row.map_err(|e| StoreError::Corrupt(e.to_string()))?;
            if keep(&row) {
                out.push(row);
            }
        }
        Ok(out)
    }
}

/// One repair under way: its statements, what it has got to, and where it reports.
struct Run<'a> {
    store: &'a CassandraStore,
    site: &'a Site,
    fix: bool,
    watch: &'a dyn Watch,
    st: Statements,
    social: social::Statements,
    accounts: accounts::Statements,
    at: Mutex<Checkpoint>,
    told: Mutex<Instant>,
    /// Index buckets ("tag month", "author half month", "hour") already looked at.
    seen: Mutex<HashSet<String>>,
}

/// What checks found, and what they could not check: told (printed and counted) when
/// their turn comes, so that a checkpoint counts what came before it and nothing after.
#[derive(Default)]
pub(super) struct Told {
    findings: Vec<Finding>,
    failures: Vec<String>,
}

impl Told {
    pub(super) fn add(&mut self, other: Told) {
        self.findings.extend(other.findings);
        self.failures.extend(other.failures);
    }
}

impl Run<'_> {
    fn tell(&self, told: Told) {
        for finding in told.findings {
            self.found(finding);
        }
        for what in told.failures {
            self.failed(what);
        }
    }

    fn found(&self, finding: Finding) {
        self.at.lock().unwrap_or_else(|e| e.into_inner()).findings += 1;
        self.watch.found(finding);
    }

    fn failed(&self, what: String) {
        self.at.lock().unwrap_or_else(|e| e.into_inner()).errors += 1;
        self.watch.failed(what);
    }

    /// Whether this is the first look at an index bucket (and so the one that checks it).
    fn first_look(&self, bucket: String) -> bool {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() >= SEEN_BUCKETS {
            seen.clear();
        }
        seen.insert(bucket)
    }

    /// Enters a phase: a point to resume from.
    fn enter(&self, phase: &'static str) {
        let mut at = self.at.lock().unwrap_or_else(|e| e.into_inner());
        at.phase = phase.to_owned();
        at.after = None;
        self.watch.reached(&at);
        *self.told.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }

    /// Everything up to `token` checked: told as a point to resume from now and then.
    fn passed(&self, token: i64) {
        let mut at = self.at.lock().unwrap_or_else(|e| e.into_inner());
        at.after = Some(token);
        let mut told = self.told.lock().unwrap_or_else(|e| e.into_inner());
        if told.elapsed() >= CHECKPOINT_EVERY {
            self.watch.reached(&at);
            *told = Instant::now();
        }
    }

    /// Scans a table's partitions in token order from `from` (a phase's start, or where
    /// it had got to), keeps this site's, checks `IN_FLIGHT` at once with `check`, and
    /// tells what each found and takes in its outcome in token order with `take` (so that
    /// a checkpoint at a token counts exactly what came before it).
    async fn by_token<K, O, F, Fut>(
        &self,
        phase: &'static str,
        statement: &PreparedStatement,
        from: i64,
        check: F,
        take: impl FnMut(&mut Checkpoint, O),
    ) -> StoreResult<()>
    where
        K: 'static + for<'f, 'm> scylla::deserialize::value::DeserializeValue<'f, 'm>,
        F: Fn(K) -> Fut,
        Fut: std::future::Future<Output = (O, Told)>,
    {
        let split = |row: (String, K, i64)| row;
        self.by_token_of(phase, statement, from, split, check, take)
            .await
    }

    /// As [`Run::by_token`], for a table whose partition key has two columns after the
    /// site: (site, key, shard, token).
    async fn by_token_sharded<O, F, Fut>(
        &self,
        phase: &'static str,
        statement: &PreparedStatement,
        from: i64,
        check: F,
    ) -> StoreResult<()>
    where
        F: Fn((Uuid, i32)) -> Fut,
        Fut: std::future::Future<Output = (O, Told)>,
    {
        let split =
            |(site, key, shard, token): (String, Uuid, i32, i64)| (site, (key, shard), token);
        self.by_token_of(phase, statement, from, split, check, |_, _| {})
            .await
    }

    /// As [`Run::by_token`], the rows split into (site, key, token) by `split`.
    async fn by_token_of<R, K, O, F, Fut>(
        &self,
        phase: &'static str,
        statement: &PreparedStatement,
        from: i64,
        split: impl Fn(R) -> (String, K, i64),
        check: F,
        mut take: impl FnMut(&mut Checkpoint, O),
    ) -> StoreResult<()>
    where
        R: 'static + for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
        F: Fn(K) -> Fut,
        Fut: std::future::Future<Output = (O, Told)>,
    {
        let site = self.site.as_str();
        let rows = self
            .store
            .session
            .execute_iter(statement.clone(), (from,))
            .await
            .map_err(unavailable)?
            .rows_stream::<R>()
            .map_err(unavailable)?;
        let mut checks = rows
            .map_err(unavailable)
            .map_ok(split)
            .try_filter(|(s, _, _)| std::future::ready(s == site))
            .map_ok(|(_, key, token)| {
                let check = &check;
                async move { Ok::<_, StoreError>((check(key).await, token)) }
            })
            .try_buffered(IN_FLIGHT);
        let mut done = 0;
        while let Some(((outcome, told), token)) = checks.try_next().await? {
            self.tell(told);
            take(
                &mut self.at.lock().unwrap_or_else(|e| e.into_inner()),
                outcome,
            );
            done += 1;
            self.watch.progress(phase, done);
            self.passed(token);
        }
        Ok(())
    }

    /// Runs the check of one thing that has nothing to take in but its findings (a
    /// partition, an account, a claim), as [`Run::checked`] does.
    async fn checked_one<Fut>(&self, what: impl FnOnce() -> String, check: Fut) -> ((), Told)
    where
        Fut: std::future::Future<Output = StoreResult<Vec<Finding>>>,
    {
        let (_, told) = self
            .checked(what, async {
                match check.await {
                    Ok(findings) => (findings, Ok(())),
                    Err(e) => (Vec::new(), Err(e)),
                }
            })
            .await;
        ((), told)
    }

    /// Runs a phase's checks of one thing: its findings whatever happens, and its
    /// failure as a thing not checked, to be told.
    async fn checked<T, Fut>(&self, what: impl FnOnce() -> String, check: Fut) -> (Option<T>, Told)
    where
        Fut: std::future::Future<Output = (Vec<Finding>, StoreResult<T>)>,
    {
        let (findings, outcome) = check.await;
        let mut told = Told {
            findings,
            failures: Vec::new(),
        };
        match outcome {
            Ok(t) => (Some(t), told),
            Err(e) => {
                told.failures.push(format!("{}: {e}", what()));
                (None, told)
            }
        }
    }
}

/// What the posts' pass takes in from one post.
pub(super) enum PostOutcome {
    /// Not (or no longer) a post of the site.
    Gone,
    Seen(PostSeen),
    /// Not read at all: its counter bucket's sums, and the newest posts, are unknown.
    Unread {
        bucket: usize,
    },
}

pub(super) struct PostSeen {
    /// Whether its checks ran (or only where it is listed was read).
    checked: bool,
    comments: i64,
    bucket: usize,
    by_state: [i64; 5],
    /// Its publication time UUID, when listed.
    listed: Option<Uuid>,
    page: bool,
    id: Uuid,
}

/// A counter bucket whose sums lack a post that could not be checked.
fn unsure(at: &mut Checkpoint, bucket: usize) {
    if !at.unsure.contains(&bucket) {
        at.unsure.push(bucket);
    }
}

/// Adds a listed post to the newest ones, which are kept newest first and to the front
/// page's size.
fn keep_newest(newest: &mut Vec<(Uuid, Uuid)>, published: Uuid, post: Uuid) {
    if newest.iter().any(|(_, p)| *p == post) {
        return;
    }
    let key = |published: Uuid| (timeuuid::time_of(published), published);
    let at = newest.partition_point(|(p, _)| key(*p) > key(published));
    if at < FRONT_PAGE_CAP {
        newest.insert(at, (published, post));
        newest.truncate(FRONT_PAGE_CAP);
    }
}

#[async_trait]
impl Repair for CassandraStore {
    async fn repair_from(
        &self,
        site: &Site,
        fix: bool,
        from: Option<Checkpoint>,
        watch: &dyn Watch,
    ) -> StoreResult<RepairReport> {
        // A repair that fixes may rewrite the front page and the archive's months: what
        // this instance kept of them is read again once it ends.
        let _changing = self.list_memo.changing();
        let buckets = usize::from(super::comments::tallies::BUCKETS);
        let at = match from {
            Some(at) if at.site != site.as_str() || at.fix != fix => {
                return Err(StoreError::Unavailable(format!(
                    "the checkpoint is of a repair of {} ({}), not of this one",
                    at.site,
                    if at.fix { "fixing" } else { "a dry run" }
                )));
            }
            Some(at) if at.sums.len() != buckets || !PHASES.contains(&at.phase.as_str()) => {
                return Err(StoreError::Unavailable(
                    "the checkpoint is not one this version of Sibyl wrote".into(),
                ));
            }
            Some(at) => at,
            None => Checkpoint {
                site: site.to_string(),
                fix,
                phase: PHASES[0].into(),
                sums: vec![[0; 5]; buckets],
                ..Checkpoint::default()
            },
        };
        let resume = (at.phase.clone(), at.after);
        let run = Run {
            store: self,
            site,
            fix,
            watch,
            st: Statements::prepare(self).await?,
            social: social::Statements::prepare(self).await?,
            accounts: accounts::Statements::prepare(self).await?,
            at: Mutex::new(at),
            told: Mutex::new(Instant::now()),
            seen: Mutex::new(HashSet::new()),
        };
        let first = PHASES.iter().position(|p| *p == resume.0).unwrap_or(0);
        for phase in &PHASES[first..] {
            // Within the phase it stopped in, from just after the last token checked.
            let from = match resume.1 {
                Some(after) if *phase == resume.0 => match after.checked_add(1) {
                    Some(from) => from,
                    None => continue,
                },
                _ => i64::MIN,
            };
            if *phase != resume.0 || resume.1.is_none() {
                run.enter(phase);
            }
            match run.phase(phase, from).await {
                Ok(()) => {}
                // A pass over a table the store refuses to read (a partition past the
                // node's tombstone threshold, say) is reported as not checked, and the
                // later passes go on; one that fails on its own reads, as the driver
                // retried them, stops the repair where it can resume.
                Err(StoreError::Unavailable(e))
                    if *phase != PHASES[0] && e.contains("READ_TOO_MANY_TOMBSTONES") =>
                {
                    run.failed(format!("the {phase} pass: {e}"));
                }
                Err(e) => {
                    // Where it got to, to resume from (not the last checkpoint, seconds ago).
                    watch.reached(&run.at.lock().unwrap_or_else(|e| e.into_inner()));
                    return Err(e);
                }
            }
        }
        let at = run.at.into_inner().unwrap_or_else(|e| e.into_inner());
        watch.reached(&Checkpoint {
            phase: "done".into(),
            after: None,
            ..at.clone()
        });
        Ok(RepairReport {
            posts: at.posts,
            comments: at.comments,
            accounts: at.accounts,
            findings: Vec::new(),
            found: at.findings,
            errors: at.errors,
            fixed: fix,
        })
    }
}

impl Run<'_> {
    async fn phase(&self, phase: &'static str, from: i64) -> StoreResult<()> {
        let (store, site, fix) = (self.store, self.site, self.fix);
        match phase {
            "posts" => {
                self.by_token(
                    phase,
                    &self.st.posts_from,
                    from,
                    |id: Uuid| self.check_post(id),
                    |at, seen: PostOutcome| {
                        let seen = match seen {
                            PostOutcome::Gone => return,
                            PostOutcome::Unread { bucket } => {
                                unsure(at, bucket);
                                at.newest_unsure = true;
                                return;
                            }
                            PostOutcome::Seen(seen) => seen,
                        };
                        if !seen.checked {
                            unsure(at, seen.bucket);
                        }
                        at.posts += usize::from(seen.checked);
                        at.comments += seen.comments as usize;
                        for (sum, n) in at.sums[seen.bucket].iter_mut().zip(seen.by_state) {
                            *sum += n;
                        }
                        if let Some(published) = seen.listed {
                            keep_newest(&mut at.newest, published, seen.id);
                        }
                        at.pages += usize::from(seen.page);
                    },
                )
                .await
            }
            "tags" => {
                self.by_token(
                    phase,
                    &self.st.tag_lists_from,
                    from,
                    |tag: String| self.check_tag(tag),
                    |_, ()| {},
                )
                .await
            }
            "authors" => {
                self.by_token(
                    phase,
                    &self.st.author_lists_from,
                    from,
                    |author: Uuid| self.check_author(author),
                    |_, ()| {},
                )
                .await
            }
            "tag counts" => self.check_tag_counts().await,
            "front page" => self.check_front_page().await,
            "drafts" => {
                self.by_token(
                    phase,
                    &self.st.drafts_from,
                    from,
                    |author: Uuid| self.check_drafts(author),
                    |_, ()| {},
                )
                .await
            }
            "schedule" => self.check_schedule().await,
            "pages" => self.check_pages().await,
            "moderation" => self.check_site_moderation().await,
            "comment counts" => {
                let (sums, unsure) = {
                    let at = self.at.lock().unwrap_or_else(|e| e.into_inner());
                    (at.sums.clone(), at.unsure.clone())
                };
                for (bucket, sums) in sums.into_iter().enumerate() {
                    if unsure.contains(&bucket) {
                        self.failed(format!(
                            "the comment counts of bucket {bucket}: not checked, as a post of it could not be"
                        ));
                        continue;
                    }
                    let bucket = bucket as i32;
                    let change = store.settle_bucket(site, bucket, Some(sums), fix).await?;
                    for (state, n) in CommentState::ALL.iter().zip(change) {
                        if n != 0 {
                            self.found(Finding {
                                table: "comment_state_tallies",
                                what: format!(
                                    "bucket {bucket} counted {} comments {} too many; recounted",
                                    -n,
                                    state.as_str()
                                ),
                            });
                        }
                    }
                }
                Ok(())
            }
            "follows" => {
                let s = &self.social;
                let check = |follower: Uuid| self.check_follows(follower);
                self.by_token(phase, &s.follows_from, from, check, |_, ()| {})
                    .await
            }
            "followers" => {
                let check = |key: (Uuid, i32)| self.check_followers(key);
                self.by_token_sharded(phase, &self.social.followers_from, from, check)
                    .await
            }
            "favorites" => {
                let s = &self.social;
                let check = |user: Uuid| self.check_favorites(user);
                self.by_token(phase, &s.favorites_from, from, check, |_, ()| {})
                    .await
            }
            "favorite lists" => {
                let s = &self.social;
                let check = |user: Uuid| self.check_favorite_list(user);
                self.by_token(phase, &s.favorite_lists_from, from, check, |_, ()| {})
                    .await
            }
            "favoriters" => {
                let check = |key: (Uuid, i32)| self.check_favoriters(key);
                self.by_token_sharded(phase, &self.social.favoriters_from, from, check)
                    .await
            }
            "favorite counts" => self.check_favorite_counts(from).await,
            // The accounts are every site's: each row is taken as this site's.
            "accounts" => {
                let here = site.as_str();
                let split =
                    |(id, name, email, token): (Uuid, Option<String>, Option<String>, i64)| {
                        (here.to_owned(), (id, name, email), token)
                    };
                let check = |row: accounts::AccountRow| self.check_account(row);
                let count = |at: &mut Checkpoint, ()| at.accounts += 1;
                self.by_token_of(phase, &self.accounts.users_from, from, split, check, count)
                    .await
            }
            "claims" => {
                let here = site.as_str();
                type Row = (
                    String,
                    String,
                    Option<Uuid>,
                    Option<String>,
                    Option<i64>,
                    i64,
                );
                let split = |(scope, name, owner, state, written, token): Row| {
                    (here.to_owned(), (scope, name, owner, state, written), token)
                };
                let check = |row: accounts::ClaimRow| self.check_claim(row);
                self.by_token_of(
                    phase,
                    &self.accounts.claims_from,
                    from,
                    split,
                    check,
                    |_, ()| {},
                )
                .await
            }
            "directory" => {
                let here = site.as_str();
                let split = |(prefix, token): (String, i64)| (here.to_owned(), prefix, token);
                let check = |prefix: String| self.check_directory(prefix);
                self.by_token_of(
                    phase,
                    &self.accounts.directory_from,
                    from,
                    split,
                    check,
                    |_, ()| {},
                )
                .await
            }
            _ => Err(StoreError::Corrupt(format!("no repair phase {phase}"))),
        }
    }
}

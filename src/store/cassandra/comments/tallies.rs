//! Comment tallies: each post's comments by state and in all (the all-time count bounds
//! a post at `MAX_COMMENTS_PER_POST`), in counters spread over `BUCKETS` partitions per
//! site by the post's id, and the site's comments by state in the same buckets (a
//! bucket's state counts are the sums of its posts' counters). Counters follow the write
//! they count and cannot be made idempotent, so a write that dies between its row and
//! its counters (or whose counter write timed out) is finished by the reconciler, which
//! recounts the post from its comment rows and its bucket's state counts from the
//! bucket's post counters.

use crate::domain::{CommentState, PostId, Site, StateCounts};
use crate::store::cassandra::{CassandraStore, decode_rows, unavailable};
use crate::store::{StoreError, StoreResult};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::response::PagingState;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::Counter;
use uuid::Uuid;

/// Partitions of a site's per-post tallies: a post's bucket follows from its id.
pub(in crate::store::cassandra) const BUCKETS: u8 = PostId::TALLY_BUCKETS;
/// Comment rows read per page when a post is recounted.
const RECOUNT_PAGE: i32 = 1000;

/// A post's bucket: see [`PostId::tally_bucket`].
pub(in crate::store::cassandra) fn bucket_of(post: Uuid) -> i32 {
    i32::from(PostId(post).tally_bucket())
}

pub(in crate::store::cassandra) fn slot(state: CommentState) -> usize {
    CommentState::ALL
        .iter()
        .position(|s| *s == state)
        .unwrap_or_default()
}

/// A post's counts, or a change to them.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(in crate::store::cassandra) struct Tally {
    pub(in crate::store::cassandra) total: i64,
    pub(in crate::store::cassandra) by_state: [i64; 5],
}

impl Tally {
    pub(in crate::store::cassandra) fn minus(self, other: Tally) -> Tally {
        let mut d = Tally {
            total: self.total - other.total,
            ..Tally::default()
        };
        for i in 0..d.by_state.len() {
            d.by_state[i] = self.by_state[i] - other.by_state[i];
        }
        d
    }

    pub(in crate::store::cassandra) fn is_zero(&self) -> bool {
        *self == Tally::default()
    }
}

/// Adds to a post's counters (the change's six counts, then site, bucket, post).
pub(in crate::store::cassandra) fn tally_add_cql(ks: &str) -> String {
    format!(
        "UPDATE {ks}.post_comment_tallies SET total = total + ?, pending = pending + ?, approved = approved + ?, \
         rejected = rejected + ?, spam = spam + ?, deleted = deleted + ? WHERE site = ? AND bucket = ? AND post_id = ?"
    )
}

/// A post's counters.
pub(in crate::store::cassandra) fn tally_read_cql(ks: &str) -> String {
    format!(
        "SELECT total, pending, approved, rejected, spam, deleted FROM {ks}.post_comment_tallies \
         WHERE site = ? AND bucket = ? AND post_id = ?"
    )
}

/// Adds to a bucket's count of one state.
pub(in crate::store::cassandra) fn state_add_cql(ks: &str) -> String {
    format!(
        "UPDATE {ks}.comment_state_tallies SET n = n + ? WHERE site = ? AND shard = ? AND state = ?"
    )
}

/// The state counts of the buckets given.
pub(in crate::store::cassandra) fn states_read_cql(ks: &str) -> String {
    format!("SELECT state, n FROM {ks}.comment_state_tallies WHERE site = ? AND shard IN ?")
}

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    tally_add: PreparedStatement,
    tally_read: PreparedStatement,
    approved_read: PreparedStatement,
    state_add: PreparedStatement,
    states_read: PreparedStatement,
    bucket_states_read: PreparedStatement,
    bucket_tallies: PreparedStatement,
    comment_states: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        let mut comment_states = prepare(format!(
            "SELECT state FROM {ks}.comments WHERE site = ? AND post_id = ?"
        ))
        .await?;
        comment_states.set_page_size(RECOUNT_PAGE);
        Ok(Self {
            tally_add: prepare(tally_add_cql(ks))
            .await?,
            tally_read: prepare(tally_read_cql(ks))
            .await?,
            approved_read: prepare(format!(
                "SELECT post_id, approved, pending FROM {ks}.post_comment_tallies WHERE site = ? AND bucket IN ? AND post_id IN ?"
            ))
            .await?,
            state_add: prepare(state_add_cql(ks))
            .await?,
            states_read: prepare(states_read_cql(ks))
            .await?,
            bucket_states_read: prepare(format!(
                "SELECT state, n FROM {ks}.comment_state_tallies WHERE site = ? AND shard = ?"
            ))
            .await?,
            bucket_tallies: {
                let mut st = prepare(format!(
                    "SELECT pending, approved, rejected, spam, deleted FROM {ks}.post_comment_tallies WHERE site = ? AND bucket = ?"
                ))
                .await?;
                st.set_page_size(RECOUNT_PAGE);
                st
            },
            comment_states,
        })
    }
}

pub(in crate::store::cassandra) type TallyRow = (
    Option<Counter>,
    Option<Counter>,
    Option<Counter>,
    Option<Counter>,
    Option<Counter>,
    Option<Counter>,
);

impl Tally {
    /// A post's tally row as counts (none: no comments counted).
    pub(in crate::store::cassandra) fn of_row(row: Option<TallyRow>) -> Tally {
        let n = |c: Option<Counter>| c.map_or(0, |c| c.0);
        row.map_or_else(Tally::default, |(total, p, a, r, s, d)| Tally {
            total: n(total),
            by_state: [n(p), n(a), n(r), n(s), n(d)],
        })
    }
}

impl CassandraStore {
    /// Counts a comment's move from `from` (`None`: a new comment) to `to`.
    pub(in crate::store::cassandra) async fn count_move(
        &self,
        site: &Site,
        post: PostId,
        from: Option<CommentState>,
        to: CommentState,
    ) -> StoreResult<()> {
        let mut change = Tally::default();
        match from {
            None => change.total = 1,
            Some(from) => change.by_state[slot(from)] -= 1,
        }
        change.by_state[slot(to)] += 1;
        self.add_tally(site, post, change, true).await
    }

    /// Adds `change` to a post's counters and, with `site_too`, to the site's.
    pub(in crate::store::cassandra) async fn add_tally(
        &self,
        site: &Site,
        post: PostId,
        change: Tally,
        site_too: bool,
    ) -> StoreResult<()> {
        if change.is_zero() {
            return Ok(());
        }
        // The counts this instance kept are not used after the change, finished or not.
        let _changing = self.list_memo.changing();
        let s = &change.by_state;
        self.exec(
            &self.tallies.tally_add,
            (
                Counter(change.total),
                Counter(s[0]),
                Counter(s[1]),
                Counter(s[2]),
                Counter(s[3]),
                Counter(s[4]),
                site.as_str(),
                bucket_of(post.0),
                post.0,
            ),
        )
        .await?;
        if !site_too {
            return Ok(());
        }
        let shard = bucket_of(post.0);
        for (state, n) in CommentState::ALL.iter().zip(s) {
            if *n != 0 {
                self.exec(
                    &self.tallies.state_add,
                    (Counter(*n), site.as_str(), shard, state.as_str()),
                )
                .await?;
            }
        }
        Ok(())
    }

    /// A bucket's state counts as its counters have them.
    async fn bucket_states(&self, site: &Site, bucket: i32) -> StoreResult<[i64; 5]> {
        let rows: Vec<(String, Option<Counter>)> = self
            .rows(&self.tallies.bucket_states_read, (site.as_str(), bucket))
            .await?;
        let mut states = [0i64; 5];
        for (state, n) in rows {
            states[slot(CommentState::parse(&state)?)] += n.map_or(0, |c| c.0);
        }
        Ok(states)
    }

    /// The sums of a bucket's post counters by state, a page at a time.
    async fn bucket_sums(&self, site: &Site, bucket: i32) -> StoreResult<[i64; 5]> {
        use std::ops::ControlFlow;
        type Row = (
            Option<Counter>,
            Option<Counter>,
            Option<Counter>,
            Option<Counter>,
            Option<Counter>,
        );
        let n = |c: Option<Counter>| c.map_or(0, |c| c.0);
        let mut sums = [0i64; 5];
        let mut paging = PagingState::start();
        loop {
            let (result, response) = self
                .session
                .execute_single_page(
                    &self.tallies.bucket_tallies,
                    (site.as_str(), bucket),
                    paging,
                )
                .await
                .map_err(unavailable)?;
            for (p, a, r, s, d) in decode_rows::<Row>(result)? {
                for (sum, v) in sums.iter_mut().zip([n(p), n(a), n(r), n(s), n(d)]) {
                    *sum += v;
                }
            }
            match response.into_paging_control_flow() {
                ControlFlow::Continue(next) => paging = next,
                ControlFlow::Break(()) => return Ok(sums),
            }
        }
    }

    /// Brings a bucket's state counts to `expected` (by default the sums of its posts'
    /// counters) with `fix`; returns the difference found, by state. As
    /// [`Self::recount`], the counts are read before and after the sums and the sums
    /// taken again if they moved.
    pub(in crate::store::cassandra) async fn settle_bucket(
        &self,
        site: &Site,
        bucket: i32,
        expected: Option<[i64; 5]>,
        fix: bool,
    ) -> StoreResult<[i64; 5]> {
        for _ in 0..5 {
            let before = self.bucket_states(site, bucket).await?;
            let sums = match expected {
                Some(sums) => sums,
                None => self.bucket_sums(site, bucket).await?,
            };
            let after = self.bucket_states(site, bucket).await?;
            if before != after {
                continue;
            }
            let mut change = [0i64; 5];
            for i in 0..5 {
                change[i] = sums[i] - after[i];
            }
            if fix {
                for (state, n) in CommentState::ALL.iter().zip(change) {
                    if n != 0 {
                        self.exec(
                            &self.tallies.state_add,
                            (Counter(n), site.as_str(), bucket, state.as_str()),
                        )
                        .await?;
                    }
                }
            }
            return Ok(change);
        }
        Err(StoreError::Unavailable(
            "a bucket's comment counts kept changing while they were summed".into(),
        ))
    }

    /// A post's counts as its counters have them.
    pub(in crate::store::cassandra) async fn tally(
        &self,
        site: &Site,
        post: PostId,
    ) -> StoreResult<Tally> {
        let row: Option<TallyRow> = self
            .row(
                &self.tallies.tally_read,
                (site.as_str(), bucket_of(post.0), post.0),
            )
            .await?;
        Ok(Tally::of_row(row))
    }

    /// A post's counts from its comment rows, a page at a time (at most
    /// `MAX_COMMENTS_PER_POST` rows).
    pub(in crate::store::cassandra) async fn counted(
        &self,
        site: &Site,
        post: PostId,
    ) -> StoreResult<Tally> {
        use std::ops::ControlFlow;
        let mut tally = Tally::default();
        let mut paging = PagingState::start();
        loop {
            let (result, response) = self
                .session
                .execute_single_page(
                    &self.tallies.comment_states,
                    (site.as_str(), post.0),
                    paging,
                )
                .await
                .map_err(unavailable)?;
            for (state,) in decode_rows::<(String,)>(result)? {
                tally.total += 1;
                tally.by_state[slot(CommentState::parse(&state)?)] += 1;
            }
            match response.into_paging_control_flow() {
                ControlFlow::Continue(next) => paging = next,
                ControlFlow::Break(()) => return Ok(tally),
            }
        }
    }

    /// Brings a post's counters (and the site's, by the same change) to what its comment
    /// rows say; returns the change made. The counters are read before and after the
    /// rows and the count tried again if they moved, so a comment counted meanwhile is
    /// not counted twice; one landing in the instant between the last read and the
    /// change still can be, which the next recount corrects.
    pub(in crate::store::cassandra) async fn recount(
        &self,
        site: &Site,
        post: PostId,
    ) -> StoreResult<Tally> {
        for _ in 0..5 {
            let before = self.tally(site, post).await?;
            let counted = self.counted(site, post).await?;
            let after = self.tally(site, post).await?;
            if before != after {
                continue;
            }
            let change = counted.minus(after);
            self.add_tally(site, post, change, true).await?;
            return Ok(change);
        }
        Err(StoreError::Unavailable(
            "a post's comments kept changing while they were counted".into(),
        ))
    }

    /// The approved comments of each of `posts` (missing: none): those this instance read
    /// less than `LIST_TTL` ago and changed none since are as it read them (as the front
    /// page's rows: lists' counts, read by every list page), the others read in one
    /// statement.
    pub(in crate::store::cassandra) async fn approved_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>> {
        let kept = || {
            let (known, missing) = self.list_memo.counts(site.as_str(), posts);
            missing.is_empty().then_some(known)
        };
        let read = |start| async move {
            let (mut known, missing) = self.list_memo.counts(site.as_str(), posts);
            let read = self.read_counts(site, &missing, false).await?;
            self.list_memo
                .keep_counts(site.as_str(), start, &missing, &read);
            known.extend(read);
            Ok(known)
        };
        self.list_memo.kept_or_read(site.as_str(), kept, read).await
    }

    /// The approved (or, with `pending`, the pending) comments of each of `posts`
    /// (missing: none), in one statement.
    pub(in crate::store::cassandra) async fn read_counts(
        &self,
        site: &Site,
        posts: &[PostId],
        pending: bool,
    ) -> StoreResult<Vec<(PostId, u64)>> {
        if posts.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<Uuid> = posts.iter().map(|p| p.0).collect();
        let mut buckets: Vec<i32> = ids.iter().map(|id| bucket_of(*id)).collect();
        buckets.sort_unstable();
        buckets.dedup();
        let rows: Vec<(Uuid, Option<Counter>, Option<Counter>)> = self
            .rows(&self.tallies.approved_read, (site.as_str(), buckets, ids))
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, approved, waiting)| {
                let n = if pending { waiting } else { approved };
                (PostId(id), n.map_or(0, |c| c.0).max(0) as u64)
            })
            .collect())
    }

    /// The site's comments by state: every bucket in one statement.
    pub(in crate::store::cassandra) async fn state_counts(
        &self,
        site: &Site,
    ) -> StoreResult<StateCounts> {
        let shards: Vec<i32> = (0..i32::from(BUCKETS)).collect();
        let rows: Vec<(String, Option<Counter>)> = self
            .rows(&self.tallies.states_read, (site.as_str(), shards))
            .await?;
        let mut sums = [0i64; 5];
        for (state, n) in rows {
            sums[slot(CommentState::parse(&state)?)] += n.map_or(0, |c| c.0);
        }
        let mut counts = StateCounts::default();
        for (state, n) in CommentState::ALL.iter().zip(sums) {
            *counts.slot(*state) = n.max(0) as u64;
        }
        Ok(counts)
    }
}

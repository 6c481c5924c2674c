//! Repair: checks every table a site derives from its source rows, and rebuilds what
//! disagrees (`sibyl repair`). The reconciler finishes the writes it knows were begun;
//! repair finds what nothing recorded (a bug, a restore from backup, a hand edit).

use super::StoreResult;
use crate::domain::Site;
use async_trait::async_trait;

/// One thing found out of step with its source rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The derived table (or index) that disagreed.
    pub table: &'static str,
    /// What was wrong, and what repair does (or did) about it.
    pub what: String,
}

/// What a repair looked at and found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RepairReport {
    pub posts: usize,
    pub comments: usize,
    pub accounts: usize,
    pub findings: Vec<Finding>,
    /// How many things were found out of step (whether or not `findings` holds them).
    pub found: usize,
    /// How many things could not be checked.
    pub errors: usize,
    /// Whether the findings were fixed (or only reported).
    pub fixed: bool,
}

/// Where a repair had got to: written as it goes (by `Watch::reached`), so that a repair
/// that stopped (a crash, a node down, ^C) carries on from there (`sibyl repair --resume`)
/// instead of from the first post. What it holds does not grow with the site: the phase,
/// the token a scan had passed, the counts so far, each counter bucket's sums and the
/// newest posts (the front page's `FRONT_PAGE_CAP`).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Checkpoint {
    /// The site repaired.
    pub site: String,
    /// Whether it fixes (or only reports).
    pub fix: bool,
    /// The phase under way (a store's own names; `done` once finished).
    pub phase: String,
    /// In a phase that scans by token, the last token whose rows were all checked.
    pub after: Option<i64>,
    pub posts: usize,
    pub comments: usize,
    pub accounts: usize,
    pub findings: usize,
    pub errors: usize,
    /// The comment counts by state each counter bucket's posts have, from their rows.
    pub sums: Vec<[i64; 5]>,
    /// The newest listed posts seen so far: (publication time UUID, post id), newest first.
    pub newest: Vec<(uuid::Uuid, uuid::Uuid)>,
    /// The site's pages seen so far.
    pub pages: usize,
    /// The counter buckets a post of which could not be checked (their sums lack it).
    #[serde(default)]
    pub unsure: Vec<usize>,
    /// Whether a post could not be read at all (so the newest posts may lack it).
    #[serde(default)]
    pub newest_unsure: bool,
}

/// What a repair tells as it goes: each finding, each thing it could not check (it
/// carries on), how far it is, and where to resume from.
pub trait Watch: Send + Sync {
    fn found(&self, finding: Finding);
    /// A thing that could not be checked (a row that does not parse, a read that failed
    /// after the driver's retries): reported, then the repair goes on.
    fn failed(&self, what: String);
    /// In `phase`, `done` things checked so far.
    fn progress(&self, phase: &'static str, done: u64);
    /// A point a repair could resume from.
    fn reached(&self, checkpoint: &Checkpoint);
}

/// A watch that keeps every finding (for tests and small sites) and ignores the rest.
#[derive(Default)]
pub struct Collect {
    pub findings: std::sync::Mutex<Vec<Finding>>,
    pub failures: std::sync::Mutex<Vec<String>>,
}

impl Watch for Collect {
    fn found(&self, finding: Finding) {
        self.findings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(finding);
    }
    fn failed(&self, what: String) {
        self.failures
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(what);
    }
    fn progress(&self, _: &'static str, _: u64) {}
    fn reached(&self, _: &Checkpoint) {}
}

#[async_trait]
pub trait Repair {
    /// Checks a site's derived tables (lists, tag buckets, counts, links, slug claims)
    /// and every account's claims and directory entry against their source rows; with
    /// `fix`, rebuilds what disagrees. Tells `watch` each finding as it is made, and
    /// where it got to; from `from`, carries on where an earlier run stopped. Reads
    /// every source row of the site: an admin's tool, not a request's. The report's
    /// `findings` are left empty (they went to `watch`); `errors` counts what could not
    /// be checked.
    async fn repair_from(
        &self,
        site: &Site,
        fix: bool,
        from: Option<Checkpoint>,
        watch: &dyn Watch,
    ) -> StoreResult<RepairReport>;

    /// [`Repair::repair_from`] from the start, its findings in the report; fails when
    /// something could not be checked.
    async fn repair(&self, site: &Site, fix: bool) -> StoreResult<RepairReport> {
        let watch = Collect::default();
        let mut report = self.repair_from(site, fix, None, &watch).await?;
        let failures = watch
            .failures
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(first) = failures.first() {
            return Err(super::StoreError::Unavailable(format!(
                "{} things could not be checked, the first: {first}",
                failures.len()
            )));
        }
        report.findings = watch
            .findings
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        Ok(report)
    }
}

/// The intents the reconciler parked (each failed five of its passes), for operators: what
/// each is, since when, how many passes failed it and why, and when it is tried again.
pub fn describe_parked(parked: &[super::Parked]) -> String {
    if parked.is_empty() {
        return "no parked writes\n".into();
    }
    let mut out = format!(
        "{} parked writes (the reconciler failed to finish each {} times or more; it tries again later):\n",
        parked.len(),
        super::intents::PARK_AFTER
    );
    for p in parked {
        out.push_str(&format!(
            "  {} begun {}, {} failed passes, next try {}: {}\n    last error: {}\n",
            p.id.0,
            p.begun.format("%Y-%m-%d %H:%M:%S UTC"),
            p.attempts,
            p.next_try.format("%Y-%m-%d %H:%M:%S UTC"),
            p.record,
            p.error
        ));
    }
    out
}

/// A finding as `sibyl repair` prints it, as it is found.
pub fn describe_finding(finding: &Finding) -> String {
    format!("  {}: {}\n", finding.table, finding.what)
}

/// The report's last line as `sibyl repair` prints it.
pub fn describe(report: &RepairReport) -> String {
    let mut out = format!(
        "checked {} posts, {} comments, {} accounts: ",
        report.posts, report.comments, report.accounts
    );
    let found = report.found.max(report.findings.len());
    if found == 0 {
        out.push_str("nothing to fix");
    } else {
        out.push_str(&format!(
            "{found} {}",
            if report.fixed {
                "fixed"
            } else {
                "to fix (run without --dry-run to fix them)"
            }
        ));
    }
    if report.errors > 0 {
        out.push_str(&format!(
            "; {} things could not be checked (see above)",
            report.errors
        ));
    }
    out.push('\n');
    out
}

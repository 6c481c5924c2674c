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
    /// Whether the findings were fixed (or only reported).
    pub fixed: bool,
}

#[async_trait]
pub trait Repair {
    /// Checks a site's derived tables (lists, tag buckets, counts, links, slug claims)
    /// and every account's claims and directory entry against their source rows; with
    /// `fix`, rebuilds what disagrees. Reads every source row of the site: an admin's
    /// tool, not a request's.
    async fn repair(&self, site: &Site, fix: bool) -> StoreResult<RepairReport>;
}

/// The report as `sibyl repair` prints it.
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

pub fn describe(report: &RepairReport) -> String {
    let mut out = format!(
        "checked {} posts, {} comments, {} accounts: ",
        report.posts, report.comments, report.accounts
    );
    if report.findings.is_empty() {
        out.push_str("nothing to fix\n");
        return out;
    }
    out.push_str(&format!(
        "{} {}\n",
        report.findings.len(),
        if report.fixed {
            "fixed"
        } else {
            "to fix (run without --dry-run to fix them)"
        }
    ));
    for finding in &report.findings {
        out.push_str(&format!("  {}: {}\n", finding.table, finding.what));
    }
    out
}

//! When fetched originals are looked at again: how often the refresher runs, how old a
//! good copy may get before it is revalidated with its origin, and how failed fetches
//! back off until they are given up.

use super::{Original, Status};
use chrono::{DateTime, Utc};
use std::time::Duration;

/// When fetched originals are looked at again.
#[derive(Debug, Clone, Copy)]
pub struct RefreshConfig {
    /// How often a pass runs.
    pub every: Duration,
    /// How old a good copy may get before it is revalidated with its origin.
    pub revalidate_after: Duration,
    /// The first retry's delay; each further one doubles it (at most a day).
    pub retry_after: Duration,
    /// Failed attempts after which a fetch is given up (status ERROR).
    pub max_attempts: u32,
    /// How long one refresher holds an original it revalidates (longer than a fetch
    /// may take); no other refresher looks at it meanwhile.
    pub lease: Duration,
}

impl Default for RefreshConfig {
    fn default() -> Self {
        Self {
            every: Duration::from_secs(300),
            revalidate_after: Duration::from_secs(24 * 3600),
            retry_after: Duration::from_secs(60),
            max_attempts: 5,
            lease: Duration::from_secs(600),
        }
    }
}

impl RefreshConfig {
    /// How long after `attempts` failures the next try is due.
    pub fn backoff(&self, attempts: u32) -> Duration {
        let factor = 1u32 << attempts.saturating_sub(1).min(16);
        self.retry_after
            .saturating_mul(factor)
            .min(Duration::from_secs(24 * 3600))
    }

    /// Whether an original is due to be looked at again.
    pub fn due(&self, original: &Original, at: DateTime<Utc>) -> bool {
        let wait = match original.status {
            Status::Error => return false,
            Status::Retry => self.backoff(original.attempts),
            Status::Ok => self.revalidate_after,
        };
        let since = original.last_checked.unwrap_or(original.created);
        chrono::Duration::from_std(wait).is_ok_and(|wait| since + wait <= at)
    }
}

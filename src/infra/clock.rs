//! The time background jobs go by: the system's, or in tests one that only moves when
//! told to, so that what happens "at" a time is tested without waiting for it.

use chrono::{DateTime, Utc};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;

#[derive(Debug, Clone)]
pub struct Clock(Arc<Kind>);

#[derive(Debug)]
enum Kind {
    System,
    Manual {
        at: Mutex<DateTime<Utc>>,
        moved: Notify,
    },
}

impl Default for Clock {
    fn default() -> Self {
        Self::system()
    }
}

impl Clock {
    pub fn system() -> Self {
        Self(Arc::new(Kind::System))
    }

    /// A clock that reads `at` until [`Clock::advance`] moves it.
    pub fn manual(at: DateTime<Utc>) -> Self {
        Self(Arc::new(Kind::Manual {
            at: Mutex::new(crate::domain::millis_to_time(at.timestamp_millis())),
            moved: Notify::new(),
        }))
    }

    /// Now, at the millisecond precision every store keeps.
    pub fn now(&self) -> DateTime<Utc> {
        match &*self.0 {
            Kind::System => crate::domain::now(),
            Kind::Manual { at, .. } => *at.lock().unwrap_or_else(|e| e.into_inner()),
        }
    }

    /// Moves a manual clock forward and wakes whatever waits on it. The system clock
    /// cannot be moved: a call on it is a mistake of the caller's.
    pub fn advance(&self, by: chrono::Duration) {
        match &*self.0 {
            Kind::System => panic!("the system clock cannot be moved"),
            Kind::Manual { at, moved } => {
                *at.lock().unwrap_or_else(|e| e.into_inner()) += by;
                moved.notify_waiters();
            }
        }
    }

    /// Waits until the clock reads `until`, or at most `cap` of real time (a manual
    /// clock: until it is moved, or `cap`; not at all if it moved since it read `seen`).
    pub async fn sleep_until(&self, until: DateTime<Utc>, seen: DateTime<Utc>, cap: Duration) {
        match &*self.0 {
            Kind::System => {
                let wait = (until - self.now()).to_std().unwrap_or_default().min(cap);
                tokio::time::sleep(wait).await;
            }
            Kind::Manual { moved, .. } => {
                // Listening before looking, so that a move in between is not missed.
                let woken = moved.notified();
                tokio::pin!(woken);
                woken.as_mut().enable();
                let now = self.now();
                if now >= until || now != seen {
                    return;
                }
                let _ = tokio::time::timeout(cap, woken).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_clock_moves_only_when_told_and_wakes_its_sleepers() {
        let start = DateTime::parse_from_rfc3339("2026-11-24T12:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let clock = Clock::manual(start);
        assert_eq!(clock.now(), start);
        let sleeper = {
            let clock = clock.clone();
            tokio::spawn(async move {
                clock
                    .sleep_until(
                        start + chrono::Duration::hours(1),
                        start,
                        Duration::from_secs(600),
                    )
                    .await;
                clock.now()
            })
        };
        tokio::task::yield_now().await;
        assert!(!sleeper.is_finished(), "woke before the clock moved");
        clock.advance(chrono::Duration::hours(1));
        // Moved, the sleeper wakes at once, well before its ten minutes of real time.
        let woke = tokio::time::timeout(Duration::from_secs(10), sleeper)
            .await
            .expect("the sleeper woke when the clock moved")
            .unwrap();
        assert_eq!(woke, start + chrono::Duration::hours(1));
    }
}

//! The background jobs every instance runs, each started and stopped by
//! [`crate::infra::jobs`]: the reconciler, which finishes what a process left half-done,
//! the scheduler, which publishes scheduled drafts, and the newsletter.

pub mod fediverse;
pub mod newsletter;
pub mod reconciler;
pub mod scheduler;

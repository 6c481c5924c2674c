//! What the layers above the domain share and no rule lives in: the runtime background
//! work runs on, the clock background jobs go by, mail over SMTP, the Prometheus
//! registry, logging, the job runner, and giving the allocator's freed memory back.

pub mod allocator;
pub mod background;
pub mod clock;
pub mod jobs;
pub mod mail;
pub mod metrics;
pub mod telemetry;

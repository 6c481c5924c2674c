//! The process's metrics, in the Prometheus text format at `/metrics` (served only to
//! the networks `--metrics-allow` names). One registry per process: an instance serves
//! one site from one store, and Prometheus adds the instance's own label when it scrapes.
//!
//! - `sibyl_http_requests_total{route,method,status}` and
//!   `sibyl_http_request_duration_seconds{route,method}`: by the route's pattern
//!   (`/p/{n}`), never the path, so that the series stay few;
//! - `sibyl_store_statements_total{store,statement}`: statements sent, named by their
//!   verb and table (`SELECT posts`, `INSERT claims IF`, `BATCH`);
//! - `sibyl_store_errors_total{store,kind}`: statements the database failed;
//! - `sibyl_store_speculative_total{store}`: reads sent to a second replica because the
//!   first was slow to answer (Cassandra);
//! - `sibyl_lwt_total{outcome}`: lightweight transactions applied, not applied, or timed
//!   out (Cassandra; SQLite has none);
//! - `sibyl_job_runs_total{job,outcome}`, `sibyl_job_duration_seconds{job}` and
//!   `sibyl_job_last_run_timestamp_seconds{job}`: the background jobs' passes;
//! - `sibyl_mail_total{outcome}`: mail handed to the SMTP server;
//! - `sibyl_intents_parked` and `sibyl_clock_skew_seconds`: the intents the reconciler
//!   parked (failed five passes; `sibyl repair` lists them), and how far this instance's
//!   clock is ahead of the store's (behind when negative), as its last pass saw them;
//! - `process_*`: memory, CPU time, open files (Linux).

use actix_web::http::StatusCode;
use prometheus::{
    Encoder, Gauge, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec,
    Opts, Registry, TextEncoder,
};
use std::collections::HashMap;
use std::sync::LazyLock;
use std::time::Duration;

pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    request_seconds: HistogramVec,
    statements: IntCounterVec,
    store_errors: IntCounterVec,
    speculative: IntCounterVec,
    lwt: IntCounterVec,
    job_runs: IntCounterVec,
    job_seconds: HistogramVec,
    job_last_run: IntGaugeVec,
    mail: IntCounterVec,
    intents_parked: IntGauge,
    clock_skew: Gauge,
    page_cache: IntCounterVec,
    page_cache_bytes: IntGauge,
    said_in_english: IntCounter,
}

/// The outcome of one lightweight transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LwtOutcome {
    Applied,
    NotApplied,
    /// The coordinator timed out: it may or may not have applied (a serial read decides).
    Timeout,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

#[expect(
    clippy::expect_used,
    reason = "the metrics are constants, registered once at start"
)]
fn counter(registry: &Registry, name: &str, help: &str, labels: &[&str]) -> IntCounterVec {
    let vec = IntCounterVec::new(Opts::new(name, help), labels).expect("a valid metric");
    registry
        .register(Box::new(vec.clone()))
        .expect("registered once");
    vec
}

#[expect(
    clippy::expect_used,
    reason = "the metrics are constants, registered once at start"
)]
fn histogram(
    registry: &Registry,
    name: &str,
    help: &str,
    labels: &[&str],
    buckets: Vec<f64>,
) -> HistogramVec {
    let vec = HistogramVec::new(HistogramOpts::new(name, help).buckets(buckets), labels)
        .expect("a valid metric");
    registry
        .register(Box::new(vec.clone()))
        .expect("registered once");
    vec
}

impl Metrics {
    #[expect(
        clippy::expect_used,
        reason = "the metrics are constants, registered once at start"
    )]
    fn new() -> Self {
        let registry = Registry::new();
        #[cfg(target_os = "linux")]
        registry
            .register(Box::new(
                prometheus::process_collector::ProcessCollector::for_self(),
            ))
            .expect("registered once");
        let requests = counter(
            &registry,
            "sibyl_http_requests_total",
            "HTTP requests answered, by route pattern, method and status",
            &["route", "method", "status"],
        );
        let request_seconds = histogram(
            &registry,
            "sibyl_http_request_duration_seconds",
            "Time to answer an HTTP request, by route pattern and method",
            &["route", "method"],
            vec![
                0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                10.0,
            ],
        );
        let statements = counter(
            &registry,
            "sibyl_store_statements_total",
            "Statements sent to the store, by store and statement (verb and table)",
            &["store", "statement"],
        );
        let store_errors = counter(
            &registry,
            "sibyl_store_errors_total",
            "Statements the store failed, by store and kind of failure",
            &["store", "kind"],
        );
        let speculative = counter(
            &registry,
            "sibyl_store_speculative_total",
            "Reads sent to a second replica because the first was slow to answer, by store",
            &["store"],
        );
        let lwt = counter(
            &registry,
            "sibyl_lwt_total",
            "Lightweight transactions by outcome: applied, not_applied, timeout",
            &["outcome"],
        );
        let job_runs = counter(
            &registry,
            "sibyl_job_runs_total",
            "Passes of the background jobs, by job and outcome (ok, failed)",
            &["job", "outcome"],
        );
        let job_seconds = histogram(
            &registry,
            "sibyl_job_duration_seconds",
            "Time a background job's pass took",
            &["job"],
            vec![0.01, 0.05, 0.25, 1.0, 5.0, 30.0, 120.0, 600.0],
        );
        let job_last_run = IntGaugeVec::new(
            Opts::new(
                "sibyl_job_last_run_timestamp_seconds",
                "When a background job's last pass ended, in seconds since the epoch",
            ),
            &["job"],
        )
        .expect("a valid metric");
        registry
            .register(Box::new(job_last_run.clone()))
            .expect("registered once");
        let mail = counter(
            &registry,
            "sibyl_mail_total",
            "Mail handed to the SMTP server, by outcome (sent, failed)",
            &["outcome"],
        );
        let intents_parked = IntGauge::new(
            "sibyl_intents_parked",
            "Intents the reconciler parked after five failed passes (sibyl repair lists them)",
        )
        .expect("a valid metric");
        registry
            .register(Box::new(intents_parked.clone()))
            .expect("registered once");
        let clock_skew = Gauge::new(
            "sibyl_clock_skew_seconds",
            "How far this instance's clock runs ahead of the store's (negative: behind)",
        )
        .expect("a valid metric");
        registry
            .register(Box::new(clock_skew.clone()))
            .expect("registered once");
        let page_cache = counter(
            &registry,
            "sibyl_page_cache_total",
            "The page cache's hits, misses, pages stored and pages evicted to stay within its bytes",
            &["event"],
        );
        let page_cache_bytes = IntGauge::new(
            "sibyl_page_cache_bytes",
            "Bytes the page cache holds (its pages, their headers and keys)",
        )
        .expect("a valid metric");
        registry
            .register(Box::new(page_cache_bytes.clone()))
            .expect("registered once");
        let said_in_english = IntCounter::new(
            "sibyl_messages_said_in_english_total",
            "Messages of the interface said in English because a language's catalog lacks them",
        )
        .expect("a valid metric");
        registry
            .register(Box::new(said_in_english.clone()))
            .expect("registered once");
        Self {
            registry,
            said_in_english,
            requests,
            request_seconds,
            statements,
            store_errors,
            speculative,
            lwt,
            job_runs,
            job_seconds,
            job_last_run,
            mail,
            intents_parked,
            clock_skew,
            page_cache,
            page_cache_bytes,
        }
    }

    /// One event of the page cache: `hit`, `miss`, `stored`, `evicted`.
    pub fn page_cache(&self, event: &str, n: u64) {
        self.page_cache.with_label_values(&[event]).inc_by(n);
    }

    /// The bytes the page cache holds now.
    pub fn page_cache_bytes(&self, bytes: usize) {
        self.page_cache_bytes
            .set(i64::try_from(bytes).unwrap_or(i64::MAX));
    }

    /// What the reconciler's last pass saw: the intents parked, and how far this
    /// instance's clock runs ahead of the store's.
    pub fn reconciled(&self, parked: usize, skew: chrono::TimeDelta) {
        self.intents_parked
            .set(i64::try_from(parked).unwrap_or(i64::MAX));
        self.clock_skew.set(skew.num_milliseconds() as f64 / 1000.0);
    }

    /// Every metric in the Prometheus text format (version 0.0.4).
    pub fn render(&self) -> String {
        // The catalogs count what they lack themselves (they depend on nothing).
        let lacked = crate::i18n::missing_messages();
        self.said_in_english
            .inc_by(lacked.saturating_sub(self.said_in_english.get()));
        let mut out = Vec::new();
        if let Err(e) = TextEncoder::new().encode(&self.registry.gather(), &mut out) {
            tracing::warn!(error = %e, "could not encode the metrics");
        }
        String::from_utf8(out).unwrap_or_default()
    }

    pub fn request(&self, route: &str, method: &str, status: StatusCode, took: Duration) {
        self.requests
            .with_label_values(&[route, method, status.as_str()])
            .inc();
        self.request_seconds
            .with_label_values(&[route, method])
            .observe(took.as_secs_f64());
    }

    /// The counter of one statement, to keep beside it (Cassandra's prepared statements).
    pub fn statement_counter(&self, store: &str, statement: &str) -> IntCounter {
        self.statements.with_label_values(&[store, statement])
    }

    /// One statement sent, named from its text (SQLite's, which are prepared per call):
    /// each thread remembers the counter of the texts it has seen, so a statement is
    /// named once, not at every call.
    pub fn statement(&self, store: &'static str, text: &str) {
        type Seen = HashMap<&'static str, HashMap<Box<str>, IntCounter>>;
        thread_local! {
            static SEEN: std::cell::RefCell<Seen> = std::cell::RefCell::new(HashMap::new());
        }
        /// Texts made at run time could be many: past this, the memory starts again.
        const REMEMBERED: usize = 2048;
        SEEN.with(|seen| {
            let mut seen = seen.borrow_mut();
            let texts = seen.entry(store).or_default();
            if let Some(counter) = texts.get(text) {
                counter.inc();
                return;
            }
            if texts.len() >= REMEMBERED {
                texts.clear();
            }
            let counter = self.statement_counter(store, &statement_name(text));
            counter.inc();
            texts.insert(text.into(), counter);
        });
    }

    pub fn store_error(&self, store: &str, kind: &str) {
        self.store_errors.with_label_values(&[store, kind]).inc();
    }

    pub fn speculative(&self, store: &str) {
        self.speculative.with_label_values(&[store]).inc();
    }

    pub fn lwt(&self, outcome: LwtOutcome) {
        let label = match outcome {
            LwtOutcome::Applied => "applied",
            LwtOutcome::NotApplied => "not_applied",
            LwtOutcome::Timeout => "timeout",
        };
        self.lwt.with_label_values(&[label]).inc();
    }

    pub fn job_pass(&self, job: &str, ok: bool, took: Duration) {
        self.job_runs
            .with_label_values(&[job, if ok { "ok" } else { "failed" }])
            .inc();
        self.job_seconds
            .with_label_values(&[job])
            .observe(took.as_secs_f64());
        self.job_last_run
            .with_label_values(&[job])
            .set(chrono::Utc::now().timestamp());
    }

    pub fn mail(&self, sent: bool) {
        self.mail
            .with_label_values(&[if sent { "sent" } else { "failed" }])
            .inc();
    }
}

/// A statement's name: its verb and first table, without the keyspace (`SELECT posts`,
/// `INSERT comments`, `UPDATE claims IF` for a lightweight transaction).
pub fn statement_name(text: &str) -> String {
    let mut words = text
        .split(|c: char| c.is_whitespace() || c == '(' || c == ',' || c == ';')
        .filter(|w| !w.is_empty());
    let verb = words.next().unwrap_or("?").to_ascii_uppercase();
    let table_after = match verb.as_str() {
        "SELECT" | "DELETE" | "WITH" => Some("FROM"),
        "INSERT" | "REPLACE" => Some("INTO"),
        "UPDATE" => None,
        _ => return verb,
    };
    let table = match table_after {
        None => words.find(|w| !w.eq_ignore_ascii_case("OR") && !is_conflict(w)),
        Some(keyword) => {
            let mut found = None;
            let mut words = words;
            while let Some(w) = words.next() {
                if w.eq_ignore_ascii_case(keyword) {
                    found = words.next();
                    break;
                }
            }
            found
        }
    };
    let table = table
        .map(|t| t.rsplit('.').next().unwrap_or(t).trim_matches('"'))
        .unwrap_or("?");
    let lwt = text
        .split_whitespace()
        .any(|w| w.eq_ignore_ascii_case("IF"));
    if lwt {
        format!("{verb} {table} IF")
    } else {
        format!("{verb} {table}")
    }
}

fn is_conflict(word: &str) -> bool {
    ["IGNORE", "REPLACE", "ABORT", "ROLLBACK", "FAIL"]
        .iter()
        .any(|k| word.eq_ignore_ascii_case(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_are_named_by_verb_and_table() {
        assert_eq!(
            statement_name("SELECT id, title FROM ks.posts WHERE site = ?"),
            "SELECT posts"
        );
        assert_eq!(
            statement_name("INSERT INTO sibyl.claims (scope, name) VALUES (?, ?) IF NOT EXISTS"),
            "INSERT claims IF"
        );
        assert_eq!(
            statement_name("INSERT OR IGNORE INTO deliveries(site, post) VALUES (?1, ?2)"),
            "INSERT deliveries"
        );
        assert_eq!(
            statement_name("UPDATE OR REPLACE users SET name = ?"),
            "UPDATE users"
        );
        assert_eq!(
            statement_name("\n  update ks.\"posts\" set title = ? where id = ? if status = ?"),
            "UPDATE posts IF"
        );
        assert_eq!(
            statement_name("DELETE FROM sessions WHERE id = ?"),
            "DELETE sessions"
        );
        assert_eq!(statement_name("BEGIN IMMEDIATE"), "BEGIN");
        assert_eq!(statement_name(""), "?");
    }

    #[test]
    fn a_statement_seen_again_counts_on_the_same_series() {
        let m = metrics();
        let counter = m.statement_counter("test", "DELETE widgets");
        let before = counter.get();
        let text = String::from("DELETE FROM widgets WHERE id = ?");
        m.statement("test", &text);
        m.statement("test", "DELETE FROM widgets WHERE id = ?");
        m.statement("test", "DELETE FROM gadgets");
        assert_eq!(counter.get(), before + 2);
    }

    #[test]
    fn the_text_format_has_every_family_once_used() {
        let m = metrics();
        m.request("/p/{n}", "GET", StatusCode::OK, Duration::from_millis(3));
        m.statement("sqlite", "SELECT * FROM posts");
        m.lwt(LwtOutcome::Timeout);
        m.job_pass("collector", true, Duration::from_millis(20));
        m.mail(false);
        let text = m.render();
        for line in [
            "sibyl_http_requests_total{method=\"GET\",route=\"/p/{n}\",status=\"200\"}",
            "sibyl_http_request_duration_seconds_bucket{method=\"GET\",route=\"/p/{n}\",le=\"0.005\"}",
            "sibyl_store_statements_total{statement=\"SELECT posts\",store=\"sqlite\"}",
            "sibyl_lwt_total{outcome=\"timeout\"}",
            "sibyl_job_runs_total{job=\"collector\",outcome=\"ok\"}",
            "sibyl_job_last_run_timestamp_seconds{job=\"collector\"}",
            "sibyl_mail_total{outcome=\"failed\"}",
            "# TYPE sibyl_http_request_duration_seconds histogram",
            "process_resident_memory_bytes",
        ] {
            assert!(text.contains(line), "{line} missing from:\n{text}");
        }
    }
}

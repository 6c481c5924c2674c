//! Wires a store and the web layer into a running server.

use crate::domain::Site;
use crate::store::Store;
use crate::web;
use actix_web::dev::Server;
use actix_web::{App, HttpServer};
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct AppConfig {
    pub listen: SocketAddr,
    pub site: Site,
    pub session_ttl: Duration,
    /// How many posts the home page lists.
    pub front_page_size: usize,
    pub rate_limits: web::RateLimits,
    /// Where this host's counter lock file lives (per-host counters).
    pub lock_dir: std::path::PathBuf,
    /// The least time between showing the comment form and sending it: faster is a bot.
    pub comment_min_delay: Duration,
    /// Upload size limits of the binary service.
    pub binary_limits: crate::binaries::BinaryLimits,
    /// The binary collector's schedule; `None` runs no collector in this instance.
    pub collector: Option<crate::binaries::collector::CollectorConfig>,
    /// The reconciler's schedule (finishing writes a dead process left half-done);
    /// `None` runs none in this instance.
    pub reconciler: Option<crate::app::jobs::reconciler::ReconcilerConfig>,
    /// What fetching binaries from URLs may reach, and its caps.
    pub fetch: crate::binaries::fetch::FetchPolicy,
    /// When fetched binaries are revalidated and retried; `None` runs no refresher in
    /// this instance (the schedule's numbers still apply to what it logs).
    pub refresh: Option<crate::binaries::RefreshConfig>,
    /// When the scheduler reads the schedule again at the latest; `None` runs none in
    /// this instance.
    pub scheduler: Option<crate::app::jobs::scheduler::SchedulerConfig>,
    /// The time scheduled posts go by (the system's, except in tests).
    pub clock: crate::infra::clock::Clock,
    /// Where mail goes; `None`: mail is off.
    pub mail: Option<crate::infra::mail::MailConfig>,
    /// When new posts are mailed to subscribers (with mail on); `None` mails none from
    /// this instance.
    pub newsletter: Option<crate::app::jobs::newsletter::NewsletterConfig>,
    /// When activities are delivered to the fediverse at the latest (at once when this
    /// instance queues one); `None` delivers none from this instance.
    pub fediverse: Option<crate::app::jobs::fediverse::FediverseConfig>,
    /// On SIGTERM (or SIGINT), how long requests in flight and background passes may
    /// take to finish before they are cut off.
    pub shutdown_timeout: Duration,
    /// Who may read `/metrics`; nobody when empty.
    pub metrics_allow: Vec<crate::binaries::fetch::Network>,
    /// Proxies in front whose `X-Forwarded-For` names the client (for rate limits and
    /// `/metrics`); none by default.
    pub trusted_proxies: Vec<crate::binaries::fetch::Network>,
    /// Sign-ups make authors rather than readers.
    pub new_accounts_write: bool,
    /// Origins allowed to call the JSON API from a browser.
    pub api_cors_origins: Vec<web::api::CorsOrigin>,
    /// How long the instance trusts what it read of the registry of sites.
    pub sites_recheck: Duration,
    /// Anonymous readers' pages kept between requests, and how often other instances'
    /// changes are looked for.
    pub page_cache: web::page_cache::PageCacheConfig,
    /// Background jobs and errands run on [`crate::infra::background`]'s runtime, below
    /// the requests' priority (a served instance); otherwise on the caller's runtime.
    pub background_below_requests: bool,
}

impl AppConfig {
    /// An instance of `site` run inside another program (the tests, the statement count
    /// of `scripts/bench --scale`): a free loopback port, the default limits, 20 posts on
    /// the home page, sessions of an hour, no least delay before a comment is sent, and no
    /// background jobs (collector, reconciler, refresher, scheduler), by the system's clock.
    pub fn in_process(site: Site, lock_dir: std::path::PathBuf) -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            site,
            session_ttl: Duration::from_secs(3600),
            front_page_size: 20,
            rate_limits: Default::default(),
            lock_dir,
            comment_min_delay: Duration::ZERO,
            binary_limits: Default::default(),
            collector: None,
            reconciler: None,
            fetch: Default::default(),
            refresh: None,
            scheduler: None,
            clock: crate::infra::clock::Clock::system(),
            mail: None,
            newsletter: None,
            fediverse: None,
            shutdown_timeout: Duration::from_secs(30),
            metrics_allow: Vec::new(),
            trusted_proxies: Vec::new(),
            new_accounts_write: false,
            api_cors_origins: Vec::new(),
            sites_recheck: crate::app::sites::REGISTRY_RECHECK,
            page_cache: Default::default(),
            background_below_requests: false,
        }
    }

    /// The part of the configuration the web layer reads, with the instance's jobs.
    pub fn web(&self, jobs: &Arc<crate::infra::jobs::Jobs>) -> web::WebConfig {
        web::WebConfig {
            site: self.site.clone(),
            session_ttl: self.session_ttl,
            front_page_size: self.front_page_size,
            rate_limits: self.rate_limits,
            comment_min_delay: self.comment_min_delay,
            binary_limits: self.binary_limits,
            fetch: self.fetch.clone(),
            refresh: self.refresh.unwrap_or_default(),
            clock: self.clock.clone(),
            mail: self.mail.clone(),
            metrics_allow: self.metrics_allow.clone(),
            trusted_proxies: self.trusted_proxies.clone(),
            new_accounts_write: self.new_accounts_write,
            api_cors_origins: self.api_cors_origins.clone(),
            jobs: Arc::clone(jobs),
            sites_recheck: self.sites_recheck,
            page_cache: self.page_cache,
        }
    }
}

pub struct Application {
    server: Server,
    port: u16,
    scheduler: crate::app::jobs::scheduler::Scheduler,
    jobs: Arc<crate::infra::jobs::Jobs>,
    shutdown_timeout: Duration,
}

impl Application {
    /// Binds the listener (port 0 picks a free one) and builds the server; nothing runs
    /// until [`Application::run_until_stopped`].
    pub fn build(config: AppConfig, store: Arc<dyn Store>) -> std::io::Result<Self> {
        let listener = TcpListener::bind(config.listen)?;
        let port = listener.local_addr()?.port();
        let host_ids =
            crate::store::host_ids::HostIds::for_this_host(Arc::clone(&store), &config.lock_dir)?;
        let jobs = Arc::new(if config.background_below_requests {
            crate::infra::jobs::Jobs::on(crate::infra::background::handle()?)
        } else {
            crate::infra::jobs::Jobs::default()
        });
        if let Some(reconciler) = config.reconciler {
            crate::app::jobs::reconciler::spawn(&jobs, Arc::clone(&store), reconciler);
        }
        if config.reconciler.is_some() {
            // A site's deletion a process left half-done (its command stopped) is
            // finished here, as the reconciler finishes other writes.
            let store = Arc::clone(&store);
            let settle = crate::app::sites::deletion_settles(config.sites_recheck);
            jobs.every("site deletions", Duration::from_secs(60), move |_| {
                let store = Arc::clone(&store);
                async move {
                    crate::app::sites::finish_deletions(store.as_ref(), settle)
                        .await
                        .map(drop)
                        .map_err(|e| e.to_string())
                }
            });
        }
        if let Some(collector) = config.collector {
            crate::binaries::collector::spawn(&jobs, store.binaries(), collector);
        }
        let scheduler = crate::app::jobs::scheduler::Scheduler::default();
        if let Some(every) = config.scheduler {
            scheduler.spawn(
                &jobs,
                Arc::clone(&store),
                config.site.clone(),
                config.clock.clone(),
                every,
            );
        }
        let state = web::AppState::new(
            store,
            &config.web(&jobs),
            Arc::new(host_ids),
            scheduler.clone(),
        )?;
        {
            // What the scheduler published shows here at once: a page joins its site's
            // navigation, and no page kept before it is served.
            let state = state.clone();
            scheduler.on_published(Box::new(move |site| {
                let ctx = state.with_site(&site).ctx();
                Box::pin(async move {
                    ctx.reread_frame().await;
                    ctx.pages_changed_here();
                })
            }));
        }
        // Background fetches (refreshing binaries, deliveries) keep connections of their
        // own, driven by the runtime the jobs run on.
        let fetcher = state.fetcher.for_background();
        if config.refresh.is_some() {
            state.binaries.spawn_refresher(&jobs, fetcher.clone());
        }
        if let Some(newsletter) = config.newsletter
            && state.mailer.is_on()
        {
            let frame = state.clone();
            crate::app::jobs::newsletter::spawn(
                &jobs,
                Arc::clone(&state.store),
                state.mailer.clone(),
                config.site.clone(),
                move |site| {
                    let frame = frame.with_site(&site);
                    Box::pin(async move { frame.identity().await.title.clone() })
                },
                config.clock.clone(),
                newsletter,
            );
        }
        if let Some(fediverse) = config.fediverse {
            let frame = state.clone();
            crate::app::jobs::fediverse::spawn(
                &jobs,
                Arc::clone(&state.store),
                fetcher,
                config.site.clone(),
                move |site| frame.with_site(site).ctx(),
                fediverse,
            );
        }
        // Signals are handled here, not by the server: one SIGTERM stops requests and
        // background jobs together, within one deadline.
        let server = HttpServer::new(move || {
            App::new()
                .wrap(actix_web::middleware::from_fn(web::page_cache::pages))
                .wrap(actix_web::middleware::from_fn(web::sites::choose))
                .wrap(actix_web::middleware::from_fn(web::observe::requests))
                .configure(|cfg| web::configure(cfg, state.clone()))
        })
        .shutdown_timeout(config.shutdown_timeout.as_secs().max(1))
        .disable_signals()
        .listen(listener)?
        .run();
        Ok(Self {
            server,
            port,
            scheduler,
            jobs,
            shutdown_timeout: config.shutdown_timeout,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// This instance's scheduler (idle unless the configuration runs one).
    pub fn scheduler(&self) -> &crate::app::jobs::scheduler::Scheduler {
        &self.scheduler
    }

    /// Stops this instance as SIGTERM does: it stops accepting, lets requests in flight
    /// finish and background jobs end their pass, within the shutdown timeout.
    pub fn stopper(&self) -> Stopper {
        Stopper {
            server: self.server.handle(),
            jobs: Arc::clone(&self.jobs),
            timeout: self.shutdown_timeout,
        }
    }

    /// Stops this instance gracefully on the first SIGTERM or SIGINT (the server, not the
    /// tests that run instances inside themselves).
    pub fn stop_on_signals(&self) {
        let stopper = self.stopper();
        tokio::spawn(async move {
            let signal = termination().await;
            tracing::info!(
                signal,
                "stopping: finishing requests in flight and background passes"
            );
            // A second signal means now.
            tokio::spawn(async {
                let again = termination().await;
                tracing::warn!(signal = again, "stopping at once");
                std::process::exit(130);
            });
            stopper.stop().await;
        });
    }

    /// Serves until stopped (by [`Stopper::stop`], or a signal after
    /// [`Application::stop_on_signals`]).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let served = self.server.await;
        // The server failed, or was stopped: the jobs stop too.
        let stopped = self.jobs.stop(self.shutdown_timeout).await;
        tracing::info!(?stopped, "background jobs stopped");
        served
    }
}

/// What stops an [`Application`] gracefully.
#[derive(Clone)]
pub struct Stopper {
    server: actix_web::dev::ServerHandle,
    jobs: Arc<crate::infra::jobs::Jobs>,
    timeout: Duration,
}

impl Stopper {
    /// Stops accepting, waits for requests in flight and background passes (each within
    /// the shutdown timeout), then lets `run_until_stopped` return.
    pub async fn stop(&self) {
        tokio::join!(self.server.stop(true), self.jobs.stop(self.timeout));
    }
}

/// The name of the first termination signal received.
async fn termination() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let wait = |kind: SignalKind, name: &'static str| async move {
            match signal(kind) {
                Ok(mut s) => {
                    s.recv().await;
                    name
                }
                Err(e) => {
                    tracing::warn!(signal = name, error = %e, "cannot listen for this signal");
                    std::future::pending().await
                }
            }
        };
        tokio::select! {
            name = wait(SignalKind::terminate(), "SIGTERM") => name,
            name = wait(SignalKind::interrupt(), "SIGINT") => name,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}

//! Delivering the activities the sites send to the fediverse: a background job in every
//! instance, woken at once when this process queues one and every
//! [`FediverseConfig::every`] for what other instances queued or what is due again. Each
//! instance works for the sites whose shards it holds (as the newsletter does), and a
//! site whose pass fails is tried again next pass while the others go on. What one pass
//! does is [`crate::app::federation::delivery::deliver_some`].

use crate::app::Ctx;
use crate::app::federation::delivery::{self, QUEUED};
use crate::app::federation::posts;
use crate::binaries::fetch::Fetcher;
use crate::domain::Site;
use crate::store::Store;
use std::sync::Arc;
use std::time::Duration;

/// How often a pass runs at the latest.
#[derive(Debug, Clone, Copy)]
pub struct FediverseConfig {
    pub every: Duration,
    /// How long a post must go unchanged before its `Update` is sent.
    pub settle: Duration,
    /// How long a server may fail every delivery before its deliveries are set aside.
    pub dead_after: Duration,
}

impl Default for FediverseConfig {
    fn default() -> Self {
        Self {
            every: Duration::from_secs(30),
            settle: Duration::from_secs(120),
            dead_after: delivery::DEAD_AFTER,
        }
    }
}

/// Starts the job: `ctx` makes the context of a site.
pub fn spawn(
    jobs: &crate::infra::jobs::Jobs,
    store: Arc<dyn Store>,
    fetcher: Fetcher,
    default_site: Site,
    ctx: impl Fn(&Site) -> Ctx + Send + Sync + 'static,
    config: FediverseConfig,
) {
    let holder = uuid::Uuid::new_v4();
    let lease = crate::app::sites::LEASE_TTL.max(config.every * 3);
    let ctx = Arc::new(ctx);
    jobs.every_or_when("fediverse", config.every, &QUEUED, move |stopping| {
        let (store, fetcher, default_site, ctx) = (
            Arc::clone(&store),
            fetcher.clone(),
            default_site.clone(),
            Arc::clone(&ctx),
        );
        async move {
            let sites = crate::app::sites::sites_to_work_on(
                store.as_ref(),
                &default_site,
                "fediverse",
                holder,
                lease,
            )
            .await
            .map_err(|e| format!("reading the sites to deliver for failed: {e}"))?;
            let mut failed = Vec::new();
            for site in sites {
                if stopping.is_stopping() {
                    break;
                }
                let ctx = ctx(&site);
                // A site kept off the fediverse tells nothing and delivers nothing: what
                // is noted and queued waits until it is back on.
                if ctx.identity().await.fediverse_off {
                    continue;
                }
                // What is queued goes out even when telling about posts failed.
                match posts::tell_followers(&ctx, config.settle).await {
                    Ok(told) if told != posts::Told::default() => {
                        tracing::info!(site = %site, ?told, "posts' followers are told");
                    }
                    Ok(_) => {}
                    Err(e) => failed.push(format!("{site}: {e}")),
                }
                match delivery::deliver_some(&ctx, &fetcher, config.dead_after).await {
                    Ok(pass) => {
                        if pass != delivery::Pass::default() {
                            tracing::info!(site = %site, ?pass, "delivered to the fediverse");
                        }
                    }
                    Err(e) => failed.push(format!("{site}: {e}")),
                }
            }
            if failed.is_empty() {
                Ok(())
            } else {
                Err(format!("delivering failed for {}", failed.join("; ")))
            }
        }
    });
}

//! A deployment of many sites: which site a host asks for, what an instance keeps of each
//! site it serves, and the operator's commands that register, alias and suspend sites.
//!
//! A deployment with no registered site serves the one it is started with (its
//! `--site-url`), whatever the host, as a single blog always has. Once a site is
//! registered, only registered hosts are served: each its own site, its aliases
//! redirecting to it.

use super::memo::SiteMemo;
use crate::domain::{Host, Site, SiteStatus};
use crate::store::sites::{HostEntry, SiteError, SiteRecord};
use crate::store::{Store, StoreResult};
use lru::LruCache;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long an instance trusts what it read of a host (a new alias, a suspension, a
/// new site show within this time on every instance).
pub const REGISTRY_RECHECK: Duration = Duration::from_secs(10);

/// How many hosts an instance keeps what it read of (the hosts asked for most; an
/// unknown host's answer is kept too, so that a flood of them costs reads only as fast
/// as the cache turns over).
const HOSTS_KEPT: usize = 16_384;

/// How many sites an instance keeps copies of at most (identity, navigation, settings,
/// counts, API secret): a kilobyte or two each, up to about 30 KB with a full navigation.
const SITES_KEPT: usize = 4_096;

/// How many bytes the copies of the sites an instance keeps may hold: past it, the least
/// recently used go first. Checked every [`TRIM_EVERY`] sites newly kept (the copies grow
/// as they are read, after they are kept).
const SITES_BUDGET: usize = 16 * 1024 * 1024;

/// How many sites are newly kept between two checks of [`SITES_BUDGET`].
const TRIM_EVERY: usize = 64;

/// What a request's host comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Served {
    /// The site to serve, and whether it is a registered one (whose roles and bans are
    /// its own, [`crate::store::Members`]) rather than the one served while none is.
    Site { site: Site, registered: bool },
    /// An alias: the site's own URL to redirect to.
    Alias(Site),
    /// A registered site that is suspended.
    Suspended(Site),
    /// No site answers to this host.
    Unknown,
}

/// What an instance keeps of one site between reads.
#[derive(Debug, Default)]
pub struct SiteLocal {
    pub memo: Arc<SiteMemo>,
    /// The site's secret for API tokens, once read.
    pub api_secret: Arc<tokio::sync::OnceCell<Vec<u8>>>,
}

/// The registry as one instance sees it: whether it is in use, the hosts it read, and
/// what it keeps of each site. Bounded: least recently used entries go first.
pub struct Directory {
    /// The site served while no site is registered.
    pub default_site: Site,
    /// Set once a registered site is seen; a registry in use stays in use.
    registry: std::sync::atomic::AtomicBool,
    /// When the store last said no site is registered.
    checked_empty: Mutex<Option<Instant>>,
    hosts: Mutex<LruCache<Host, (Instant, Option<HostEntry>)>>,
    locals: Mutex<LruCache<Site, Arc<SiteLocal>>>,
    /// Sites newly kept since the start (every [`TRIM_EVERY`]th checks the budget).
    kept_since: std::sync::atomic::AtomicUsize,
    /// The bytes each site's copies may hold, in all.
    budget: usize,
    recheck: Duration,
}

impl std::fmt::Debug for Directory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Directory")
            .field("default_site", &self.default_site)
            .finish_non_exhaustive()
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Directory {
    pub fn new(default_site: Site, recheck: Duration) -> Self {
        let size = |n: usize| NonZeroUsize::new(n).unwrap_or(NonZeroUsize::MIN);
        Self {
            default_site,
            registry: Default::default(),
            checked_empty: Mutex::new(None),
            hosts: Mutex::new(LruCache::new(size(HOSTS_KEPT))),
            locals: Mutex::new(LruCache::new(size(SITES_KEPT))),
            kept_since: Default::default(),
            budget: SITES_BUDGET,
            recheck,
        }
    }

    /// As [`Directory::new`], with `budget` bytes for the sites' copies.
    pub fn with_budget(default_site: Site, recheck: Duration, budget: usize) -> Self {
        Self {
            budget,
            ..Self::new(default_site, recheck)
        }
    }

    /// How many sites' copies this instance keeps, and about how many bytes they hold.
    pub fn kept_sites(&self) -> (usize, usize) {
        let locals = lock(&self.locals);
        let bytes = locals.iter().map(|(_, l)| l.memo.approx_bytes()).sum();
        (locals.len(), bytes)
    }

    /// Lets the least recently used sites' copies go until the rest fit the budget.
    fn trim(&self, locals: &mut LruCache<Site, Arc<SiteLocal>>) {
        let mut bytes: usize = locals.iter().map(|(_, l)| l.memo.approx_bytes()).sum();
        while bytes > self.budget && locals.len() > 1 {
            match locals.pop_lru() {
                Some((_, gone)) => bytes = bytes.saturating_sub(gone.memo.approx_bytes()),
                None => break,
            }
        }
    }

    /// What this instance keeps of `site`, for a request to it (the site becomes the
    /// most recently used).
    pub fn local(&self, site: &Site) -> Arc<SiteLocal> {
        let mut locals = lock(&self.locals);
        if let Some(local) = locals.get(site) {
            return Arc::clone(local);
        }
        let local = Arc::new(SiteLocal::default());
        locals.put(site.clone(), Arc::clone(&local));
        let kept = self
            .kept_since
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if kept % TRIM_EVERY == TRIM_EVERY - 1 {
            self.trim(&mut locals);
        }
        local
    }

    /// What this instance keeps of `site` for work outside requests (a background job's
    /// pass over every site): its copies if it keeps them, else fresh ones that it does
    /// not keep, so that a pass over 10,000 sites pushes no site readers ask for out.
    pub fn kept(&self, site: &Site) -> Arc<SiteLocal> {
        lock(&self.locals).peek(site).cloned().unwrap_or_default()
    }

    /// Whether the deployment serves registered sites (read again at most every
    /// `recheck` while it does not).
    pub async fn registry_in_use(&self, store: &dyn Store) -> StoreResult<bool> {
        use std::sync::atomic::Ordering;
        if self.registry.load(Ordering::Relaxed) {
            return Ok(true);
        }
        if lock(&self.checked_empty).is_some_and(|at| at.elapsed() < self.recheck) {
            return Ok(false);
        }
        let exists = store.sites_exist().await?;
        if exists {
            self.registry.store(true, Ordering::Relaxed);
        } else {
            *lock(&self.checked_empty) = Some(Instant::now());
        }
        Ok(exists)
    }

    /// The site a request naming `host` is for.
    pub async fn serve(&self, store: &dyn Store, host: &Host) -> StoreResult<Served> {
        if !self.registry_in_use(store).await? {
            return Ok(Served::Site {
                site: self.default_site.clone(),
                registered: false,
            });
        }
        let kept = lock(&self.hosts)
            .get(host)
            .filter(|(at, _)| at.elapsed() < self.recheck)
            .map(|(_, entry)| entry.clone());
        let entry = match kept {
            Some(entry) => entry,
            None => {
                let entry = store.host_entry(host).await?;
                lock(&self.hosts).put(host.clone(), (Instant::now(), entry.clone()));
                entry
            }
        };
        Ok(match entry {
            None => Served::Unknown,
            // A site being deleted is served no more: its host is as good as unknown.
            Some(entry) if entry.record.status == SiteStatus::Deleting => Served::Unknown,
            Some(entry) if entry.record.status == SiteStatus::Suspended => {
                Served::Suspended(entry.record.site)
            }
            Some(entry) if entry.alias => Served::Alias(entry.record.site),
            Some(entry) => Served::Site {
                site: entry.record.site,
                registered: true,
            },
        })
    }
}

/// Every registered site, read a page at a time.
async fn registered_sites(store: &dyn Store) -> StoreResult<Vec<SiteRecord>> {
    let mut sites = Vec::new();
    let mut after = None;
    loop {
        let page = store
            .sites_page(after.as_deref(), crate::store::sites::SITES_PAGE_CAP)
            .await?;
        sites.extend(page.sites);
        match page.next {
            Some(next) => after = Some(next),
            None => return Ok(sites),
        }
    }
}

/// Every site the deployment serves now (the registered live ones, or the one it is
/// started with while none is registered), for the background jobs.
pub async fn served_sites(store: &dyn Store, default_site: &Site) -> StoreResult<Vec<Site>> {
    if !store.sites_exist().await? {
        return Ok(vec![default_site.clone()]);
    }
    Ok(registered_sites(store)
        .await?
        .into_iter()
        .filter(|s| s.status == SiteStatus::Live)
        .map(|s| s.site)
        .collect())
}

/// How long a site's deletion waits, once begun, before erasing its rows: until every
/// instance has read that it is served no more (twice the time an instance trusts what
/// it read of a host), so that no request writes to it while it is erased.
pub fn deletion_settles(recheck: Duration) -> Duration {
    recheck * 2
}

/// How many rows (or partitions) one step of a site's erasing removes at most.
const ERASE_BATCH: usize = 500;

/// What a site's deletion did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Deleted {
    /// Its files' references removed (their originals go to the collector).
    pub files: u64,
    /// Its rows (or partitions) erased.
    pub rows: u64,
}

/// Deletes a registered site, or goes on with a deletion begun before (by a process that
/// stopped): it is served no more at once, its files are released, then, once `settle`
/// has passed since its deletion began, its rows are erased a batch at a time (where the
/// last batch stopped) and its hosts freed. `progress` hears each step (step, steps).
pub async fn delete(
    store: &dyn Store,
    site: &Site,
    settle: Duration,
    progress: &mut (dyn FnMut(u64, u64) + Send),
) -> Result<Deleted, SiteError> {
    let record = store
        .begin_site_deletion(site, crate::domain::now())
        .await?;
    let mut deleted = Deleted::default();
    let binaries = crate::binaries::Binaries::new(store.binaries(), Default::default());
    loop {
        let files = store.binaries().files_of_site(site, None, 100).await?;
        if files.is_empty() {
            break;
        }
        for reference in &files {
            binaries.remove(reference, "its site was deleted").await?;
        }
        deleted.files += files.len() as u64;
    }
    let began = record.deleting.unwrap_or_else(crate::domain::now);
    let waited = (crate::domain::now() - began).to_std().unwrap_or_default();
    if let Some(left) = settle.checked_sub(waited) {
        tokio::time::sleep(left).await;
    }
    loop {
        let erased = store.erase_site_rows(site, ERASE_BATCH).await?;
        deleted.rows += erased.removed;
        progress(erased.step as u64, erased.steps as u64);
        if erased.table.is_none() {
            break;
        }
    }
    store.forget_site(site).await?;
    Ok(deleted)
}

/// Goes on with every deletion of a site that was begun and not finished (its process
/// stopped), once it has settled: the background job of every serving instance. Two
/// instances at it at once do the same idempotent steps.
pub async fn finish_deletions(store: &dyn Store, settle: Duration) -> StoreResult<usize> {
    if !store.sites_exist().await? {
        return Ok(0);
    }
    let mut finished = 0;
    for record in registered_sites(store).await? {
        let Some(began) = record.deleting else {
            continue;
        };
        if (crate::domain::now() - began).to_std().unwrap_or_default() < settle {
            continue;
        }
        match delete(store, &record.site, settle, &mut |_, _| {}).await {
            Ok(deleted) => {
                tracing::info!(site = %record.site, files = deleted.files, rows = deleted.rows, "a deleted site's rows are erased");
                finished += 1;
            }
            Err(SiteError::Store(e)) => return Err(e),
            Err(e) => {
                tracing::warn!(site = %record.site, error = %e, "a site's deletion could not go on")
            }
        }
    }
    Ok(finished)
}

/// The least time an instance holds a background job's shard for: one that stops
/// renewing it (its process died) gives it up within this.
pub const LEASE_TTL: Duration = Duration::from_secs(90);

/// The sites whose `job` work this instance does in this pass: on a deployment of
/// registered sites, the live sites of the shards whose lease `holder` holds (of the
/// shards that go to it among the instances running the job: taking the free ones,
/// renewing its own for `ttl`), so that with several instances each site's work is done
/// by one of them, and the shards are shared evenly; while none is registered, the one site, by every instance (its
/// writes are safe to race, as they were for a single blog).
pub async fn sites_to_work_on(
    store: &dyn Store,
    default_site: &Site,
    job: &str,
    holder: uuid::Uuid,
    ttl: Duration,
) -> StoreResult<Vec<Site>> {
    use crate::store::sites::{WORK_SHARDS, work_shard};
    if !store.sites_exist().await? {
        return Ok(vec![default_site.clone()]);
    }
    // The shards go round the instances running the job, in id order: each takes or
    // renews its own and gives back any other it holds (taken while the instance it goes
    // to was not yet running), so that a new instance gets its share at the next pass of
    // the others, and one that stops leaves the list, and its shards, within `ttl`.
    let holders = store.announce_holder(job, holder, ttl).await?;
    let mut held = Vec::new();
    for shard in 0..WORK_SHARDS {
        let goes_to = holders
            .get(shard as usize % holders.len().max(1))
            .copied()
            .unwrap_or(holder);
        if goes_to != holder {
            store.release_lease(job, shard, holder).await?;
        } else if store.hold_lease(job, shard, holder, ttl).await? {
            held.push(shard);
        }
    }
    if held.is_empty() {
        return Ok(Vec::new());
    }
    Ok(served_sites(store, default_site)
        .await?
        .into_iter()
        .filter(|s| held.contains(&work_shard(s)))
        .collect())
}

/// `sibyl site ...`: runs one command against the store; returns what to print.
pub async fn run(
    store: &dyn Store,
    served_alone: &Site,
    command: crate::config::SiteCommand,
) -> Result<String, String> {
    run_with(
        store,
        served_alone,
        REGISTRY_RECHECK,
        command,
        &mut |_, _| {},
    )
    .await
}

/// As [`run`], with the time instances trust what they read of the registry, and
/// `progress` hearing how far a deletion has come (step, steps).
pub async fn run_with(
    store: &dyn Store,
    served_alone: &Site,
    recheck: Duration,
    command: crate::config::SiteCommand,
    progress: &mut (dyn FnMut(u64, u64) + Send),
) -> Result<String, String> {
    use crate::config::SiteCommand;
    let site_of = |url: &str| Site::parse(url).map_err(|e| e.0);
    let said = |e: SiteError| e.to_string();
    match command {
        SiteCommand::Create { url, admin, email } => {
            create_with(store, served_alone, &url, &admin, email.as_deref()).await
        }
        SiteCommand::List => {
            let mut out = String::new();
            for s in registered_sites(store).await.map_err(|e| e.to_string())? {
                let aliases: Vec<&str> = s.aliases.iter().map(Host::as_str).collect();
                out.push_str(&format!(
                    "{}\t{}\t{}\t{}\n",
                    s.site,
                    s.status.as_str(),
                    s.created.format("%Y-%m-%d"),
                    aliases.join(",")
                ));
            }
            if out.is_empty() {
                out = if store.sites_exist().await.map_err(|e| e.to_string())? {
                    "no site is registered (the last was deleted): no host is served until one is (`sibyl site create URL --admin NAME`)\n".to_owned()
                } else {
                    format!("no site is registered: {served_alone} is served whatever the host\n")
                };
            }
            Ok(out)
        }
        SiteCommand::Alias { url, alias } => {
            let site = site_of(&url)?;
            let alias = Host::named(&alias).map_err(|e| e.0)?;
            if alias == Host::of(&site) {
                return Err(format!(
                    "{alias} is the site's own host, not an alias of it"
                ));
            }
            store.add_alias(&site, &alias).await.map_err(said)?;
            Ok(format!("{alias} now redirects to {site}\n"))
        }
        SiteCommand::Suspend { url } => {
            let site = site_of(&url)?;
            store
                .set_site_status(&site, SiteStatus::Suspended)
                .await
                .map_err(said)?;
            Ok(format!(
                "suspended {site}: its readers are told so (503) within {} seconds; nothing is deleted\n",
                recheck.as_secs()
            ))
        }
        SiteCommand::Delete { url } => {
            let site = site_of(&url)?;
            let started = Instant::now();
            let deleted = delete(store, &site, deletion_settles(recheck), progress)
                .await
                .map_err(said)?;
            Ok(format!(
                "deleted {site}: {} rows and {} files' references removed in {:.1} s; its host and aliases are free\n",
                deleted.rows,
                deleted.files,
                started.elapsed().as_secs_f64()
            ))
        }
        SiteCommand::Resume { url } => {
            let site = site_of(&url)?;
            store
                .set_site_status(&site, SiteStatus::Live)
                .await
                .map_err(said)?;
            Ok(format!("{site} is served again\n"))
        }
    }
}

/// Registers the site of `url` with its first administrator (`admin`: an account's user
/// name or e-mail address), as `sibyl site create` and `/network` do; returns what was
/// done, to tell the operator.
pub async fn create(
    store: &dyn Store,
    served_alone: &Site,
    url: &str,
    admin: &str,
) -> Result<String, String> {
    create_with(store, served_alone, url, admin, None).await
}

/// As [`create`]; with `email`, its first administrator is a new account of that user
/// name and address, its password typed twice on a terminal or read from standard input.
pub async fn create_with(
    store: &dyn Store,
    served_alone: &Site,
    url: &str,
    admin: &str,
    email: Option<&str>,
) -> Result<String, String> {
    let site = Site::parse(url).map_err(|e| e.0)?;
    let failed = |e: crate::store::StoreError| e.to_string();
    if store
        .registered_site(&site)
        .await
        .map_err(failed)?
        .is_some()
    {
        return Err(SiteError::Exists(site).to_string());
    }
    let mut made_account = None;
    let admin = match email {
        None => super::shell_admin::find(store, admin).await?,
        Some(email) => {
            // Everything that can refuse is asked before the account is made.
            let username = crate::domain::Username::parse_chosen(admin).map_err(|e| e.0)?;
            let email = crate::domain::Email::parse_chosen(email).map_err(|e| e.0)?;
            let display_name =
                crate::domain::user::parse_display_name("", &username).map_err(|e| e.0)?;
            if let Some(entry) = store.host_entry(&Host::of(&site)).await.map_err(failed)? {
                return Err(SiteError::HostTaken {
                    host: entry.host,
                    site: entry.record.site,
                }
                .to_string());
            }
            let password = super::shell_admin::read_new_password()?;
            let made = store
                .create_user(crate::domain::NewUser {
                    id: crate::domain::UserId::new(),
                    username,
                    email,
                    display_name,
                    role: crate::domain::Role::Reader,
                    password_hash: super::shell_admin::hash(password).await?,
                    created: crate::domain::now(),
                })
                .await
                .map_err(super::shell_admin::account_error)?;
            made_account = Some(format!(
                "created the account {} <{}>\n",
                made.username.as_str(),
                made.email.as_str()
            ));
            made
        }
    };
    let first = !store.sites_exist().await.map_err(failed)?;
    // A site set up before it is registered (served while none was) brings its
    // accounts, with the roles and bans they had there, as its members: a
    // registered site's roles are its own.
    // (A site brought in by `sibyl import` into a deployment of registered sites has
    // members of its own already: it keeps them.)
    let set_up = store.site_admin(&site).await.map_err(failed)?.is_some()
        && store
            .members_page(&site, None, 1)
            .await
            .map_err(failed)?
            .is_empty();
    let began = crate::domain::now();
    let mut adopted = if set_up {
        adopt(store, &site, None).await.map_err(failed)?
    } else {
        0
    };
    let record = store
        .register_site(&site, admin.id, crate::domain::now())
        .await
        .map_err(|e| e.to_string())?;
    if set_up {
        // Accounts made while the first pass ran.
        let since = began - chrono::Duration::minutes(1);
        adopted += adopt(store, &site, Some(since)).await.map_err(failed)?;
    }
    let mut out = made_account.unwrap_or_default();
    out.push_str(&format!(
        "registered {} (its host: {}), first administrator {}\n",
        record.site,
        Host::of(&record.site),
        admin.username.as_str(),
    ));
    if set_up {
        out.push_str(&format!(
            "its {adopted} accounts are its members, with the roles and bans they had\n"
        ));
    }
    if first && record.site != *served_alone {
        out.push_str(&format!(
            "note: from now on only registered sites are served; {served_alone}, served until now, is not one (register it with `sibyl site create {served_alone} --admin NAME`)\n"
        ));
    }
    Ok(out)
}

/// How many sites a page of `/network` lists.
pub const NETWORK_PAGE: usize = 25;

/// How many of a site's administrators a row of `/network` names.
pub const NETWORK_ADMINS_SHOWN: usize = 5;

/// A site as the network's administrators see it.
#[derive(Debug, Clone)]
pub struct NetworkRow {
    pub record: SiteRecord,
    /// Its administrators' user names, in account order, at most
    /// [`NETWORK_ADMINS_SHOWN`].
    pub admins: Vec<String>,
    /// Whether it has more administrators than those.
    pub more_admins: bool,
    /// Posts and pages ever written there (short numbers taken, drafts and deleted
    /// posts included): one read of its id pool.
    pub posts_written: u64,
    pub comments: crate::domain::comment::StateCounts,
}

/// A page of the registry for `/network`, each site with its administrators and its
/// counts (the page's sites at once), and where the next begins.
pub async fn network_page(
    store: &dyn Store,
    after: Option<&str>,
) -> StoreResult<(Vec<NetworkRow>, Option<String>)> {
    let page = store.sites_page(after, NETWORK_PAGE).await?;
    let rows =
        futures_util::future::try_join_all(page.sites.into_iter().map(|record| async move {
            let mut ids = store
                .site_admins(&record.site, NETWORK_ADMINS_SHOWN + 1)
                .await?;
            let more_admins = ids.len() > NETWORK_ADMINS_SHOWN;
            ids.truncate(NETWORK_ADMINS_SHOWN);
            let admins =
                futures_util::future::try_join_all(ids.into_iter().map(|id| store.user(id)))
                    .await?
                    .into_iter()
                    .flatten()
                    .map(|u| u.username.as_str().to_owned())
                    .collect();
            let pool = store.short_id_pool(&record.site).await?;
            let posts_written = pool
                .iter()
                .enumerate()
                .map(|(slot, next)| {
                    next.saturating_sub(slot as u64 + 1) / crate::store::ID_POOL_SIZE
                })
                .sum();
            let comments = store.comment_state_counts(&record.site).await?;
            Ok::<_, crate::store::StoreError>(NetworkRow {
                record,
                admins,
                more_admins,
                posts_written,
                comments,
            })
        }))
        .await?;
    Ok((rows, page.next))
}

/// Makes every account (made since `since`, if given) a member of `site` with the role
/// and ban it has: how a site served while no site was registered keeps its accounts'
/// standing once registered. Running it again changes nothing (a membership is kept).
/// Returns how many accounts it went through.
async fn adopt(
    store: &dyn Store,
    site: &Site,
    since: Option<chrono::DateTime<chrono::Utc>>,
) -> StoreResult<usize> {
    use futures_util::{StreamExt, TryStreamExt, stream};
    let mut before = None;
    let mut done = 0;
    loop {
        let page = store.newest_users(before, 100).await?;
        let Some(last) = page.last() else {
            return Ok(done);
        };
        before = Some((last.created, last.id));
        let read = page.len();
        let page: Vec<_> = page
            .into_iter()
            .filter(|u| since.is_none_or(|since| u.created >= since))
            .collect();
        // Newest first: past the first account older than `since`, all are.
        let ended = page.len() < read;
        done += page.len();
        stream::iter(page)
            .map(|account| async move {
                store
                    .join_site(site, account.id, account.role, account.created)
                    .await?;
                if account.banned {
                    store
                        .set_membership(site, account.id, None, Some(true), account.created)
                        .await?;
                }
                Ok::<_, crate::store::StoreError>(())
            })
            .buffer_unordered(16)
            .try_collect::<Vec<()>>()
            .await?;
        if ended {
            return Ok(done);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::memo::SiteFrame;

    #[test]
    fn the_sites_copies_are_kept_within_their_budget() {
        let site = |i: usize| Site::parse(&format!("https://s{i}.example")).unwrap();
        let frame = || {
            let mut frame = SiteFrame::default();
            frame.identity.title = "t".repeat(80);
            frame.identity.description = "d".repeat(300);
            frame.pages = (0..10)
                .map(|i| crate::app::memo::NavLink {
                    title: format!("A page of the site, number {i}"),
                    url: format!("/pages/page-{i}"),
                })
                .collect();
            frame
        };
        let one = {
            let memo = SiteMemo::default();
            memo.keep_frame(frame());
            memo.approx_bytes()
        };
        assert!(one > 1_000, "{one}");
        let budget = 40 * one;
        let directory = Directory::with_budget(site(0), REGISTRY_RECHECK, budget);
        for i in 0..1_000 {
            directory.local(&site(i)).memo.keep_frame(frame());
        }
        let (kept, bytes) = directory.kept_sites();
        assert!(kept < 1_000, "every site is kept: {kept}");
        // Trimmed every TRIM_EVERY new sites: over the budget by those at most.
        assert!(bytes <= budget + TRIM_EVERY * one, "{bytes} > {budget}");
        // The least recently used went, the last asked for stays.
        let last = lock(&directory.locals).peek(&site(999)).is_some();
        assert!(last);
        assert!(lock(&directory.locals).peek(&site(0)).is_none());
    }
}

use sibyl::config::Command;
use sibyl::startup::{AppConfig, Application};
use sibyl::store::{self, StoreOptions};
use std::process::ExitCode;
use std::time::Duration;

/// mimalloc instead of the system allocator: a page is built from many small strings,
/// and the profile of the home page under load spent a sixth of its time in glibc's
/// malloc and free (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    // Where the system gives transparent huge pages to every mapping (not only to those
    // that ask, which mimalloc no longer does), a 2 MiB page would still back a few small
    // allocations: the process goes without them. Nothing depends on it succeeding.
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
    let cli = sibyl::config::parse();
    let settings = cli.settings;
    if let Err(e) = sibyl::infra::telemetry::init(&settings.log, settings.log_format) {
        eprintln!("sibyl: {e}");
        return ExitCode::from(2);
    }
    let outcome = match cli.command.unwrap_or(Command::Serve) {
        Command::Migrate { replication } => store::migrate(&settings.store, replication.as_ref())
            .await
            .map(|()| tracing::info!(store = ?settings.store, "schema is up to date"))
            .map_err(|e| e.to_string()),
        Command::Reconcile => reconcile(&settings).await,
        Command::Limits => {
            println!("{}", sibyl::app::limits::limits_json());
            Ok(())
        }
        Command::Catalog { file } => catalog(&file),
        Command::Repair {
            dry_run,
            resume,
            checkpoint,
        } => {
            let repaired = repair(&settings, !dry_run, resume, &checkpoint).await;
            if dry_run {
                repaired
            } else {
                pages_changed(&settings, repaired).await
            }
        }
        Command::User { command } => pages_changed(&settings, user(&settings, command).await).await,
        Command::Site { command } => site(&settings, command).await,
        Command::Fediverse { command } => {
            pages_changed(&settings, fediverse(&settings, command).await).await
        }
        Command::Export {
            dir,
            with_password_hashes,
        } => export(&settings, &dir, with_password_hashes).await,
        Command::Import { from } => pages_changed(&settings, import(&settings, from).await).await,
        Command::Serve => serve(settings).await,
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sibyl: {e}");
            ExitCode::FAILURE
        }
    }
}

/// After a command that may have changed what the site's pages show (even one that
/// failed part of the way): the change is counted, so that every instance's page cache
/// renders the site's pages again at its next recheck.
async fn pages_changed(
    settings: &sibyl::config::Settings,
    outcome: Result<(), String>,
) -> Result<(), String> {
    match open_store(settings).await {
        Ok(store) => {
            sibyl::app::page_cache::count_change(store.as_ref(), &settings.site_url).await;
        }
        Err(e) => {
            tracing::warn!(error = %e, "the change could not be counted for the instances' page caches")
        }
    }
    outcome
}

/// The configured store, as every command but `migrate` opens it.
async fn open_store(
    settings: &sibyl::config::Settings,
) -> Result<std::sync::Arc<dyn sibyl::store::Store>, String> {
    let options = StoreOptions {
        local_dc: settings.cassandra_local_dc.clone(),
        ..StoreOptions::default()
    };
    store::open(&settings.store, options)
        .await
        .map_err(|e| e.to_string())
}

/// One reconciler pass by hand, for the writes begun before the grace period.
async fn reconcile(settings: &sibyl::config::Settings) -> Result<(), String> {
    let store = open_store(settings).await?;
    let grace = sibyl::app::jobs::reconciler::ReconcilerConfig::default().grace;
    let report = sibyl::app::jobs::reconciler::pass(store.as_ref(), sibyl::domain::now(), grace)
        .await
        .map_err(|e| e.to_string())?;
    println!(
        "finished {} unfinished writes, undid {}, could not finish {}, parked {}",
        report.completed, report.undone, report.failed, report.parked
    );
    if report.parked > 0 {
        println!("sibyl repair --dry-run lists the parked writes");
    }
    if report.failed > 0 {
        return Err("some writes could not be finished; run again later".into());
    }
    Ok(())
}

/// `sibyl repair`: prints what disagreed as it is found, its progress on a terminal, and
/// fails when a dry run found anything or something could not be checked. Writes where
/// it has got to into `checkpoint` as it goes, and carries on from there with `resume`.
async fn repair(
    settings: &sibyl::config::Settings,
    fix: bool,
    resume: bool,
    checkpoint: &std::path::Path,
) -> Result<(), String> {
    let from = if resume {
        let text = std::fs::read_to_string(checkpoint).map_err(|e| {
            format!(
                "no checkpoint to resume from in {}: {e}",
                checkpoint.display()
            )
        })?;
        let at: store::repair::Checkpoint = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a repair's checkpoint: {e}", checkpoint.display()))?;
        eprintln!(
            "resuming in the {} phase, {} posts and {} findings in",
            at.phase, at.posts, at.findings
        );
        Some(at)
    } else {
        None
    };
    let store = open_store(settings).await?;
    let watch = RepairWatch {
        checkpoint: checkpoint.to_owned(),
        bar: std::sync::Mutex::new(progress_bar("repairing")),
        warned: std::sync::atomic::AtomicBool::new(false),
    };
    let report = store
        .repair_from(&settings.site_url, fix, from, &watch)
        .await
        .map_err(|e| {
            format!(
                "{e}\nthe repair stopped; sibyl repair --resume{} carries on where it got to",
                if fix { "" } else { " --dry-run" }
            )
        })?;
    eprintln!();
    print!("{}", store::repair::describe(&report));
    let _ = std::fs::remove_file(checkpoint);
    let parked = store.parked().await.map_err(|e| e.to_string())?;
    print!("{}", store::repair::describe_parked(&parked));
    if report.errors > 0 {
        return Err(format!("{} things could not be checked", report.errors));
    }
    if !fix && report.found > 0 {
        return Err(format!("{} things to fix", report.found));
    }
    Ok(())
}

/// What `sibyl repair` does with what a repair tells as it goes.
struct RepairWatch<F> {
    checkpoint: std::path::PathBuf,
    bar: std::sync::Mutex<F>,
    warned: std::sync::atomic::AtomicBool,
}

impl<F: FnMut(u64, u64, &'static str) + Send> store::repair::Watch for RepairWatch<F> {
    fn found(&self, finding: store::repair::Finding) {
        print!("{}", store::repair::describe_finding(&finding));
    }
    fn failed(&self, what: String) {
        eprintln!("\ncould not check {what}");
    }
    fn progress(&self, phase: &'static str, done: u64) {
        (self.bar.lock().unwrap_or_else(|e| e.into_inner()))(done, 0, phase);
    }
    fn reached(&self, checkpoint: &store::repair::Checkpoint) {
        // Written whole then renamed: a crash leaves the last checkpoint, not half of one.
        let written = serde_json::to_string(checkpoint)
            .map_err(|e| e.to_string())
            .and_then(|json| {
                let part = self.checkpoint.with_extension("part");
                std::fs::write(&part, json)
                    .and_then(|()| std::fs::rename(&part, &self.checkpoint))
                    .map_err(|e| e.to_string())
            });
        if let Err(e) = written
            && !self.warned.swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            eprintln!(
                "\ncould not write the checkpoint {}: {e} (the repair goes on; --resume will not)",
                self.checkpoint.display()
            );
        }
    }
}

/// `sibyl user ...`: prints what was done.
async fn user(
    settings: &sibyl::config::Settings,
    command: sibyl::config::UserCommand,
) -> Result<(), String> {
    let store = open_store(settings).await?;
    let said = sibyl::app::shell_admin::run(store.as_ref(), &settings.site_url, command).await?;
    print!("{said}");
    Ok(())
}

/// `sibyl fediverse ...`: prints what was done.
async fn fediverse(
    settings: &sibyl::config::Settings,
    command: sibyl::config::FediverseCommand,
) -> Result<(), String> {
    let store = open_store(settings).await?;
    let said =
        sibyl::app::federation::key_rotation::run(store, &settings.site_url, command).await?;
    print!("{said}");
    Ok(())
}

/// `sibyl site ...`: prints what was done.
async fn site(
    settings: &sibyl::config::Settings,
    command: sibyl::config::SiteCommand,
) -> Result<(), String> {
    let store = open_store(settings).await?;
    let mut bar = progress_bar("erasing");
    let said = sibyl::app::sites::run_with(
        store.as_ref(),
        &settings.site_url,
        Duration::from_secs(u64::from(settings.sites_recheck_secs)),
        command,
        &mut |step, steps| bar(step, steps, "tables"),
    )
    .await?;
    print!("{said}");
    Ok(())
}

/// A progress bar on a terminal (nothing elsewhere), redrawn in place at most ten times
/// a second: how many of how many, or how many while the total is not known.
fn progress_bar(doing: &'static str) -> impl FnMut(u64, u64, &'static str) {
    use std::io::{IsTerminal, Write};
    let terminal = std::io::stderr().is_terminal();
    let mut drawn: Option<std::time::Instant> = None;
    move |done, total, what| {
        let last = total > 0 && done >= total;
        if !terminal || (!last && drawn.is_some_and(|d| d.elapsed() < Duration::from_millis(100))) {
            return;
        }
        drawn = Some(std::time::Instant::now());
        const WIDTH: u64 = 30;
        let done_of_total = done.min(total);
        match (done_of_total * WIDTH).checked_div(total) {
            None => eprint!("\r{doing}: {done} {what}\x1b[K"),
            Some(filled) => eprint!(
                "\r{doing} {what} [{}{}] {done}/{total} ({}%)\x1b[K",
                "#".repeat(filled as usize),
                "-".repeat((WIDTH - filled) as usize),
                done_of_total * 100 / total
            ),
        }
        let _ = std::io::stderr().flush();
    }
}

fn summary(counts: &sibyl::backup::Counts) -> String {
    format!(
        "{} accounts, {} posts and pages ({} revisions, {} translations), {} comments",
        counts.users, counts.posts, counts.revisions, counts.translations, counts.comments
    )
}

/// `sibyl export DIR`.
async fn export(
    settings: &sibyl::config::Settings,
    dir: &std::path::Path,
    with_hashes: bool,
) -> Result<(), String> {
    let store = open_store(settings).await?;
    let mut progress = progress_bar("exporting");
    let manifest = sibyl::backup::export::export(
        store.as_ref(),
        &settings.site_url,
        dir,
        with_hashes,
        &mut progress,
    )
    .await
    .map_err(|e| e.to_string())?;
    eprintln!();
    println!(
        "exported {} into {}: {}",
        manifest.site,
        dir.display(),
        summary(&manifest.counts)
    );
    Ok(())
}

/// `sibyl import ...`.
async fn import(
    settings: &sibyl::config::Settings,
    from: sibyl::config::ImportFrom,
) -> Result<(), String> {
    let store = open_store(settings).await?;
    match from {
        sibyl::config::ImportFrom::Sibyl { dir } => {
            if let Ok(text) = std::fs::read_to_string(dir.join(sibyl::backup::MANIFEST))
                && let Ok(manifest) = serde_json::from_str::<serde_json::Value>(&text)
                && let Some(from) = manifest.get("site").and_then(|s| s.as_str())
                && from != settings.site_url.as_str()
            {
                eprintln!(
                    "sibyl: the export is of {from}; it is imported as {} (--site-url)",
                    settings.site_url
                );
            }
            let mut progress = progress_bar("importing");
            let counts = sibyl::backup::restore::restore(
                store.as_ref(),
                &settings.site_url,
                &dir,
                &mut progress,
            )
            .await
            .map_err(|e| format!("the import stopped: {e}"))?;
            eprintln!();
            println!("imported into {}: {}", settings.site_url, summary(&counts));
        }
        sibyl::config::ImportFrom::Wordpress { file } => {
            let text = read_export(&file)?;
            let blog = sibyl::backup::wordpress::read(&text, &settings.site_url)
                .map_err(|e| format!("{}: {e}", file.display()))?;
            move_in(settings, store.as_ref(), blog).await?;
        }
        sibyl::config::ImportFrom::Ghost { file, from } => {
            let text = read_export(&file)?;
            let blog = sibyl::backup::ghost::read(&text, &settings.site_url, from.as_ref())
                .map_err(|e| format!("{}: {e}", file.display()))?;
            move_in(settings, store.as_ref(), blog).await?;
        }
    }
    Ok(())
}

/// Another engine's export, read whole (it is checked whole before anything is written).
fn read_export(file: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))
}

/// Writes a blog read from another engine, fetching its files as `PUT /binaries` does,
/// and prints the report.
async fn move_in(
    settings: &sibyl::config::Settings,
    store: &dyn sibyl::store::Store,
    blog: sibyl::backup::moving_in::Blog,
) -> Result<(), String> {
    use sibyl::backup::moving_in::{Files, move_in};
    let engine = blog.engine;
    let binaries = sibyl::binaries::Binaries::new(store.binaries(), settings.binary_limits());
    let fetcher = sibyl::binaries::fetch::Fetcher::new(settings.fetch_policy()?)
        .map_err(|e| e.to_string())?;
    let files = Files {
        binaries: &binaries,
        fetcher: &fetcher,
    };
    let mut progress = progress_bar("importing");
    let report = move_in(store, &settings.site_url, &files, blog, &mut progress)
        .await
        .map_err(|e| format!("the import stopped: {e} (run it again to go on)"))?;
    eprintln!();
    println!(
        "imported from {engine} into {}:\n{}",
        settings.site_url,
        report.describe()
    );
    Ok(())
}

/// `sibyl catalog FILE`: what is wrong with a catalog, against English.
fn catalog(file: &std::path::Path) -> Result<(), String> {
    let source = std::fs::read_to_string(file)
        .map_err(|e| format!("{} cannot be read: {e}", file.display()))?;
    let comparison = sibyl::i18n::compare(&source)
        .map_err(|errors| format!("{} does not parse: {}", file.display(), errors.join("; ")))?;
    for id in &comparison.missing {
        println!("lacks {id} (said in English)");
    }
    for error in &comparison.errors {
        println!("error: {error}");
    }
    if comparison.errors.is_empty() {
        println!(
            "{}: usable, {} messages said in English",
            file.display(),
            comparison.missing.len()
        );
        Ok(())
    } else {
        Err(format!(
            "{}: {} errors",
            file.display(),
            comparison.errors.len()
        ))
    }
}

async fn serve(settings: sibyl::config::Settings) -> Result<(), String> {
    if let Some(dir) = &settings.locales {
        let added = sibyl::i18n::install(dir).map_err(|e| e.to_string())?;
        tracing::info!(languages = ?added, "the interface speaks the folder's catalogs too");
    }
    let fetch = settings.fetch_policy()?;
    let store = open_store(&settings).await?;
    let mail = settings.mail();
    let config = AppConfig {
        listen: settings.listen,
        site: settings.site_url.clone(),
        session_ttl: Duration::from_secs(u64::from(settings.session_hours) * 3600),
        front_page_size: usize::from(settings.front_page_size),
        rate_limits: Default::default(),
        lock_dir: settings.lock_dir.clone(),
        comment_min_delay: Duration::from_secs(u64::from(settings.comment_min_delay_secs)),
        binary_limits: settings.binary_limits(),
        collector: (!settings.no_background).then(Default::default),
        // Safe in every instance at once: finishing a write is idempotent.
        reconciler: Some(Default::default()),
        fetch,
        refresh: (!settings.no_background).then(Default::default),
        // Safe in every instance at once too: a scheduled post is published once.
        scheduler: Some(Default::default()),
        clock: sibyl::infra::clock::Clock::system(),
        mail,
        // Safe in every instance at once too: each delivery is claimed before it is sent.
        newsletter: Some(Default::default()),
        // Safe in every instance at once too: each attempt is claimed before it is sent.
        fediverse: Some(Default::default()),
        shutdown_timeout: Duration::from_secs(u64::from(settings.shutdown_timeout_secs)),
        metrics_allow: settings.metrics_allow.clone(),
        trusted_proxies: settings.trusted_proxies.clone(),
        new_accounts_write: settings.new_accounts_write,
        api_cors_origins: settings.api_cors_origins.clone(),
        sites_recheck: Duration::from_secs(u64::from(settings.sites_recheck_secs)),
        page_cache: sibyl::web::page_cache::PageCacheConfig {
            bytes: usize::try_from(settings.page_cache_bytes).unwrap_or(usize::MAX),
            recheck: Duration::from_millis(u64::from(settings.page_cache_recheck_ms)),
        },
        background_below_requests: true,
    };
    let app = Application::build(config.clone(), store)
        .map_err(|e| format!("cannot serve on {}: {e}", settings.listen))?;
    tracing::info!(
        "serving {} on http://{}:{}",
        config.site,
        settings.listen.ip(),
        app.port()
    );
    app.stop_on_signals();
    app.run_until_stopped().await.map_err(|e| e.to_string())
}

//! The command line. Every flag can also be set by a `SIBYL_*` environment variable, or
//! in a TOML file named by `--config`: a flag wins over its variable, which wins over the
//! file, which wins over the default.

pub mod reference;

use crate::domain::Site;
use crate::store::{Replication, StoreUrl};
use clap::{Args, Parser, Subcommand};
use std::net::SocketAddr;

#[derive(Debug, Parser)]
#[command(
    name = "sibyl",
    version,
    about = "Sibyl: a server-rendered blog engine stored in Apache Cassandra or an embedded SQLite file",
    long_about = "Sibyl serves a blog: a home page, posts, and an editor for authors.\n\n\
        With no command it serves. The default store is an SQLite file under ./data/, created on\n\
        first start. For Cassandra or ScyllaDB, run `sibyl migrate --store cassandra://...` once,\n\
        then `sibyl serve --store cassandra://...`.\n\n\
        A fresh site asks its first visitor to create the administrator account at /setup."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub settings: Settings,
}

#[derive(Debug, Clone, Args)]
pub struct Settings {
    /// A TOML file of settings, named as the flags are (`site-url = "https://..."`,
    /// `fetch-allow = ["10.0.0.0/8"]`, `no-background = true`); flags and SIBYL_*
    /// variables override it
    #[arg(long, env = "SIBYL_CONFIG", global = true)]
    pub config: Option<std::path::PathBuf>,

    /// Where the data lives: sqlite:PATH or cassandra://HOST:PORT[,HOST:PORT]/KEYSPACE
    #[arg(
        long,
        env = "SIBYL_STORE",
        default_value = "sqlite:./data/sibyl.db",
        global = true
    )]
    pub store: StoreUrl,

    /// Address and port to listen on
    #[arg(
        long,
        env = "SIBYL_LISTEN",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub listen: SocketAddr,

    /// The site's canonical base URL; every record is keyed by it, and https:// makes
    /// cookies Secure. With many sites, the one a command is for (`--site` too: `sibyl
    /// export DIR --site URL`)
    #[arg(
        long,
        alias = "site",
        env = "SIBYL_SITE_URL",
        default_value = "http://127.0.0.1:8080",
        global = true
    )]
    pub site_url: Site,

    /// How long a sign-in lasts, in hours
    #[arg(long, env = "SIBYL_SESSION_HOURS", default_value_t = 336, global = true,
          value_parser = clap::value_parser!(u32).range(1..=8760))]
    pub session_hours: u32,

    /// How many posts each page of the home page, a tag, an author or a month lists (at
    /// most 100)
    #[arg(long, env = "SIBYL_FRONT_PAGE_SIZE", default_value_t = 20, global = true,
          value_parser = clap::value_parser!(u16).range(1..=crate::store::FRONT_PAGE_CAP as i64))]
    pub front_page_size: u16,

    /// The least time, in seconds, between showing the comment form and sending it; a
    /// faster comment is taken for a robot's and handed back to be sent again (0: no
    /// delay)
    #[arg(long, env = "SIBYL_COMMENT_MIN_DELAY_SECS", default_value_t = 3, global = true,
          value_parser = clap::value_parser!(u16).range(0..=600))]
    pub comment_min_delay_secs: u16,

    /// Folder for this host's counter lock file (ids of the form <hostname>/<n>)
    #[arg(
        long,
        env = "SIBYL_LOCK_DIR",
        default_value = "./data/locks",
        global = true
    )]
    pub lock_dir: std::path::PathBuf,

    /// The largest file an author can upload, in MiB
    #[arg(long, env = "SIBYL_MAX_FILE_MIB", default_value_t = 100, global = true,
          value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub max_file_mib: u32,

    /// How much all of one author's files may take, in MiB
    #[arg(long, env = "SIBYL_MAX_USER_MIB", default_value_t = 1024, global = true,
          value_parser = clap::value_parser!(u32).range(1..=1048576))]
    pub max_user_mib: u32,

    /// The memory that decoding and scaling images may take in this process, all
    /// requests together, in MiB; an image that would need more is refused, and
    /// requests wait for each other within it
    #[arg(long, env = "SIBYL_IMAGE_MEMORY_MIB", default_value_t = 512, global = true,
          value_parser = clap::value_parser!(u32).range(64..=65536))]
    pub image_memory_mib: u32,

    /// Private addresses or networks that fetches by URL (attachments, and fediverse
    /// actors and their keys) may reach (comma-separated, e.g. 10.1.2.3,192.168.0.0/16);
    /// none by default: loopback, private, link-local and metadata addresses are refused
    #[arg(long, env = "SIBYL_FETCH_ALLOW", value_delimiter = ',', global = true,
          value_parser = crate::binaries::fetch::Network::parse)]
    pub fetch_allow: Vec<crate::binaries::fetch::Network>,

    /// A PEM file of certificate authorities that fetching over HTTPS trusts besides the
    /// public ones (an intranet's own)
    #[arg(long, env = "SIBYL_FETCH_CA", global = true)]
    pub fetch_ca: Option<std::path::PathBuf>,

    /// A folder of message catalogs (pt-BR.ftl, ...) the interface speaks besides the
    /// languages shipped, each checked against English at start (docs/TRANSLATING.md)
    #[arg(long, env = "SIBYL_LOCALES", global = true)]
    pub locales: Option<std::path::PathBuf>,

    /// New accounts may write: a sign-up (on the site or through the API) makes an
    /// author rather than a reader, as multi-author platforms offer; off by default, an
    /// administrator then makes authors from the list of users
    #[arg(long, env = "SIBYL_NEW_ACCOUNTS_WRITE", global = true)]
    pub new_accounts_write: bool,

    /// Origins of front ends on other sites that may call the JSON API from a browser
    /// (comma-separated, e.g. https://app.example.com; * for any); none by default
    #[arg(long, env = "SIBYL_API_CORS_ORIGINS", value_delimiter = ',', global = true,
          value_parser = crate::domain::site::CorsOrigin::parse)]
    pub api_cors_origins: Vec<crate::domain::site::CorsOrigin>,

    /// Cassandra: the data centre this process's statements go to (its nodes coordinate
    /// them, LOCAL_QUORUM counts its replicas, nothing fails over to another); needed
    /// on a cluster of several data centres
    #[arg(long, env = "SIBYL_CASSANDRA_LOCAL_DC", global = true)]
    pub cassandra_local_dc: Option<String>,

    /// Run no attachment collector or refresher in this process (they delete unneeded
    /// files and revalidate fetched ones; a site spread over several datacentres runs
    /// them in one only)
    #[arg(long, env = "SIBYL_NO_BACKGROUND", global = true)]
    pub no_background: bool,

    /// The SMTP server mail goes through: smtp://host:port (plain, for a relay on this
    /// machine), smtp://host:587?tls=required (STARTTLS), smtps://user:password@host:465;
    /// with --mail-from. Without it mail is off, and the pages that would send it say so
    #[arg(long, env = "SIBYL_SMTP_URL", global = true, requires = "mail_from",
          value_parser = crate::infra::mail::MailConfig::parse_url)]
    pub smtp_url: Option<String>,

    /// The address mail comes from, such as "My blog <blog@example.com>"; with
    /// --smtp-url
    #[arg(long, env = "SIBYL_MAIL_FROM", global = true, requires = "smtp_url",
          value_parser = crate::infra::mail::MailConfig::parse_from)]
    pub mail_from: Option<lettre::message::Mailbox>,

    /// Log filter, e.g. info or sibyl=debug,actix_web=info
    #[arg(
        long,
        env = "SIBYL_LOG",
        default_value = "info,scylla=warn",
        global = true
    )]
    pub log: String,

    /// How log lines are written: text (readable) or json (one object a line, for a
    /// log collector)
    #[arg(long, env = "SIBYL_LOG_FORMAT", value_enum, default_value_t = crate::infra::telemetry::LogFormat::Text, global = true)]
    pub log_format: crate::infra::telemetry::LogFormat,

    /// Networks that may read the metrics at /metrics (comma-separated addresses or
    /// CIDR blocks, e.g. 127.0.0.1,10.0.0.0/8), judged by the client's address (see
    /// --trusted-proxies); nobody by default, and /metrics answers 404 to everyone else
    #[arg(long, env = "SIBYL_METRICS_ALLOW", value_delimiter = ',', global = true,
          value_parser = crate::binaries::fetch::Network::parse)]
    pub metrics_allow: Vec<crate::binaries::fetch::Network>,

    /// Proxies or load balancers in front (comma-separated addresses or CIDR blocks)
    /// whose X-Forwarded-For names the client, for rate limits and --metrics-allow;
    /// none by default: the client is the connecting address
    #[arg(long, env = "SIBYL_TRUSTED_PROXIES", value_delimiter = ',', global = true,
          value_parser = crate::binaries::fetch::Network::parse)]
    pub trusted_proxies: Vec<crate::binaries::fetch::Network>,

    /// On SIGTERM or SIGINT, how many seconds requests in flight and background passes
    /// may take to finish before they are cut off
    #[arg(long, env = "SIBYL_SHUTDOWN_TIMEOUT_SECS", default_value_t = 30, global = true,
          value_parser = clap::value_parser!(u16).range(1..=3600))]
    pub shutdown_timeout_secs: u16,

    /// How many seconds an instance trusts what it read of the registry of sites: a new
    /// alias, a suspension or a deletion shows on every instance within this; a site's
    /// deletion waits twice this before erasing its rows
    #[arg(long, env = "SIBYL_SITES_RECHECK_SECS", default_value_t = 10, global = true,
          value_parser = clap::value_parser!(u16).range(1..=600))]
    pub sites_recheck_secs: u16,

    /// How many bytes of anonymous readers' pages an instance keeps, as they were sent
    /// (compressed), so that a page asked for again costs no rendering and no read of the
    /// store; 0 turns the page cache off
    #[arg(long, env = "SIBYL_PAGE_CACHE_BYTES", default_value_t = 16 << 20, global = true,
          value_parser = clap::value_parser!(u64).range(0..=(1 << 34)))]
    pub page_cache_bytes: u64,

    /// How many milliseconds, at most, an instance serves a site's kept pages before it
    /// looks whether another instance or process changed the site: a change made through
    /// another instance shows on this one within this time (at once on the instance that
    /// made it)
    #[arg(long, env = "SIBYL_PAGE_CACHE_RECHECK_MS", default_value_t = 1000, global = true,
          value_parser = clap::value_parser!(u32).range(10..=60_000))]
    pub page_cache_recheck_ms: u32,
}

/// The command line of this process, with its configuration file (see [`parse_from`]);
/// a mistake in either ends the process with clap's message and status 2.
pub fn parse() -> Cli {
    match parse_from(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(Refused::Clap(e)) => e.exit(),
        Err(Refused::File(message)) => {
            eprintln!("sibyl: {message}");
            std::process::exit(2);
        }
    }
}

/// Why a command line (or its file) was refused.
#[derive(Debug)]
pub enum Refused {
    Clap(clap::Error),
    /// The configuration file: unreadable, not TOML, an unknown or ill-typed setting.
    File(String),
}

/// Parses `args`; when they (or `SIBYL_CONFIG`) name a configuration file, each of its
/// settings applies where neither a flag nor a variable set it. Its values are checked
/// as the flags' are.
pub fn parse_from(args: Vec<std::ffi::OsString>) -> Result<Cli, Refused> {
    use clap::{CommandFactory, FromArgMatches};
    let command = Cli::command();
    // The file is found before anything is checked, so that a setting it completes
    // (--mail-from for a --smtp-url given by flag) is there when clap checks them.
    let given = flags_given(&args);
    let path = match given.iter().find(|(flag, _)| flag == "config") {
        Some((_, Some(value))) => Some(std::path::PathBuf::from(value)),
        Some((_, None)) => args
            .iter()
            .skip_while(|a| a.to_str() != Some("--config"))
            .nth(1)
            .map(std::path::PathBuf::from),
        None => std::env::var_os("SIBYL_CONFIG")
            .filter(|v| !v.is_empty())
            .map(std::path::PathBuf::from),
    };
    let Some(path) = path else {
        let matches = command.try_get_matches_from(&args).map_err(Refused::Clap)?;
        return Cli::from_arg_matches(&matches).map_err(Refused::Clap);
    };
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Refused::File(format!("cannot read the configuration file {shown}: {e}")))?;
    let table: toml::Table = text
        .parse()
        .map_err(|e| Refused::File(format!("{shown} is not valid TOML: {e}")))?;
    let mut from_file: Vec<std::ffi::OsString> = Vec::new();
    for (key, value) in &table {
        let long = key.replace('_', "-");
        let arg = command
            .get_arguments()
            .find(|a| a.get_long() == Some(long.as_str()) && long != "config")
            .ok_or_else(|| Refused::File(format!("{shown}: unknown setting `{key}`")))?;
        // A flag or a variable wins over the file.
        let by_flag = given.iter().any(|(flag, _)| *flag == long);
        let by_variable = arg
            .get_env()
            .and_then(std::env::var_os)
            .is_some_and(|v| !v.is_empty());
        if by_flag || by_variable {
            continue;
        }
        let is_switch = matches!(arg.get_action(), clap::ArgAction::SetTrue);
        let text = match (value, is_switch) {
            (toml::Value::Boolean(on), true) => {
                if *on {
                    from_file.push(format!("--{long}").into());
                }
                continue;
            }
            (_, true) => {
                return Err(Refused::File(format!("{shown}: `{key}` is true or false")));
            }
            (toml::Value::String(s), false) => s.clone(),
            (toml::Value::Integer(n), false) => n.to_string(),
            (toml::Value::Array(items), false) if arg.get_value_delimiter().is_some() => items
                .iter()
                .map(|item| match item {
                    toml::Value::String(s) => Ok(s.clone()),
                    _ => Err(Refused::File(format!(
                        "{shown}: `{key}` is a list of strings"
                    ))),
                })
                .collect::<Result<Vec<_>, _>>()?
                .join(","),
            _ => {
                return Err(Refused::File(format!(
                    "{shown}: `{key}` must be a string or a number"
                )));
            }
        };
        from_file.push(format!("--{long}={text}").into());
    }
    // The file's settings go first, where global flags may stand.
    let mut all = args;
    let rest = all.split_off(1.min(all.len()));
    let from_file_count = from_file.len();
    all.extend(from_file);
    all.extend(rest);
    let matches = command.try_get_matches_from(&all).map_err(|e| {
        if from_file_count == 0
            || matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            )
        {
            Refused::Clap(e)
        } else {
            Refused::File(format!(
                "with the settings of {shown}: {}",
                e.render().to_string().trim()
            ))
        }
    })?;
    Cli::from_arg_matches(&matches).map_err(Refused::Clap)
}

/// The long flags given on a command line, each with its `=value` if written so; what
/// follows a bare `--` is not a flag. (Sibyl's settings have no short forms.)
fn flags_given(args: &[std::ffi::OsString]) -> Vec<(String, Option<String>)> {
    let mut flags = Vec::new();
    for arg in args.iter().skip(1) {
        let Some(arg) = arg.to_str() else { continue };
        if arg == "--" {
            break;
        }
        if let Some(flag) = arg.strip_prefix("--") {
            flags.push(match flag.split_once('=') {
                Some((name, value)) => (name.to_owned(), Some(value.to_owned())),
                None => (flag.to_owned(), None),
            });
        }
    }
    flags
}

impl Settings {
    /// The limits on stored files.
    pub fn binary_limits(&self) -> crate::binaries::BinaryLimits {
        crate::binaries::BinaryLimits {
            max_file: u64::from(self.max_file_mib) * 1024 * 1024,
            max_per_user: u64::from(self.max_user_mib) * 1024 * 1024,
            image_memory: u64::from(self.image_memory_mib) * 1024 * 1024,
            ..Default::default()
        }
    }

    /// What may be fetched by URL: the private networks allowed, the extra certificate
    /// authorities, and the file size limit.
    pub fn fetch_policy(&self) -> Result<crate::binaries::fetch::FetchPolicy, String> {
        Ok(crate::binaries::fetch::FetchPolicy {
            allow: self.fetch_allow.clone(),
            extra_roots: match &self.fetch_ca {
                Some(path) => crate::binaries::fetch::load_roots(path)?,
                None => Vec::new(),
            },
            max_bytes: self.binary_limits().max_file,
            ..Default::default()
        })
    }

    /// Where mail goes, when both settings are given.
    pub fn mail(&self) -> Option<crate::infra::mail::MailConfig> {
        Some(crate::infra::mail::MailConfig {
            smtp_url: self.smtp_url.clone()?,
            from: self.mail_from.clone()?,
        })
    }
}

#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// Serve the blog (the default)
    Serve,
    /// Create or upgrade the schema of the store (on Cassandra: the keyspace and schema.cql)
    Migrate {
        /// Replication of a new Cassandra keyspace: SimpleStrategy:N or
        /// NetworkTopologyStrategy:DC=N[,DC=N]; by default each datacentre keeps as many
        /// copies as it has nodes, up to 3 (ignored for SQLite)
        #[arg(long, env = "SIBYL_REPLICATION")]
        replication: Option<Replication>,
    },
    /// Finish (or undo) the writes that a process which died left half-done, begun more
    /// than a minute ago; every serving instance also does this every 30 seconds
    Reconcile,
    /// Print every cap Sibyl enforces on what a partition holds or a value weighs, and
    /// every rate limit with its window, as JSON (what scripts/scale-model reads)
    Limits,
    /// Check every table the site derives from its posts, comments and accounts (lists,
    /// tag buckets, counts, short links, claims, the directory) and rebuild what
    /// disagrees; prints what it found
    Repair {
        /// Only report what disagrees; change nothing
        #[arg(long)]
        dry_run: bool,
        /// Carry on from where an earlier repair stopped (its checkpoint file), instead
        /// of from the first post
        #[arg(long)]
        resume: bool,
        /// Where a repair writes how far it has got, every two seconds, for --resume
        /// (removed once it finishes)
        #[arg(long, value_name = "FILE", default_value = "sibyl-repair.json")]
        checkpoint: std::path::PathBuf,
    },
    /// Write the whole site into a new folder: settings, accounts (without their password
    /// hashes unless asked), posts and pages with every revision and translation,
    /// comments, and attachments, in Sibyl's versioned export format (docs/EXPORT.md)
    Export {
        /// The folder to write (new, or empty)
        dir: std::path::PathBuf,
        /// Include the accounts' argon2id password hashes, so that everyone keeps their
        /// password; keep such an export as safe as the database
        #[arg(long)]
        with_password_hashes: bool,
    },
    /// Bring a site into this store
    Import {
        #[command(subcommand)]
        from: ImportFrom,
    },
    /// Manage accounts from the shell (for an operator locked out of the web pages); a
    /// new password is typed twice on a terminal, or read from the first line of
    /// standard input
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// The site and its authors on the fediverse
    Fediverse {
        #[command(subcommand)]
        command: FediverseCommand,
    },
    /// Manage the sites this deployment serves, each chosen by the host a request names
    /// (while none is registered, the one site of --site-url is served whatever the host)
    Site {
        #[command(subcommand)]
        command: SiteCommand,
    },
    /// Check a message catalog (a translation of the interface, such as pt-BR.ftl)
    /// against English: its syntax, messages English does not have, placeables that
    /// differ, and the messages it lacks (said in English); fails on anything but lacks
    Catalog {
        /// The catalog's file
        file: std::path::PathBuf,
    },
}

#[derive(Debug, Clone, Subcommand)]
pub enum SiteCommand {
    /// Register a site (by its URL, such as https://blog.example.com) with its first
    /// administrator: an existing account (by user name or e-mail address), or with
    /// --email a new one of that user name, its password typed twice on a terminal or
    /// read from the first line of standard input; its data, if the URL was served
    /// before, stays as it is
    Create {
        url: String,
        #[arg(long)]
        admin: String,
        /// Make the administrator a new account with this e-mail address
        #[arg(long)]
        email: Option<String>,
    },
    /// Every registered site, tab-separated: URL, status, created, aliases
    List,
    /// Make another host (an old domain, www.) redirect to a site, path and query kept
    Alias { url: String, alias: String },
    /// Answer a site's readers with 503 and a message; nothing is deleted
    Suspend { url: String },
    /// Serve a suspended site again
    Resume { url: String },
    /// Delete a site for good: it is served no more at once, then all its rows and its
    /// files go, with progress shown, and its host and aliases are freed. Run again after
    /// an interruption to go on where it stopped (a serving instance also finishes it)
    Delete { url: String },
}

#[derive(Debug, Clone, Subcommand)]
pub enum FediverseCommand {
    /// Give an actor a new key pair (an author's, by user name or e-mail address, or with
    /// --site-actor the site's own) and send its followers' servers an Update of the actor with
    /// the new public key; the old key is no longer kept
    RotateKey {
        /// The author, by user name or e-mail address
        #[arg(required_unless_present = "site_actor")]
        author: Option<String>,
        /// The site's own actor instead
        #[arg(long, conflicts_with = "author")]
        site_actor: bool,
    },
}

#[derive(Debug, Clone, Subcommand)]
pub enum ImportFrom {
    /// A folder `sibyl export` wrote, into a store without the site (or to finish an
    /// import of it that stopped half-way)
    Sibyl { dir: std::path::PathBuf },
    /// A WordPress export (Tools > Export, WXR 1.0 to 1.2) into this site, which must be
    /// set up: posts and pages, authors (matched by e-mail address or made without a
    /// password), categories and tags, approved comments, and the attachments the posts
    /// use, fetched by URL under the --fetch-allow rules. Running it again changes
    /// nothing
    Wordpress { file: std::path::PathBuf },
    /// A Ghost export (Settings > Labs > Export) into this site, which must be set up:
    /// posts and pages, authors, tags and comments. Running it again changes nothing
    Ghost {
        file: std::path::PathBuf,
        /// The Ghost site's address (https://old.example): its links are read as that
        /// site's, and its images fetched into the posts
        #[arg(long)]
        from: Option<url::Url>,
    },
}

#[derive(Debug, Clone, Subcommand)]
pub enum UserCommand {
    /// Create an administrator (the site's first, closing /setup, if it has none)
    CreateAdmin {
        username: String,
        email: String,
        /// The name shown on the site (the user name by default)
        #[arg(long)]
        display_name: Option<String>,
    },
    /// Set a new password for an account (by user name or e-mail address) and end its
    /// sessions
    ResetPassword { user: String },
    /// Make an account a reader, an author or an admin (of the site of --site-url, when
    /// it is registered with roles of its own; the account's role otherwise), or with
    /// --network-admin a network administrator, who manages every site at /network
    /// (--network-admin=false: no longer one)
    SetRole {
        user: String,
        role: Option<String>,
        #[arg(long, num_args = 0..=1, default_missing_value = "true", require_equals = true)]
        network_admin: Option<bool>,
    },
    /// Turn an account's two-step sign-in off (its authenticator, recovery codes and
    /// passkeys removed) and end its sessions, for its owner who lost them: its password alone
    /// signs in again. Recorded in the log
    #[command(name = "reset-2fa")]
    Reset2fa { user: String },
    /// The newest accounts first, tab-separated
    List {
        /// How many accounts, at most 1000
        #[arg(long, default_value_t = 50)]
        limit: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn bad_values_are_refused_with_the_reason() {
        let err = Cli::try_parse_from(["sibyl", "--store", "mysql://x"]).unwrap_err();
        assert!(err.to_string().contains("unknown store"), "{err}");
        assert!(Cli::try_parse_from(["sibyl", "--bogus"]).is_err());
        assert!(Cli::try_parse_from(["sibyl", "--listen", "nowhere"]).is_err());
        assert!(Cli::try_parse_from(["sibyl", "migrate", "--replication", "Simple:1"]).is_err());
        let ok = Cli::try_parse_from([
            "sibyl",
            "serve",
            "--store",
            "cassandra://127.0.0.1:9042/blog",
        ])
        .unwrap();
        assert!(matches!(ok.command, Some(Command::Serve)));
    }

    #[test]
    fn the_front_page_size_and_comment_delay_have_defaults_and_bounds() {
        let defaults = Cli::try_parse_from(["sibyl"]).unwrap().settings;
        assert_eq!(defaults.front_page_size, 20);
        assert_eq!(defaults.comment_min_delay_secs, 3);
        let set = Cli::try_parse_from([
            "sibyl",
            "--front-page-size",
            "50",
            "--comment-min-delay-secs",
            "0",
        ])
        .unwrap()
        .settings;
        assert_eq!((set.front_page_size, set.comment_min_delay_secs), (50, 0));
        assert!(Cli::try_parse_from(["sibyl", "--front-page-size", "0"]).is_err());
        assert!(Cli::try_parse_from(["sibyl", "--front-page-size", "101"]).is_err());
        assert!(Cli::try_parse_from(["sibyl", "--comment-min-delay-secs", "601"]).is_err());
    }

    fn with_file(toml: &str, extra: &[&str]) -> (tempfile::TempDir, Result<Cli, Refused>) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("sibyl.toml");
        std::fs::write(&file, toml).unwrap();
        let mut args: Vec<std::ffi::OsString> = vec!["sibyl".into()];
        args.extend(extra.iter().map(Into::into));
        args.extend(["--config".into(), file.into_os_string()]);
        let parsed = parse_from(args);
        (dir, parsed)
    }

    #[test]
    fn a_configuration_file_sets_what_flags_do_not() {
        let file = "site-url = \"https://blog.example.com\"\n\
                    front_page_size = 30\n\
                    no-background = true\n\
                    fetch-allow = [\"10.0.0.0/8\", \"192.168.1.1\"]\n\
                    listen = \"0.0.0.0:9000\"\n\
                    log-format = \"json\"\n";
        let (_dir, parsed) = with_file(file, &["--listen", "127.0.0.1:7000", "migrate"]);
        let cli = parsed.unwrap();
        let s = cli.settings;
        assert_eq!(s.site_url.as_str(), "https://blog.example.com");
        assert_eq!(s.front_page_size, 30);
        assert!(s.no_background);
        assert_eq!(s.fetch_allow.len(), 2);
        assert_eq!(s.log_format, crate::infra::telemetry::LogFormat::Json);
        // The flag wins over the file.
        assert_eq!(s.listen.to_string(), "127.0.0.1:7000");
        // Untouched settings keep their defaults; the command is kept.
        assert_eq!(s.session_hours, 336);
        assert!(matches!(cli.command, Some(Command::Migrate { .. })));
    }

    #[test]
    fn settings_that_go_together_may_come_from_the_file_and_a_flag() {
        let (_dir, parsed) = with_file(
            "mail-from = \"Blog <blog@example.com>\"\n",
            &["--smtp-url", "smtp://127.0.0.1:2525"],
        );
        let s = parsed.unwrap().settings;
        assert!(s.mail().is_some(), "{s:?}");
        // Without the file's half, clap refuses the flag alone.
        assert!(
            parse_from(vec![
                "sibyl".into(),
                "--smtp-url".into(),
                "smtp://127.0.0.1:2525".into()
            ])
            .is_err()
        );
        // `--config=FILE` works as `--config FILE`; a flag after `--` is not one.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("s.toml");
        std::fs::write(&file, "front-page-size = 7\n").unwrap();
        let cli = parse_from(vec![
            "sibyl".into(),
            format!("--config={}", file.display()).into(),
        ])
        .unwrap();
        assert_eq!(cli.settings.front_page_size, 7);
        assert_eq!(
            flags_given(&[
                "sibyl".into(),
                "--listen=x".into(),
                "--".into(),
                "--store".into()
            ]),
            vec![("listen".to_owned(), Some("x".to_owned()))]
        );
    }

    #[test]
    fn a_bad_configuration_file_is_refused_with_the_reason() {
        for (file, says) in [
            ("colour = \"blue\"\n", "unknown setting `colour`"),
            (
                "replication = \"SimpleStrategy:3\"\n",
                "unknown setting `replication`",
            ),
            ("listen = \"nowhere\"\n", "invalid value 'nowhere'"),
            ("front-page-size = 500\n", "500"),
            (
                "no-background = \"yes\"\n",
                "`no-background` is true or false",
            ),
            ("site-url = [1]\n", "`site-url` must be a string"),
            ("listen = \n", "not valid TOML"),
        ] {
            let (_dir, parsed) = with_file(file, &[]);
            match parsed {
                Err(Refused::File(message)) => {
                    assert!(message.contains(says), "{file}: {message}")
                }
                other => panic!("{file}: {other:?}"),
            }
        }
        let missing = parse_from(vec![
            "sibyl".into(),
            "--config".into(),
            "/nonexistent/s.toml".into(),
        ]);
        assert!(
            matches!(&missing, Err(Refused::File(m)) if m.contains("cannot read the configuration file")),
            "{missing:?}"
        );
    }
}

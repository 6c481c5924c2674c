//! The command line. Every flag can also be set by a `SIBYL_*` environment variable.

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
    /// cookies Secure
    #[arg(
        long,
        env = "SIBYL_SITE_URL",
        default_value = "http://127.0.0.1:8080",
        global = true
    )]
    pub site_url: Site,

    /// How long a sign-in lasts, in hours
    #[arg(long, env = "SIBYL_SESSION_HOURS", default_value_t = 336, global = true,
          value_parser = clap::value_parser!(u32).range(1..=8760))]
    pub session_hours: u32,

    /// How many posts the home page, and each page of a tag, lists
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

    /// Private addresses or networks that fetching attachments from URLs may reach
    /// (comma-separated, e.g. 10.1.2.3,192.168.0.0/16); none by default: loopback,
    /// private, link-local and metadata addresses are refused
    #[arg(long, env = "SIBYL_FETCH_ALLOW", value_delimiter = ',', global = true,
          value_parser = crate::binaries::fetch::Network::parse)]
    pub fetch_allow: Vec<crate::binaries::fetch::Network>,

    /// A PEM file of certificate authorities that fetching over HTTPS trusts besides the
    /// public ones (an intranet's own)
    #[arg(long, env = "SIBYL_FETCH_CA", global = true)]
    pub fetch_ca: Option<std::path::PathBuf>,

    /// Run no attachment collector or refresher in this process (they delete unneeded
    /// files and revalidate fetched ones; a site spread over several datacentres runs
    /// them in one only)
    #[arg(long, env = "SIBYL_NO_BACKGROUND", global = true)]
    pub no_background: bool,

    /// The SMTP server mail goes through: smtp://host:port (plain, for a relay on this
    /// machine), smtp://host:587?tls=required (STARTTLS), smtps://user:password@host:465;
    /// with --mail-from. Without it mail is off, and the pages that would send it say so
    #[arg(long, env = "SIBYL_SMTP_URL", global = true, requires = "mail_from",
          value_parser = crate::mail::MailConfig::parse_url)]
    pub smtp_url: Option<String>,

    /// The address mail comes from, such as "My blog <blog@example.com>"; with
    /// --smtp-url
    #[arg(long, env = "SIBYL_MAIL_FROM", global = true, requires = "smtp_url",
          value_parser = crate::mail::MailConfig::parse_from)]
    pub mail_from: Option<lettre::message::Mailbox>,

    /// Log filter, e.g. info or sibyl=debug,actix_web=info
    #[arg(
        long,
        env = "SIBYL_LOG",
        default_value = "info,scylla=warn",
        global = true
    )]
    pub log: String,
}

impl Settings {
    /// Where mail goes, when both settings are given.
    pub fn mail(&self) -> Option<crate::mail::MailConfig> {
        Some(crate::mail::MailConfig {
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
    /// Check every table the site derives from its posts, comments and accounts (lists,
    /// tag buckets, counts, short links, claims, the directory) and rebuild what
    /// disagrees; prints what it found
    Repair {
        /// Only report what disagrees; change nothing
        #[arg(long)]
        dry_run: bool,
    },
    /// Manage accounts from the shell (for an operator locked out of the web pages); a
    /// new password is typed twice on a terminal, or read from the first line of
    /// standard input
    User {
        #[command(subcommand)]
        command: UserCommand,
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
    /// Make an account a reader, an author or an admin
    SetRole { user: String, role: String },
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
}

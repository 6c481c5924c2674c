//! The reference of `docs/CONFIG.md`, written from the command line's own definitions:
//! every flag with its variable, default and meaning, and every command with its
//! arguments. A unit test checks that the document says what the command line does
//! (`SIBYL_WRITE_DOCS=1 cargo test --lib config` writes it again).

use super::Cli;
use clap::{Arg, ArgAction, Command, CommandFactory};
use std::fmt::Write;

/// The marks around the generated parts of `docs/CONFIG.md`.
pub const FLAGS: (&str, &str) = ("<!-- flags: generated -->", "<!-- flags: end -->");
pub const COMMANDS: (&str, &str) = ("<!-- commands: generated -->", "<!-- commands: end -->");

/// An argument's help as one line of Markdown.
fn help(arg: &Arg) -> String {
    let text = arg
        .get_long_help()
        .or_else(|| arg.get_help())
        .map(|h| h.to_string())
        .unwrap_or_default();
    one_line(&text)
}

/// Help text as one line of Markdown: clap's text wraps at the source's width, and its
/// `<placeholders>` and `|` would be read as HTML and table cells.
fn one_line(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn default_of(arg: &Arg) -> String {
    if matches!(arg.get_action(), ArgAction::SetTrue) {
        return "off".into();
    }
    let values: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if values.is_empty() {
        "(none)".into()
    } else {
        format!("`{}`", values.join(","))
    }
}

fn env_of(arg: &Arg) -> String {
    arg.get_env()
        .map(|e| format!("`{}`", e.to_string_lossy()))
        .unwrap_or_default()
}

/// The table of the flags every command takes.
pub fn flags() -> String {
    let cli = Cli::command();
    let mut out =
        String::from("| flag | variable | default | meaning |\n| --- | --- | --- | --- |\n");
    for arg in cli.get_arguments() {
        let Some(long) = arg.get_long() else { continue };
        if matches!(long, "help" | "version") {
            continue;
        }
        let _ = writeln!(
            out,
            "| `--{long}` | {} | {} | {} |",
            env_of(arg),
            default_of(arg),
            help(arg)
        );
    }
    out
}

/// One command's heading, what it does, and its own arguments; then its commands.
fn command(out: &mut String, path: &str, cmd: &Command) {
    let path = format!("{path} {}", cmd.get_name());
    let positionals: Vec<String> = cmd
        .get_positionals()
        .map(|a| a.get_id().as_str().to_uppercase().replace('_', "-"))
        .collect();
    let usage = if positionals.is_empty() {
        path.clone()
    } else {
        format!("{path} {}", positionals.join(" "))
    };
    let about = cmd
        .get_long_about()
        .or_else(|| cmd.get_about())
        .map(|a| a.to_string())
        .unwrap_or_default();
    let about = one_line(&about);
    let _ = writeln!(out, "- `{usage}`: {about}");
    for arg in cmd.get_arguments() {
        let Some(long) = arg.get_long() else { continue };
        if matches!(long, "help" | "version") {
            continue;
        }
        let value = if matches!(arg.get_action(), ArgAction::SetTrue) {
            String::new()
        } else {
            format!(
                " {}",
                arg.get_id().as_str().to_uppercase().replace('_', "-")
            )
        };
        let mut facts = Vec::new();
        let env = env_of(arg);
        if !env.is_empty() {
            facts.push(env);
        }
        let default = default_of(arg);
        if default != "(none)" && default != "off" {
            facts.push(format!("default {default}"));
        }
        let facts = if facts.is_empty() {
            String::new()
        } else {
            format!(" ({})", facts.join(", "))
        };
        let _ = writeln!(out, "  - `--{long}{value}`{facts}: {}", help(arg));
    }
    for sub in cmd.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        command(out, &path, sub);
    }
}

/// Every command, with its arguments.
pub fn commands() -> String {
    let cli = Cli::command();
    let mut out = String::new();
    for sub in cli.get_subcommands() {
        command(&mut out, "sibyl", sub);
    }
    out
}

/// `document` with its generated parts written again.
pub fn rewritten(document: &str) -> Result<String, String> {
    let mut doc = document.to_owned();
    for ((start, end), body) in [(FLAGS, flags()), (COMMANDS, commands())] {
        let from = doc
            .find(start)
            .ok_or_else(|| format!("docs/CONFIG.md has no {start}"))?
            + start.len();
        let to = doc[from..]
            .find(end)
            .ok_or_else(|| format!("docs/CONFIG.md has no {end}"))?
            + from;
        doc.replace_range(from..to, &format!("\n{body}"));
    }
    Ok(doc)
}

#[cfg(test)]
mod tests {
    #[test]
    fn docs_config_md_says_what_the_command_line_does() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/CONFIG.md");
        let document = std::fs::read_to_string(path).unwrap();
        let wanted = super::rewritten(&document).unwrap();
        if std::env::var_os("SIBYL_WRITE_DOCS").is_some() {
            std::fs::write(path, &wanted).unwrap();
            return;
        }
        assert!(
            document == wanted,
            "docs/CONFIG.md is not what the command line says: run \
             SIBYL_WRITE_DOCS=1 cargo test --lib config, and read the difference"
        );
    }

    #[test]
    fn every_flag_and_command_is_in_the_reference() {
        let flags = super::flags();
        for flag in ["--store", "--site-url", "--smtp-url", "--config"] {
            assert!(flags.contains(&format!("`{flag}`")), "{flag} missing");
        }
        assert!(!flags.contains("`--help`"));
        let commands = super::commands();
        for command in [
            "`sibyl migrate`",
            "`--replication REPLICATION` (`SIBYL_REPLICATION`)",
            "`sibyl import wordpress FILE`",
            "`sibyl user create-admin USERNAME EMAIL`",
            "`--limit LIMIT` (default `50`)",
        ] {
            assert!(commands.contains(command), "{command} missing:\n{commands}");
        }
    }
}

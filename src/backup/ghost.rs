//! `sibyl import ghost FILE.json`: a Ghost export (Settings > Labs > Export, Ghost 1 to
//! 6) read into a [`Blog`] (see [`super::moving_in`]).
//!
//! What is read, and how it lands:
//! - `settings`: the site's `title`, `description` and `locale` (`lang` before Ghost 2),
//!   taken when this site still has its defaults;
//! - `users`: authors, matched by e-mail address or made without a password, with their
//!   `name`, `slug`, `bio` and `website`;
//! - `posts` (and pages: `type` or, before Ghost 2, `page`): `title`, `slug`, `html`
//!   (kept as HTML; `markdown` when a very old export has no HTML), `status`
//!   (`published` at `published_at`, `scheduled` at it, `draft`; `sent`, e-mail only,
//!   as a draft), `visibility` (anything but public kept as a draft), `created_at`, the
//!   feature image (put at the top of the text);
//! - `posts_authors` (the first is the byline; `author_id` before Ghost 1.22), `tags`
//!   and `posts_tags` (internal `#tags` are skipped);
//! - `comments` with `members`, when the export has them: published comments, their
//!   replies and dates, by their members' names as guests.
//!
//! A Ghost export does not know the site's address: its links and images say
//! `__GHOST_URL__`. With `--from https://old.example` they are read as that site's, and
//! images under `/content/images/` are fetched into the posts (Ghost's resized copies,
//! `/content/images/size/w600/...`, point at the one file); without it they are left
//! as paths on this site, and the report says so. Tables this reader does not read are
//! counted in the report, not refused.

use super::moving_in::{
    Author, Blog, Comments, Entry, File, Item, Report, guest_name, slug_of, tags_of, title_of,
};
use super::{BackupError, CommentRecord, CommenterRecord};
use crate::domain::{Email, PostId, Site, SiteIdentity, UserId};
use chrono::{DateTime, NaiveDateTime, Utc};
use serde_json::Value;
use std::collections::HashMap;

const ENGINE: &str = "Ghost";
const PLACEHOLDER: &str = "__GHOST_URL__";

/// Tables that are read.
const READ: &[&str] = &[
    "settings",
    "users",
    "posts",
    "posts_authors",
    "tags",
    "posts_tags",
    "comments",
    "members",
];
/// Ghost's own workings, which mean nothing to another engine.
const INTERNAL: &[&str] = &[
    "roles",
    "roles_users",
    "permissions",
    "permissions_roles",
    "permissions_users",
    "migrations",
    "migrations_lock",
    "brute",
    "sessions",
    "api_keys",
    "integrations",
    "webhooks",
    "invites",
    "mobiledoc_revisions",
    "post_revisions",
    "posts_meta",
    "custom_theme_settings",
    "actions",
    "jobs",
];

/// Reads a whole Ghost export to be imported into `site`; refuses what is not one, and a post it cannot place.
pub fn read(json: &str, site: &Site, from: Option<&url::Url>) -> Result<Blog, BackupError> {
    // Ids are named by the site they are imported into and Ghost's own ids.
    let key = |what: String| format!("{site} ghost:{what}");
    let document: Value = serde_json::from_str(json).map_err(|e| {
        BackupError::Invalid(format!(
            "this is not a readable Ghost export: line {}: {e}",
            e.line()
        ))
    })?;
    let not_ghost = |why: &str| BackupError::Invalid(format!("this is not a Ghost export: {why}"));
    let db = document
        .get("db")
        .and_then(|db| db.get(0))
        .ok_or_else(|| not_ghost("it has no \"db\""))?;
    let data = db
        .get("data")
        .and_then(Value::as_object)
        .ok_or_else(|| not_ghost("it has no \"data\""))?;
    let version = db
        .pointer("/meta/version")
        .and_then(Value::as_str)
        .unwrap_or("");
    let major: u32 = version
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .ok_or_else(|| not_ghost("it says no Ghost version (db[0].meta.version)"))?;
    if major > 6 {
        return Err(BackupError::Invalid(format!(
            "this export is from Ghost {version}; this Sibyl reads exports of Ghost 1 to 6"
        )));
    }
    let table = |name: &str| -> Vec<&Value> {
        data.get(name)
            .and_then(Value::as_array)
            .map(|rows| rows.iter().collect())
            .unwrap_or_default()
    };
    if !data.contains_key("posts") {
        return Err(not_ghost("it has no posts table"));
    }
    let mut report = Report::default();
    for (name, rows) in data {
        let rows = rows.as_array().map_or(0, Vec::len);
        if rows > 0 && !READ.contains(&name.as_str()) && !INTERNAL.contains(&name.as_str()) {
            for _ in 0..rows {
                report.unknown(format!("rows of the table {name:?}"));
            }
        }
    }
    let base = from.map(|u| u.as_str().trim_end_matches('/').to_owned());
    let text = |row: &Value, field: &str| -> String {
        let value = row.get(field).and_then(Value::as_str).unwrap_or("");
        value.replace(PLACEHOLDER, base.as_deref().unwrap_or(""))
    };
    let id_of = |row: &Value, field: &str| -> String {
        match row.get(field) {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => String::new(),
        }
    };

    let setting = |key: &str| {
        table("settings")
            .into_iter()
            .find(|row| row.get("key").and_then(Value::as_str) == Some(key))
            .map(|row| text(row, "value"))
            .unwrap_or_default()
    };
    let locale = [setting("locale"), setting("lang")]
        .into_iter()
        .find(|l| !l.is_empty())
        .unwrap_or_default();
    let identity =
        match SiteIdentity::parse(&setting("title"), &setting("description"), "", &locale, "") {
            Ok(identity) => Some(identity),
            Err(e) => {
                report.skip(format!("the site's name and language: {}", e.0));
                None
            }
        };

    let mut authors = Vec::new();
    let mut users: HashMap<String, (UserId, String)> = HashMap::new();
    for row in table("users") {
        let ghost_id = id_of(row, "id");
        let name = text(row, "name");
        let email = Email::parse(text(row, "email").trim()).map_err(|e| {
            BackupError::Invalid(format!(
                "the user {name:?} has no e-mail address Sibyl takes: {}",
                e.0
            ))
        })?;
        // By address: Ghost's own ids repeat from one Ghost to another (its first owner
        // is "1" in many), and the same person is the same account.
        let id = UserId::named(&key(format!("user:{}", email.key())));
        let login = [text(row, "slug"), name.clone()]
            .into_iter()
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default();
        users.insert(ghost_id, (id, name.clone()));
        authors.push(Author {
            id,
            login,
            email,
            display_name: name,
            bio: text(row, "bio"),
            homepage: text(row, "website"),
            // Kept only where it is an address of its own (not one on the old site).
            image: Some(text(row, "profile_image"))
                .filter(|i| i.starts_with("https://"))
                .unwrap_or_default(),
        });
    }
    let mut tags: HashMap<String, String> = HashMap::new();
    for row in table("tags") {
        let name = text(row, "name");
        if row.get("visibility").and_then(Value::as_str) == Some("internal")
            || name.starts_with('#')
        {
            continue;
        }
        tags.insert(id_of(row, "id"), name);
    }
    let mut post_tags: HashMap<String, Vec<(i64, String)>> = HashMap::new();
    for row in table("posts_tags") {
        let tag = id_of(row, "tag_id");
        let order = row.get("sort_order").and_then(Value::as_i64).unwrap_or(0);
        match tags.get(&tag) {
            Some(name) => post_tags
                .entry(id_of(row, "post_id"))
                .or_default()
                .push((order, name.clone())),
            None => report.skip("internal tags"),
        }
    }
    let mut bylines: HashMap<String, Vec<(i64, String)>> = HashMap::new();
    for row in table("posts_authors") {
        let order = row.get("sort_order").and_then(Value::as_i64).unwrap_or(0);
        bylines
            .entry(id_of(row, "post_id"))
            .or_default()
            .push((order, id_of(row, "author_id")));
    }
    let members: HashMap<String, (String, String)> = table("members")
        .into_iter()
        .map(|row| {
            (
                id_of(row, "id"),
                (text(row, "name"), text(row, "email").trim().to_owned()),
            )
        })
        .collect();
    let mut comments_by_post: HashMap<String, Vec<&Value>> = HashMap::new();
    for row in table("comments") {
        comments_by_post
            .entry(id_of(row, "post_id"))
            .or_default()
            .push(row);
    }

    let mut posts = Vec::new();
    let mut unplaced_links = false;
    for (n, row) in table("posts").into_iter().enumerate() {
        let ghost_id = id_of(row, "id");
        let raw_title = text(row, "title");
        let at = |what: &str| {
            BackupError::Invalid(format!(
                "post {} ({:?}, id {ghost_id}): {what}",
                n + 1,
                raw_title.trim()
            ))
        };
        let kind = match (row.get("type").and_then(Value::as_str), flag(row, "page")) {
            (Some("page"), _) | (None, Some(true)) => "page",
            (Some("post"), _) | (None, _) => "post",
            (Some(other), _) => {
                report.skip(format!("posts of type {other:?}"));
                continue;
            }
        };
        let created = date(row.get("created_at")).ok_or_else(|| at("it has no created_at"))?;
        let published_at = date(row.get("published_at"));
        let mut status = "draft";
        let mut scheduled = None;
        match row.get("status").and_then(Value::as_str).unwrap_or("") {
            "published" => status = "published",
            "draft" => {}
            "scheduled" => match published_at {
                Some(at) if at > crate::domain::now() => scheduled = Some(at),
                _ => report.change("scheduled posts whose time has passed kept as drafts"),
            },
            "sent" => report.change("posts sent only by e-mail kept as drafts"),
            other => {
                report.skip(format!("posts in the state {other:?}"));
                continue;
            }
        }
        let visibility = row
            .get("visibility")
            .and_then(Value::as_str)
            .unwrap_or("public");
        if visibility != "public" && status == "published" {
            status = "draft";
            report.change("posts for members only kept as drafts");
        }
        let mut body = on_old_site(&text(row, "html"), base.as_deref());
        if body.trim().is_empty() {
            body = text(row, "markdown");
        }
        if body.trim().is_empty() {
            report.skip("posts and pages without any text");
            continue;
        }
        let of_old_site = ["html", "markdown", "feature_image"].iter().any(|field| {
            row.get(*field)
                .and_then(Value::as_str)
                .is_some_and(|v| v.contains(PLACEHOLDER) || v.contains("/content/images/"))
        });
        unplaced_links |= base.is_none() && of_old_site;
        let feature = text(row, "feature_image");
        if !feature.is_empty() {
            let feature = match (feature.starts_with('/'), base.as_deref()) {
                (true, Some(base)) => format!("{base}{feature}"),
                _ => feature,
            };
            body = format!(
                "<figure><img src=\"{}\" alt=\"{}\"></figure>\n\n{body}",
                crate::domain::markdown::escape_attribute(&feature),
                crate::domain::markdown::escape_attribute(&text(row, "feature_image_alt"))
            );
            report.change("feature images put at the top of the text");
        }
        if body.len() > crate::domain::post::Body::MAX_BYTES {
            report.skip("posts longer than 256 KiB");
            continue;
        }
        if !text(row, "custom_excerpt").trim().is_empty() {
            report.skip("excerpts (Sibyl makes one from the text)");
        }
        if flag(row, "featured") == Some(true) {
            report.skip("featured flags (Sibyl has none)");
        }
        let mut byline = bylines.remove(&ghost_id).unwrap_or_default();
        byline.sort();
        let author_key = byline
            .into_iter()
            .map(|(_, a)| a)
            .next()
            .unwrap_or_else(|| id_of(row, "author_id"));
        let (author, author_name) = users
            .get(&author_key)
            .cloned()
            .ok_or_else(|| at(&format!("its author {author_key:?} is not among the users")))?;
        let title = title_of(&raw_title, &mut report);
        let slug = slug_of(&text(row, "slug"), &title);
        let mut names = post_tags.remove(&ghost_id).unwrap_or_default();
        names.sort();
        let names: Vec<String> = names.into_iter().map(|(_, n)| n).collect();
        let tags = tags_of(&names, &mut report);
        let files = base
            .as_deref()
            .map(|base| images_of(&body, base))
            .unwrap_or_default();
        let post_key = row
            .get("uuid")
            .and_then(Value::as_str)
            .map_or_else(|| ghost_id.clone(), str::to_owned);
        let id = PostId::named(&key(format!("post:{post_key}")), created);
        let rows = comments_by_post.remove(&ghost_id).unwrap_or_default();
        let comments = comments_of(&rows, id, &key, &members, &mut report).map_err(|e| at(&e))?;
        let published = (status == "published").then(|| published_at.unwrap_or(created));
        posts.push(Item {
            record: Entry {
                id,
                slug,
                kind,
                author,
                author_name,
                published,
                created,
                scheduled,
                comments_closed: false,
                title,
                body,
                tags,
            }
            .into_record(ENGINE),
            files,
            comments,
        });
    }
    for _ in comments_by_post.values().flatten() {
        report.skip("comments on posts not brought in");
    }
    if unplaced_links {
        report
            .skip("images and links of the old site (give --from with its address to fetch them)");
    }
    Ok(Blog {
        engine: ENGINE,
        identity,
        authors,
        posts,
        report,
    })
}

/// A yes or no of a row: a boolean, or 0 and 1 as Ghost 0.x and 1.x wrote them.
fn flag(row: &Value, field: &str) -> Option<bool> {
    match row.get(field)? {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => n.as_i64().map(|n| n != 0),
        _ => None,
    }
}

/// A body with the old site's own paths (`/content/images/...`, as Ghost before 4 wrote
/// them) made addresses on it, when it is known.
fn on_old_site(html: &str, base: Option<&str>) -> String {
    match base {
        Some(base) => html
            .replace("\"/content/images/", &format!("\"{base}/content/images/"))
            .replace(", /content/images/", &format!(", {base}/content/images/")),
        None => html.to_owned(),
    }
}

/// A date as Ghost wrote it: ISO 8601, `2019-03-04 05:06:07` (UTC), or milliseconds
/// since 1970 (Ghost 0.x).
fn date(value: Option<&Value>) -> Option<DateTime<Utc>> {
    match value? {
        Value::String(s) => DateTime::parse_from_rfc3339(s.trim())
            .map(|d| d.with_timezone(&Utc))
            .ok()
            .or_else(|| {
                NaiveDateTime::parse_from_str(s.trim(), "%Y-%m-%d %H:%M:%S")
                    .ok()
                    .map(|d| d.and_utc())
            }),
        Value::Number(n) => DateTime::from_timestamp_millis(n.as_i64()?),
        _ => None,
    }
}

/// The images of the old site a body shows (in `src`, `href` and `srcset`), each once,
/// with Ghost's resized copies as its other spellings.
#[expect(clippy::expect_used, reason = "the vector was pushed to just before")]
fn images_of(body: &str, base: &str) -> Vec<File> {
    let prefix = format!("{base}/content/images/");
    let mut files: Vec<File> = Vec::new();
    for (at, _) in body.match_indices(&prefix) {
        let url: String = body[at..]
            .chars()
            .take_while(|c| !c.is_whitespace() && !matches!(c, '"' | '\'' | '<' | '>' | ')'))
            .collect();
        let rest = &url[prefix.len()..];
        let original = match rest.strip_prefix("size/") {
            Some(sized) => match sized.split_once('/') {
                Some((_, path)) => format!("{prefix}{path}"),
                None => continue,
            },
            None => url.clone(),
        };
        let file = match files.iter_mut().find(|f| f.url == original) {
            Some(file) => file,
            None => {
                files.push(File {
                    url: original.clone(),
                    aliases: Vec::new(),
                });
                files.last_mut().expect("just pushed")
            }
        };
        if url != original && !file.aliases.contains(&url) {
            file.aliases.push(url);
        }
    }
    files
}

/// The published comments of a post, oldest first, with their threads.
fn comments_of(
    rows: &[&Value],
    post: PostId,
    key: &dyn Fn(String) -> String,
    members: &HashMap<String, (String, String)>,
    report: &mut Report,
) -> Result<Vec<CommentRecord>, String> {
    let mut all = Vec::new();
    for row in rows {
        let id = row
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        let written =
            date(row.get("created_at")).ok_or_else(|| format!("comment {id} has no date"))?;
        all.push((written, id, *row));
    }
    all.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let mut comments = Comments::new(post, key("comment:".into()));
    for (written, ghost_id, row) in all {
        let state = row.get("status").and_then(Value::as_str).unwrap_or("");
        if state != "published" {
            report.skip(format!("comments in the state {state:?}"));
            continue;
        }
        let html = row.get("html").and_then(Value::as_str).unwrap_or("");
        let answers = row.get("parent_id").and_then(Value::as_str);
        let member = row.get("member_id").and_then(Value::as_str).unwrap_or("");
        let (name, email) = members.get(member).cloned().unwrap_or_default();
        let author = CommenterRecord::Guest {
            name: guest_name(&name),
            email,
        };
        comments.add(ghost_id, written, answers, author, html, report);
    }
    Ok(comments.into_records())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ghost_dates_in_every_form() {
        let want = DateTime::parse_from_rfc3339("2019-03-04T05:06:07Z")
            .unwrap()
            .with_timezone(&Utc);
        for value in [
            serde_json::json!("2019-03-04T05:06:07.000Z"),
            serde_json::json!("2019-03-04 05:06:07"),
            serde_json::json!(1_551_675_967_000i64),
        ] {
            assert_eq!(date(Some(&value)), Some(want), "{value}");
        }
        assert_eq!(date(Some(&Value::Null)), None);
    }

    #[test]
    fn images_and_their_resized_copies_are_one_file() {
        let body = r#"<img src="https://o.example/content/images/size/w600/2023/01/a.jpg" srcset="https://o.example/content/images/size/w1000/2023/01/a.jpg 1000w, https://o.example/content/images/2023/01/a.jpg 2000w"><a href="https://elsewhere.example/content/images/b.jpg">"#;
        let files = images_of(body, "https://o.example");
        assert_eq!(files.len(), 1);
        assert_eq!(
            files[0].url,
            "https://o.example/content/images/2023/01/a.jpg"
        );
        assert_eq!(files[0].aliases.len(), 2);
    }
}

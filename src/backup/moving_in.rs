//! Moving a blog in from another engine: `sibyl import wordpress FILE.xml` and
//! `sibyl import ghost FILE.json`. Each reader ([`super::wordpress`], [`super::ghost`])
//! turns its export into a [`Blog`]: Sibyl's own export records, every one checked, with
//! ids made from the source's ids ([`crate::domain::token::named_uuid`]), so that a
//! second run names everything as the first did and finds it there. [`move_in`] then
//! writes what is not there yet, through the same writer as `sibyl import sibyl`.
//!
//! Bodies stay the HTML their engine stored, inside the Markdown: CommonMark passes HTML
//! through, and the page is sanitized when it is rendered like any other post. Nothing
//! is lost that way (embeds, tables, figure captions, classes the old theme styled), and
//! the author can rewrite a post in Markdown later as a new revision; a conversion to
//! Markdown would lose whatever Markdown cannot say, without anyone noticing.

use super::restore::{NO_PASSWORD, check_post, write_comment, write_post};
use super::*;
use crate::binaries::fetch::Fetcher;
use crate::binaries::remote::FetchUrlError;
use crate::binaries::service::Upload;
use crate::binaries::{Binaries, Status};
use crate::domain::password::PasswordHash;
use crate::domain::user::Login;
use crate::domain::{Email, NewUser, PostId, Profile, Role, Site, SiteIdentity, UserId, Username};
use crate::store::Store;
use crate::store::binaries::Context;
use crate::web::paths;
use std::collections::{BTreeMap, HashMap};

/// A blog read from another engine's export, checked and named in Sibyl's terms.
#[derive(Debug, Default)]
pub struct Blog {
    /// The engine, as people call it ("WordPress").
    pub engine: &'static str,
    /// The site's name, line and language, used when this site still has the defaults.
    pub identity: Option<SiteIdentity>,
    pub authors: Vec<Author>,
    pub posts: Vec<Item>,
    /// What was skipped, changed and not understood while reading.
    pub report: Report,
}

/// Someone who wrote in the old blog.
#[derive(Debug, Clone)]
pub struct Author {
    /// The id an account made for them gets (one there with their address is used
    /// instead).
    pub id: UserId,
    /// The user name wanted, as the source had it.
    pub login: String,
    pub email: Email,
    pub display_name: String,
    pub bio: String,
    pub homepage: String,
}

/// A post or page with what comes with it.
#[derive(Debug, Clone)]
pub struct Item {
    pub record: PostRecord,
    /// The files it uses, fetched into the post before it is written.
    pub files: Vec<File>,
    /// Approved comments, oldest first (a reply after what it answers).
    pub comments: Vec<CommentRecord>,
}

/// A file of the old blog that a post uses.
#[derive(Debug, Clone)]
pub struct File {
    pub url: String,
    /// Other spellings of it in the body (the sizes WordPress made of an image), which
    /// are pointed at the file too.
    pub aliases: Vec<String>,
}

/// What a run did and did not do, for the summary the command prints.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub posts: u64,
    pub pages: u64,
    /// Posts and pages this run wrote (the rest were there from an earlier run).
    pub new_posts: u64,
    pub comments: u64,
    pub new_comments: u64,
    pub users_created: u64,
    pub users_matched: u64,
    /// Files registered through the binary service, and how many of them by this run.
    pub files: u64,
    pub new_files: u64,
    /// Why something was left out, and how many times.
    pub skipped: BTreeMap<String, u64>,
    /// What was brought in differently from the source, and how many times.
    pub changed: BTreeMap<String, u64>,
    /// Parts of the export this importer does not read, and how many times.
    pub unknown: BTreeMap<String, u64>,
}

impl Report {
    pub fn skip(&mut self, why: impl Into<String>) {
        *self.skipped.entry(why.into()).or_default() += 1;
    }

    pub fn change(&mut self, what: impl Into<String>) {
        *self.changed.entry(what.into()).or_default() += 1;
    }

    pub fn unknown(&mut self, what: impl Into<String>) {
        *self.unknown.entry(what.into()).or_default() += 1;
    }

    /// The summary, a line for each kind of thing.
    pub fn describe(&self) -> String {
        let mut out = format!(
            "posts: {}, pages: {} ({} new), comments: {} ({} new)\n\
             users: {} created, {} matched by e-mail address\n\
             files: {} ({} new)\n",
            self.posts,
            self.pages,
            self.new_posts,
            self.comments,
            self.new_comments,
            self.users_created,
            self.users_matched,
            self.files,
            self.new_files,
        );
        if self.users_created > 0 {
            out.push_str(
                "  accounts made here have no password: their owners set one with \"Forgot your password?\"\n",
            );
        }
        for (title, map) in [
            ("skipped", &self.skipped),
            ("changed on the way", &self.changed),
            ("not read (unknown to this importer)", &self.unknown),
        ] {
            if !map.is_empty() {
                out.push_str(title);
                out.push_str(":\n");
                for (what, n) in map {
                    out.push_str(&format!("  {n} × {what}\n"));
                }
            }
        }
        out
    }
}

/// Where files are fetched from and into.
pub struct Files<'a> {
    pub binaries: &'a Binaries,
    pub fetcher: &'a Fetcher,
}

/// Writes `blog` into `site`, which must be set up (it has an administrator): authors
/// first (matched by address, or made without a password), then each post that is not
/// there yet with its files, then its comments. Running it again changes nothing.
pub async fn move_in(
    store: &dyn Store,
    site: &Site,
    files: &Files<'_>,
    blog: Blog,
    progress: Progress<'_>,
) -> Result<Report, BackupError> {
    if store.site_admin(site).await?.is_none() {
        return Err(BackupError::Invalid(format!(
            "{site} is not set up yet: make its administrator first (the /setup page, or `sibyl user create-admin`), then import into it"
        )));
    }
    // Every post as Sibyl checks its own exports, before anything is written.
    for item in &blog.posts {
        check_post(&item.record)
            .map_err(|e| BackupError::Invalid(format!("the post {:?}: {e}", item.record.slug)))?;
    }
    let mut report = blog.report;
    let mut accounts: HashMap<UserId, UserId> = HashMap::new();
    for author in &blog.authors {
        let id = account_for(store, author, &mut report).await?;
        accounts.insert(author.id, id);
    }
    if let Some(identity) = blog.identity
        && store.site_identity(site).await? == SiteIdentity::default()
    {
        store.save_site_identity(site, &identity).await?;
    }
    let total = blog.posts.len() as u64;
    for (done, mut item) in blog.posts.into_iter().enumerate() {
        let owner = |id: Uuid| accounts.get(&UserId(id)).map_or(id, |a| a.0);
        item.record.author_id = owner(item.record.author_id);
        for revision in &mut item.record.revisions {
            revision.author_id = owner(revision.author_id);
        }
        for comment in &mut item.comments {
            if let CommenterRecord::Member { id, .. } = &mut comment.author {
                *id = owner(*id);
            }
        }
        let id = PostId(item.record.id);
        if item.record.kind == "page" {
            report.pages += 1;
        } else {
            report.posts += 1;
        }
        if store.post_by_id(site, id).await?.is_none() {
            // Its files first, so that the first revision points at them; a run that
            // stops before the post is written finds them again by their URLs.
            let owner = UserId(item.record.author_id);
            let mut moved = Vec::new();
            for file in &item.files {
                if let Some(path) = fetch(site, files, id, owner, file, &mut report).await? {
                    moved.push((file, path));
                }
            }
            for revision in &mut item.record.revisions {
                revision.body = repoint(&revision.body, &moved);
            }
            report.new_posts += 1;
        } else {
            report.files += item.files.len() as u64;
        }
        let (slug, title) = write_post(store, site, &item.record).await?;
        for comment in &item.comments {
            report.comments += 1;
            if write_comment(store, site, comment, &slug, &title).await? {
                report.new_comments += 1;
            }
        }
        progress(done as u64 + 1, total, "posts");
    }
    Ok(report)
}

/// The account an author's posts go to: the one with their address, or one made for
/// them with the first free user name like theirs and no password.
async fn account_for(
    store: &dyn Store,
    author: &Author,
    report: &mut Report,
) -> Result<UserId, BackupError> {
    let login = Login::parse(author.email.as_str()).map_err(|e| BackupError::Invalid(e.0))?;
    if let Some(user) = store.user_by_login(&login).await? {
        if user.id != author.id {
            report.users_matched += 1;
        }
        if user.role == Role::Reader {
            store
                .set_role(user.id, Role::Author)
                .await
                .map_err(account_error)?;
            report.change("readers made authors to keep their posts");
        }
        return Ok(user.id);
    }
    if store.user(author.id).await?.is_some() {
        // Made by an earlier run, and its address changed since.
        return Ok(author.id);
    }
    let base = user_name_like(&author.login);
    for n in 1..=50u32 {
        let wanted = if n == 1 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        let Ok(username) = Username::parse_chosen(&wanted) else {
            continue;
        };
        let profile = Profile::parse(
            &author.display_name,
            &author.bio,
            &author.homepage,
            &username,
        )
        .or_else(|_| Profile::parse(&author.display_name, "", "", &username))
        .or_else(|_| Profile::parse("", "", "", &username))
        .map_err(|e| BackupError::Invalid(e.0))?;
        let user = NewUser {
            id: author.id,
            username: username.clone(),
            email: author.email.clone(),
            display_name: profile.display_name.clone(),
            role: Role::Author,
            password_hash: PasswordHash::from_stored(NO_PASSWORD.into()),
            created: crate::domain::now(),
        };
        match store.create_user(user).await {
            Ok(_) => {
                store
                    .update_profile(author.id, &profile)
                    .await
                    .map_err(account_error)?;
                if n > 1 {
                    report.change("authors given another user name (theirs was taken)");
                }
                report.users_created += 1;
                return Ok(author.id);
            }
            Err(crate::store::AccountError::Taken(crate::store::Taken::Username)) => continue,
            Err(e) => return Err(account_error(e)),
        }
    }
    Err(BackupError::Occupied(format!(
        "no free user name like {:?} for {}",
        author.login,
        author.email.as_str()
    )))
}

fn account_error(e: crate::store::AccountError) -> BackupError {
    match e {
        crate::store::AccountError::Store(e) => BackupError::Store(e),
        other => BackupError::Invalid(other.to_string()),
    }
}

/// A user name made of what a login has that user names may have.
fn user_name_like(login: &str) -> String {
    let kept: String = login
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '_' | '-' | '.') {
                c
            } else {
                '-'
            }
        })
        .take(Username::MAX - 3)
        .collect();
    let kept = kept.trim_matches('-').to_owned();
    if kept.is_empty() {
        "author".into()
    } else if kept.chars().count() < Username::MIN {
        format!("author-{kept}")
    } else {
        kept
    }
}

/// Registers one file under a post through the binary service's fetch (its address rules
/// and limits apply), or finds it registered by an earlier run; where it is served now.
async fn fetch(
    site: &Site,
    files: &Files<'_>,
    post: PostId,
    owner: UserId,
    file: &File,
    report: &mut Report,
) -> Result<Option<String>, BackupError> {
    report.files += 1;
    let context = Context::post(post);
    let url = crate::binaries::fetch::check_url(&file.url).map(|u| u.to_string());
    let there = files
        .binaries
        .store
        .references_in(site, &context)
        .await?
        .into_iter()
        .find(|r| r.url.is_some() && r.url.as_deref() == url.as_deref().ok());
    if let Some(reference) = there {
        return Ok(Some(paths::binary(&reference.id.to_string())));
    }
    let upload = Upload {
        site: site.clone(),
        context,
        owner,
        name: String::new(),
    };
    match files
        .binaries
        .fetch_url(files.fetcher, upload, &file.url, None)
        .await
    {
        Ok(ingested) => {
            report.new_files += 1;
            match ingested.original.status {
                Status::Ok => {}
                Status::Retry => {
                    report.change("files not reachable now, fetched again in the background")
                }
                Status::Error => report.skip(format!(
                    "file {}: {}",
                    file.url,
                    ingested.original.error.as_deref().unwrap_or("refused")
                )),
            }
            Ok(Some(paths::binary(&ingested.reference.id.to_string())))
        }
        Err(FetchUrlError::Refused(why)) => {
            report.skip(format!("file {}: {why}", file.url));
            Ok(None)
        }
        Err(FetchUrlError::Ingest(crate::binaries::IngestError::Store(e))) => Err(e.into()),
        Err(FetchUrlError::Ingest(e)) => {
            report.skip(format!("file {}: {e}", file.url));
            Ok(None)
        }
    }
}

/// The body with every spelling of each moved file's URL pointed at where it is now
/// (the longest spellings first, so that none is cut by a shorter one).
fn repoint(body: &str, moved: &[(&File, String)]) -> String {
    let mut pairs: Vec<(&str, &str)> = moved
        .iter()
        .flat_map(|(file, path)| {
            std::iter::once(file.url.as_str())
                .chain(file.aliases.iter().map(String::as_str))
                .map(move |from| (from, path.as_str()))
        })
        .collect();
    pairs.sort_by_key(|(from, _)| std::cmp::Reverse(from.len()));
    let mut body = body.to_owned();
    for (from, to) in pairs {
        body = body.replace(from, to);
    }
    body
}

/// A post or page as a reader found it, in Sibyl's terms.
pub(super) struct Entry {
    pub id: PostId,
    pub slug: String,
    /// `post` or `page`.
    pub kind: &'static str,
    pub author: UserId,
    pub author_name: String,
    /// Published at `published`, or a draft.
    pub published: Option<chrono::DateTime<chrono::Utc>>,
    pub created: chrono::DateTime<chrono::Utc>,
    pub scheduled: Option<chrono::DateTime<chrono::Utc>>,
    pub comments_closed: bool,
    pub title: String,
    pub body: String,
    pub tags: Vec<String>,
}

impl Entry {
    /// The record `sibyl import sibyl` would read: one revision, "Imported from ...".
    pub(super) fn into_record(self, engine: &str) -> PostRecord {
        PostRecord {
            id: self.id.0,
            slug: self.slug,
            kind: self.kind.into(),
            locale: String::new(),
            author_id: self.author.0,
            author_name: self.author_name.clone(),
            status: if self.published.is_some() {
                "published"
            } else {
                "draft"
            }
            .into(),
            created: self.created,
            published: self.published,
            first_published: self.published,
            scheduled: self.scheduled,
            comments_closed: self.comments_closed,
            revisions: vec![RevisionRecord {
                number: 1,
                title: self.title,
                body: self.body,
                tags: self.tags,
                author_id: self.author.0,
                author_name: self.author_name,
                created: self.created,
                message: format!("Imported from {engine}"),
            }],
            translations: Vec::new(),
        }
    }
}

/// Comments placed in their threads as they are read, oldest first, by the source's ids:
/// a reply joins its parent's thread; one whose parent was not brought in stands on its
/// own.
#[derive(Default)]
pub(super) struct Threads(HashMap<String, (Uuid, Uuid)>);

impl Threads {
    /// The parent and thread of the comment `id` (`key` in the source) that answers
    /// `parent` (the source's id, if any); remembered for its own replies.
    pub(super) fn place(
        &mut self,
        key: String,
        id: Uuid,
        parent: Option<&str>,
        report: &mut Report,
    ) -> (Option<Uuid>, Uuid) {
        let placed = match parent.map(|p| self.0.get(p)) {
            Some(Some((parent, thread))) => (Some(*parent), *thread),
            None => (None, id),
            Some(None) => {
                report.change("replies to comments not brought in made comments of their own");
                (None, id)
            }
        };
        self.0.insert(key, (id, placed.1));
        placed
    }
}

/// A title as a post takes it: "Untitled" for none, cut at the most a title has.
pub(super) fn title_of(raw: &str, report: &mut Report) -> String {
    let title = raw.trim();
    if title.is_empty() {
        report.change("posts without a title called \"Untitled\"");
        return "Untitled".into();
    }
    if title.chars().count() > crate::domain::Title::MAX {
        report.change("titles cut to 200 characters");
        return title.chars().take(crate::domain::Title::MAX).collect();
    }
    title.to_owned()
}

/// Tag names as a post takes them: characters a tag cannot have made spaces, repeats and
/// empty ones dropped, at most ten.
pub(super) fn tags_of(names: &[String], report: &mut Report) -> Vec<String> {
    let mut tags: Vec<String> = Vec::new();
    for name in names {
        let cleaned: String = name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || matches!(c, '-' | '_' | ' ' | '.' | '+' | '#') {
                    c
                } else {
                    ' '
                }
            })
            .collect();
        let cleaned: String = cleaned
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .chars()
            .take(crate::domain::Tag::MAX)
            .collect();
        let Ok(tag) = crate::domain::Tag::parse(&cleaned) else {
            report.skip("tags without a letter or digit");
            continue;
        };
        if tags.iter().any(|t| t == tag.as_str()) {
            continue;
        }
        if tags.len() == crate::domain::Tags::MAX {
            report.skip("tags beyond the ten a post has");
            continue;
        }
        tags.push(tag.as_str().to_owned());
    }
    tags
}

/// A slug as the source had it, or one made from the title when it has none Sibyl takes.
pub(super) fn slug_of(raw: &str, title: &str) -> String {
    use crate::domain::{Slug, Title};
    if let Ok(slug) = Slug::parse(raw.trim()) {
        return slug.as_str().to_owned();
    }
    let words = raw.trim().replace(['-', '_'], " ");
    let from = if words.trim().is_empty() {
        title
    } else {
        words.as_str()
    };
    Title::parse(from)
        .or_else(|_| Title::parse("untitled"))
        .map(|t| Slug::from_title(&t).as_str().to_owned())
        .unwrap_or_else(|_| "untitled".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_names_are_made_of_what_logins_have() {
        assert_eq!(user_name_like("jane doe"), "jane-doe");
        assert_eq!(user_name_like("jo"), "author-jo");
        assert_eq!(user_name_like("a@b"), "a-b");
        assert_eq!(user_name_like("@@"), "author");
        assert!(Username::parse_chosen(&user_name_like(&"x".repeat(99))).is_ok());
    }

    #[test]
    fn tags_are_cleaned_deduplicated_and_capped() {
        let mut report = Report::default();
        let names: Vec<String> = ["News & Events", "news events", "!!!"]
            .into_iter()
            .map(String::from)
            .chain((0..12).map(|i| format!("t{i}")))
            .collect();
        let tags = tags_of(&names, &mut report);
        assert_eq!(tags.len(), 10);
        assert_eq!(tags[0], "news events");
        assert_eq!(tags[1], "t0");
        assert_eq!(report.skipped["tags beyond the ten a post has"], 3);
        assert_eq!(report.skipped["tags without a letter or digit"], 1);
    }

    #[test]
    fn every_spelling_of_a_file_is_repointed() {
        let file = File {
            url: "https://old.example/up/a.jpg".into(),
            aliases: vec!["https://old.example/up/a-300x200.jpg".into()],
        };
        let body = r#"<img src="https://old.example/up/a-300x200.jpg"> <a href="https://old.example/up/a.jpg">"#;
        let moved = [(&file, "/binary/r1".to_owned())];
        assert_eq!(
            repoint(body, &moved),
            r#"<img src="/binary/r1"> <a href="/binary/r1">"#
        );
    }

    #[test]
    fn slugs_are_kept_or_made_from_the_title() {
        assert_eq!(slug_of("hello-world", "x"), "hello-world");
        assert_eq!(slug_of("", "Hello, World"), "hello-world");
        assert_eq!(slug_of("Hello_World", "x"), "hello-world");
    }
}

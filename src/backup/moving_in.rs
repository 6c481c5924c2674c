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

use super::restore::{Bring, NO_PASSWORD, account_error, check_post, write_comment, write_post};
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
use crate::urls;
use std::collections::{BTreeMap, HashMap, HashSet};

mod text;
use text::remote_images;
pub(super) use text::{comment_body, guest_name, slug_of, tags_of, title_of, unescape_html};

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
    /// The address of their picture, or empty.
    pub image: String,
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

/// The author of posts whose author the export does not name (a WXR 1.0 file has no
/// list of authors): they go to the site's administrator.
pub(super) const ADMIN: UserId = UserId(Uuid::nil());

/// Writes `blog` into `site`, which must be set up (it has an administrator): the authors
/// of what is brought in first (matched by address, or made without a password), then
/// each post with its files, then its comments. A post there already is only brought
/// forward (published once, never withdrawn again); one deleted here since is left
/// deleted. Running it again changes nothing.
pub async fn move_in(
    store: &dyn Store,
    site: &Site,
    files: &Files<'_>,
    blog: Blog,
    progress: Progress<'_>,
) -> Result<Report, BackupError> {
    let own_roles = store.registered_site(site).await?.is_some();
    let Some(admin) = store.site_admin(site).await? else {
        return Err(BackupError::Invalid(format!(
            "{site} is not set up yet: make its administrator first (the /setup page, or `sibyl user create-admin`), then import into it"
        )));
    };
    let admin_name = store
        .user(admin)
        .await?
        .map(|u| u.display_name)
        .unwrap_or_default();
    // Every post as Sibyl checks its own exports, before anything is written.
    for item in &blog.posts {
        check_post(&item.record)
            .map_err(|e| BackupError::Invalid(format!("the post {:?}: {e}", item.record.slug)))?;
    }
    let mut report = blog.report;
    // Accounts only for those who wrote something that is brought in.
    let mut wrote: HashSet<UserId> = HashSet::new();
    let mut posted: HashSet<UserId> = HashSet::new();
    for item in &blog.posts {
        posted.insert(UserId(item.record.author_id));
        wrote.insert(UserId(item.record.author_id));
        wrote.extend(item.record.revisions.iter().map(|r| UserId(r.author_id)));
        for comment in &item.comments {
            if let CommenterRecord::Member { id, .. } = comment.author {
                wrote.insert(UserId(id));
            }
        }
    }
    let mut accounts: HashMap<UserId, UserId> = HashMap::from([(ADMIN, admin)]);
    for author in &blog.authors {
        if !wrote.contains(&author.id) {
            report.skip("authors with no post or comment brought in");
            continue;
        }
        let writes = posted.contains(&author.id);
        let id = account_for(store, author, writes, &mut report).await?;
        if own_roles {
            // A registered site's roles are its own: the author's standing there.
            let member = store
                .join_site(
                    site,
                    id,
                    if writes { Role::Author } else { Role::Reader },
                    crate::domain::now(),
                )
                .await?;
            if writes && member.role == Role::Reader {
                store
                    .set_membership(site, id, Some(Role::Author), None, crate::domain::now())
                    .await?;
                report.change("readers made authors to keep their posts");
            }
        }
        accounts.insert(author.id, id);
    }
    let identity = store.site_identity(site).await?;
    if let Some(brought) = blog.identity
        && identity == SiteIdentity::default()
    {
        store.save_site_identity(site, &brought).await?;
    }
    // A site that shows images from its own files only gets the others' images too,
    // where the address rules let them be fetched; the rest are listed in the report.
    let own_images_only = identity.own_images_only;
    let total = blog.posts.len() as u64;
    for (done, mut item) in blog.posts.into_iter().enumerate() {
        if item.record.author_id == ADMIN.0 {
            item.record.author_name = admin_name.clone();
            for revision in &mut item.record.revisions {
                revision.author_name = admin_name.clone();
            }
        }
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
        progress(done as u64, total, "posts");
        let id = PostId(item.record.id);
        let there = store.post_by_id(site, id).await?.is_some();
        if !there && store.is_deleted(site, id).await? {
            report.skip("posts deleted here since an earlier import");
            continue;
        }
        // A draft joins its author's desk only while the desk has room.
        if !there && item.record.kind != "page" && stays_draft(&item.record) {
            let author = UserId(item.record.author_id);
            let drafts = store
                .drafts_counted(site, author, crate::domain::MAX_DRAFTS_PER_AUTHOR)
                .await?;
            if crate::domain::post::room_for_draft(drafts).is_err() {
                report.skip(format!(
                    "drafts whose author already keeps {} drafts here, the most a desk holds",
                    crate::domain::MAX_DRAFTS_PER_AUTHOR
                ));
                continue;
            }
        }
        if item.record.kind == "page" {
            report.pages += 1;
        } else {
            report.posts += 1;
        }
        if own_images_only {
            add_remote_images(&mut item);
        }
        // Its files first, so that the first revision points at them: found again by
        // their URLs (a run that stopped after fetching them), fetched only for a post
        // not there yet (an author may have removed one since).
        let upload = Upload {
            site: site.clone(),
            context: Context::post(id),
            owner: UserId(item.record.author_id),
            name: String::new(),
        };
        let registered = match item.files.is_empty() {
            true => Vec::new(),
            false => {
                files
                    .binaries
                    .store
                    .references_in(site, &Context::post(id))
                    .await?
            }
        };
        let mut moved = Vec::new();
        for file in &item.files {
            let found = file_for(files, &registered, &upload, file, !there, &mut report);
            if let Some(path) = found.await? {
                moved.push((file, path));
            }
        }
        if !there {
            for revision in &mut item.record.revisions {
                let body = repoint(&revision.body, &moved);
                if body.len() <= crate::domain::post::Body::MAX_BYTES {
                    revision.body = body;
                } else {
                    report.change(
                        "posts too long to point at the files here, left pointing at the old ones",
                    );
                }
            }
            if own_images_only && let Some(current) = item.record.revisions.last() {
                for url in remote_images(&current.body) {
                    report.skip(format!(
                        "images from other sites that stay in a post and are not shown: {url} in {}",
                        item.record.slug
                    ));
                }
            }
            report.new_posts += 1;
        }
        let (slug, title) = write_post(store, site, &item.record, Bring::Forward).await?;
        for comment in &item.comments {
            report.comments += 1;
            if write_comment(store, site, comment, &slug, &title).await? {
                report.new_comments += 1;
            }
        }
    }
    progress(total, total, "posts");
    Ok(report)
}

/// Whether an imported post stays a draft here: never published, nor scheduled.
fn stays_draft(record: &PostRecord) -> bool {
    record.status == "draft"
        && record.scheduled.is_none()
        && record.published.is_none()
        && record.first_published.is_none()
}

/// The account an author's posts (or comments) go to: the one with their address, or one
/// made for them with the first free user name like theirs and no password.
async fn account_for(
    store: &dyn Store,
    author: &Author,
    writes_posts: bool,
    report: &mut Report,
) -> Result<UserId, BackupError> {
    let login = Login::parse(author.email.as_str()).map_err(|e| BackupError::Invalid(e.0))?;
    if let Some(user) = store.user_by_login(&login).await? {
        if user.id != author.id {
            report.users_matched += 1;
        }
        if user.role == Role::Reader && writes_posts {
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
            &author.image,
            &username,
        )
        .or_else(|_| Profile::parse(&author.display_name, "", "", "", &username))
        .or_else(|_| Profile::parse("", "", "", "", &username))
        .map_err(|e| BackupError::Invalid(e.0))?;
        let user = NewUser {
            id: author.id,
            username: username.clone(),
            email: author.email.clone(),
            display_name: profile.display_name.clone(),
            // A reader who only commented stays one.
            role: if writes_posts {
                Role::Author
            } else {
                Role::Reader
            },
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

/// Where one file of a post is served here: registered by an earlier run (found by its
/// URL), or, when `fetch` says so, fetched now through the binary service (its address
/// rules and limits apply). None for a file refused, which keeps its old URL.
async fn file_for(
    files: &Files<'_>,
    registered: &[crate::store::binaries::Reference],
    upload: &Upload,
    file: &File,
    fetch: bool,
    report: &mut Report,
) -> Result<Option<String>, BackupError> {
    let url = crate::binaries::fetch::check_url(&file.url).map(|u| u.to_string());
    let there = registered
        .iter()
        .find(|r| r.url.is_some() && r.url.as_deref() == url.as_deref().ok());
    if let Some(reference) = there {
        let original = files.binaries.store.original(reference.original).await?;
        if original.is_some_and(|o| o.status != Status::Error) {
            report.files += 1;
            return Ok(Some(urls::binary(&reference.id.to_string())));
        }
        return Ok(None);
    }
    if !fetch {
        return Ok(None);
    }
    let refused = |why: &str, report: &mut Report| {
        report.skip(format!("file {}: {why}", file.url));
        Ok(None)
    };
    match files
        .binaries
        .fetch_url(files.fetcher, upload.clone(), &file.url, None)
        .await
    {
        Ok(ingested) => match ingested.original.status {
            Status::Error => refused(
                ingested.original.error.as_deref().unwrap_or("refused"),
                report,
            ),
            status => {
                if status == Status::Retry {
                    report.change("files not reachable now, fetched again in the background");
                }
                report.files += 1;
                report.new_files += 1;
                Ok(Some(urls::binary(&ingested.reference.id.to_string())))
            }
        },
        Err(FetchUrlError::Refused(why)) => refused(&why, report),
        Err(FetchUrlError::Ingest(crate::binaries::IngestError::Store(e))) => Err(e.into()),
        Err(FetchUrlError::Ingest(e)) => refused(&e.to_string(), report),
    }
}

/// Adds to a post's files the images its texts show from other sites (the old blog's
/// own are among its files already). One written `//host/...` is fetched over https.
fn add_remote_images(item: &mut Item) {
    for revision in &item.record.revisions {
        for spelled in remote_images(&revision.body) {
            let listed = item
                .files
                .iter()
                .any(|f| f.url == spelled || f.aliases.contains(&spelled));
            if listed {
                continue;
            }
            item.files.push(match spelled.strip_prefix("//") {
                Some(_) => File {
                    url: format!("https:{spelled}"),
                    aliases: vec![spelled],
                },
                None => File {
                    url: spelled,
                    aliases: Vec::new(),
                },
            });
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

/// The approved comments of one post, as a reader finds them oldest first: each checked
/// as a comment written here is, named by its source's id, and placed in its thread (a
/// reply joins its parent's; one whose parent was not brought in stands on its own).
pub(super) struct Comments {
    post: PostId,
    /// What every comment's id is named by, before the source's id.
    names: String,
    placed: HashMap<String, (Uuid, Uuid)>,
    records: Vec<CommentRecord>,
}

impl Comments {
    pub(super) fn new(post: PostId, names: String) -> Self {
        Self {
            post,
            names,
            placed: HashMap::new(),
            records: Vec::new(),
        }
    }

    /// Brings in the comment `source` (the source's id), written at `written` as `html`
    /// by `author`, answering the comment `answers` (the source's id), or counts why not.
    pub(super) fn add(
        &mut self,
        source: String,
        written: chrono::DateTime<chrono::Utc>,
        answers: Option<&str>,
        author: CommenterRecord,
        html: &str,
        report: &mut Report,
    ) {
        if html.trim().is_empty() {
            report.skip("empty comments");
            return;
        }
        let Ok(body) = comment_body(html) else {
            report.skip("comments longer, or with more links, than a comment here takes");
            return;
        };
        if self.records.len() as u64 == crate::domain::comment::MAX_COMMENTS_PER_POST {
            report.skip("comments beyond the 10,000 a post has");
            return;
        }
        let id = crate::domain::timeuuid::named(written, &format!("{}{source}", self.names));
        let (parent, thread) = match answers.map(|a| self.placed.get(a)) {
            Some(Some((parent, thread))) => (Some(*parent), *thread),
            None => (None, id),
            Some(None) => {
                report.change("replies to comments not brought in made comments of their own");
                (None, id)
            }
        };
        self.placed.insert(source, (id, thread));
        self.records.push(CommentRecord {
            post: self.post.0,
            id,
            thread,
            parent,
            author,
            body,
            state: "approved".into(),
        });
    }

    pub(super) fn into_records(self) -> Vec<CommentRecord> {
        self.records
    }
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
}

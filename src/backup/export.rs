//! `sibyl export DIR`: reads a site through the store's contract and writes it as the
//! files of [`super`], one record at a time. The folder must not exist, or be empty; the
//! manifest is written last, so a folder without one is an export that did not finish.

use super::*;
use crate::domain::{
    CommentState, Commenter, Locale, Post, PostId, SavedRevision, Site, User, UserId,
};
use crate::store::Store;
use std::io::Write;
use std::path::Path;

/// Records read per page of a list.
const PAGE: usize = 100;

/// Writes `site` from `store` into `dir`; `with_hashes` adds the accounts' password
/// hashes. `progress` is told of each post written.
#[expect(clippy::expect_used, reason = "plain records always serialize to JSON")]
pub async fn export(
    store: &dyn Store,
    site: &Site,
    dir: &Path,
    with_hashes: bool,
    progress: Progress<'_>,
) -> Result<Manifest, BackupError> {
    let Some(admin) = store.site_admin(site).await? else {
        return Err(BackupError::Invalid(format!(
            "there is no site at {site} in this store (is --site-url its address?)"
        )));
    };
    prepare_folder(dir)?;
    let mut counts = Counts::default();
    write_site(store, site, admin, dir).await?;

    let mut users = Lines::create(&dir.join(USERS))?;
    let mut accounts: Vec<UserId> = Vec::new();
    if store.registered_site(site).await?.is_some() {
        // A registered site's accounts are its members, with their roles and bans there:
        // nothing of the deployment's other accounts.
        let mut before = None;
        loop {
            let page = store
                .members_page(site, before, crate::store::members::MEMBERS_PAGE_CAP)
                .await?;
            let Some((last, member)) = page.last() else {
                break;
            };
            before = Some((member.joined, *last));
            for (id, member) in &page {
                let Some(mut user) = store.user(*id).await? else {
                    continue;
                };
                if crate::app::deletion::is_deleted(&user) {
                    continue;
                }
                user.role = member.role;
                user.banned = member.banned;
                users.write(&user_record(&user, with_hashes))?;
                accounts.push(user.id);
                counts.users += 1;
            }
        }
    } else {
        let mut before = None;
        loop {
            let page = store.newest_users(before, PAGE).await?;
            let Some(last) = page.last() else { break };
            before = Some((last.created, last.id));
            for user in &page {
                if crate::app::deletion::is_deleted(user) {
                    continue;
                }
                users.write(&user_record(user, with_hashes))?;
                accounts.push(user.id);
                counts.users += 1;
            }
        }
    }
    users.finish()?;

    let mut posts = Lines::create(&dir.join(POSTS))?;
    let mut comments = Lines::create(&dir.join(COMMENTS))?;
    let mut files = Files::create(store, dir)?;
    for id in post_ids(store, site, &accounts).await? {
        let Some(post) = store.post_by_id(site, id).await? else {
            continue;
        };
        let record = post_record(store, site, &post).await?;
        counts.posts += 1;
        counts.revisions += record.revisions.len() as u64;
        counts.translations += record.translations.len() as u64;
        posts.write(&record)?;
        counts.comments += write_comments(store, site, id, &mut comments).await?;
        counts.files += files.write(site, id).await?;
        progress(counts.posts, 0, "posts");
    }
    posts.finish()?;
    comments.finish()?;
    files.finish()?;

    let manifest = Manifest {
        format: FORMAT.into(),
        version: VERSION,
        generator: format!("sibyl {}", env!("CARGO_PKG_VERSION")),
        site: site.as_str().to_owned(),
        exported: crate::domain::now(),
        password_hashes: with_hashes,
        counts,
    };
    let text = serde_json::to_string_pretty(&manifest).expect("a manifest serializes");
    let path = dir.join(MANIFEST);
    create_file(&path)?
        .write_all((text + "\n").as_bytes())
        .map_err(|e| BackupError::file(&path, e))?;
    Ok(manifest)
}

/// Makes `dir`, or accepts it empty: an export never mixes with other files. Only its
/// owner may read it (it holds addresses, and hashes if asked).
fn prepare_folder(dir: &Path) -> Result<(), BackupError> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                return Err(BackupError::Files(format!(
                    "{} is not empty: export into a new folder",
                    dir.display()
                )));
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(dir).map_err(|e| BackupError::file(dir, e))?;
        }
        Err(e) => return Err(BackupError::file(dir, e)),
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| BackupError::file(dir, e))?;
    }
    Ok(())
}

/// A file of the export, readable by its owner only.
fn create_file(path: &Path) -> Result<std::fs::File, BackupError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path).map_err(|e| BackupError::file(path, e))
}

#[expect(clippy::expect_used, reason = "plain records always serialize to JSON")]
async fn write_site(
    store: &dyn Store,
    site: &Site,
    admin: UserId,
    dir: &Path,
) -> Result<(), BackupError> {
    let identity = store.site_identity(site).await?;
    let settings = store.comment_settings(site).await?;
    let record = SiteRecord {
        admin: Some(admin.0),
        title: identity.title,
        tagline: identity.tagline,
        description: identity.description,
        language: identity.language.code(),
        footer: identity.footer,
        own_images_only: identity.own_images_only,
        fediverse_off: identity.fediverse_off,
        fediverse_pages: identity.fediverse_pages,
        second_factor_for: identity.second_factor_for.as_str().to_owned(),
        comments: CommentSettingsRecord {
            guests: settings.guests,
            trust_approved: settings.trust_approved,
            close_after_days: settings.close_after_days,
            remove_deleted_accounts_comments: settings.remove_deleted_accounts_comments,
        },
    };
    let path = dir.join(SITE);
    let text = serde_json::to_string_pretty(&record).expect("a site serializes");
    create_file(&path)?
        .write_all((text + "\n").as_bytes())
        .map_err(|e| BackupError::file(&path, e))
}

fn user_record(user: &User, with_hashes: bool) -> UserRecord {
    UserRecord {
        id: user.id.0,
        username: user.username.as_str().to_owned(),
        email: user.email.as_str().to_owned(),
        display_name: user.display_name.clone(),
        role: user.role.as_str().to_owned(),
        created: user.created,
        bio: user.bio.clone(),
        homepage: user.homepage.clone(),
        image: user.image.clone(),
        banned: user.banned,
        password_hash: with_hashes.then(|| user.password_hash.as_str().to_owned()),
    }
}

/// Every post and page of the site: each account's published posts and drafts, the
/// scheduled drafts, the pages.
async fn post_ids(
    store: &dyn Store,
    site: &Site,
    accounts: &[UserId],
) -> Result<Vec<PostId>, BackupError> {
    let mut ids = Vec::new();
    for &account in accounts {
        ids.extend(
            crate::store::author_post_ids(store, site, account, PAGE)
                .await
                .map_err(BackupError::page)?,
        );
    }
    ids.extend(store.scheduled_posts(site).await?.iter().map(|s| s.id));
    ids.extend(store.site_pages(site).await?.iter().map(|p| p.id));
    // In an order of their own, the same whichever store lists them.
    ids.sort_by_key(|id| id.0);
    ids.dedup();
    Ok(ids)
}

async fn post_record(
    store: &dyn Store,
    site: &Site,
    post: &Post,
) -> Result<PostRecord, BackupError> {
    let revisions = history(store, site, post.id, &post.locale, post.revision).await?;
    let mut translations = Vec::new();
    for translation in store.translations(site, post.id).await? {
        translations.push(TranslationRecord {
            locale: translation.locale.code(),
            status: translation.status.as_str().to_owned(),
            published: translation.published,
            revisions: history(
                store,
                site,
                post.id,
                &translation.locale,
                translation.revision,
            )
            .await?,
        });
    }
    Ok(PostRecord {
        id: post.id.0,
        slug: post.slug.as_str().to_owned(),
        kind: post.kind.as_str().to_owned(),
        locale: post.locale.code(),
        author_id: post.author_id.0,
        author_name: post.author_name.clone(),
        status: post.status.as_str().to_owned(),
        created: post.created,
        published: post.published,
        first_published: post.first_published,
        scheduled: post.scheduled,
        comments_closed: post.comments_closed,
        revisions,
        translations,
    })
}

async fn history(
    store: &dyn Store,
    site: &Site,
    post: PostId,
    locale: &Locale,
    newest: u32,
) -> Result<Vec<RevisionRecord>, BackupError> {
    let mut revisions = Vec::with_capacity(newest as usize);
    for number in 1..=newest {
        let revision: SavedRevision = store
            .revision(site, post, locale, number)
            .await?
            .ok_or_else(|| {
                BackupError::Invalid(format!(
                    "post {} lacks revision {number} of {newest}",
                    post.0
                ))
            })?;
        revisions.push(RevisionRecord {
            number,
            title: revision.title.as_str().to_owned(),
            body: revision.body.as_str().to_owned(),
            tags: revision.tags.to_strings(),
            author_id: revision.author_id.0,
            author_name: revision.author_name,
            created: revision.created,
            message: revision.message,
        });
    }
    Ok(revisions)
}

/// A post's comments in every state but deleted, oldest first.
async fn write_comments(
    store: &dyn Store,
    site: &Site,
    post: PostId,
    out: &mut Lines,
) -> Result<u64, BackupError> {
    let mut all = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let page = store
            .comment_page(site, post, cursor.as_deref(), PAGE)
            .await
            .map_err(BackupError::page)?;
        // The thread holds what readers see; the comment's row has its Markdown and
        // its author's address.
        for shown in page.comments {
            if let Some(comment) = store.comment(site, post, shown.id).await? {
                all.push(comment);
            }
        }
        // Threads run oldest first: the next page is the newer one.
        match page.newer {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    for state in [
        CommentState::Pending,
        CommentState::Spam,
        CommentState::Rejected,
    ] {
        let mut cursor: Option<String> = None;
        loop {
            let page = store
                .moderation_list(site, state, Some(post), cursor.as_deref(), PAGE)
                .await
                .map_err(BackupError::page)?;
            all.extend(page.comments);
            match page.next {
                Some(next) => cursor = Some(next),
                None => break,
            }
        }
    }
    all.sort_by_key(|c| (c.created(), c.id));
    all.dedup_by_key(|c| c.id);
    for comment in &all {
        out.write(&CommentRecord {
            post: post.0,
            id: comment.id.0,
            thread: comment.thread.0,
            parent: comment.parent.map(|p| p.0),
            author: match &comment.author {
                Commenter::Member { id, name } => CommenterRecord::Member {
                    id: id.0,
                    name: name.clone(),
                },
                Commenter::Guest { name, email } => CommenterRecord::Guest {
                    name: name.clone(),
                    email: email.clone(),
                },
                Commenter::Remote { actor, name } => CommenterRecord::Remote {
                    actor: actor.clone(),
                    name: name.clone(),
                },
            },
            body: comment.body.as_str().to_owned(),
            state: comment.state.as_str().to_owned(),
        })?;
    }
    Ok(all.len() as u64)
}

/// The attachments being written: a record each, and the bytes once for every checksum.
struct Files {
    binaries: crate::binaries::Binaries,
    records: Lines,
    folder: std::path::PathBuf,
    written: std::collections::HashSet<String>,
}

impl Files {
    fn create(store: &dyn Store, dir: &Path) -> Result<Self, BackupError> {
        let folder = dir.join(FILE_BYTES);
        std::fs::create_dir(&folder).map_err(|e| BackupError::file(&folder, e))?;
        Ok(Self {
            binaries: crate::binaries::Binaries::new(store.binaries(), Default::default()),
            records: Lines::create(&dir.join(FILES))?,
            folder,
            written: Default::default(),
        })
    }

    /// A post's attachments that have bytes (a fetch that never succeeded has none, and
    /// is left out), in the order of their ids; how many.
    async fn write(&mut self, site: &Site, post: PostId) -> Result<u64, BackupError> {
        let context = crate::store::binaries::Context::post(post);
        let mut references = self.binaries.store.references_in(site, &context).await?;
        references.sort_by(|a, b| a.id.as_str().cmp(b.id.as_str()));
        let mut written = 0;
        for reference in references {
            let Some(original) = self.binaries.store.original(reference.original).await? else {
                continue;
            };
            if !original.has_bytes() || original.checksum.is_empty() {
                continue;
            }
            if !self.written.contains(&original.checksum) {
                self.write_bytes(&original).await?;
                self.written.insert(original.checksum.clone());
            }
            self.records.write(&FileRecord {
                reference: reference.id.as_str().to_owned(),
                post: post.0,
                name: reference.name,
                owner: reference.owner.0,
                created: reference.created,
                url: reference.url,
                size: original.size,
                checksum: original.checksum,
            })?;
            written += 1;
        }
        Ok(written)
    }

    /// An original's bytes into `files/<checksum>`, chunk by chunk, checked against
    /// their checksum as they are written: an export never holds bytes its import would
    /// refuse.
    async fn write_bytes(&self, original: &crate::binaries::Original) -> Result<(), BackupError> {
        use futures_util::StreamExt;
        use sha2::Digest;
        let path = self.folder.join(&original.checksum);
        let mut file = create_file(&path)?;
        let mut sum = sha2::Sha256::new();
        let mut chunks = std::pin::pin!(self.binaries.read_range(original, 0, original.size));
        while let Some(chunk) = chunks.next().await {
            let chunk = chunk?;
            sum.update(&chunk);
            file.write_all(&chunk)
                .map_err(|e| BackupError::file(&path, e))?;
        }
        file.sync_all().map_err(|e| BackupError::file(&path, e))?;
        if crate::domain::token::hex(&sum.finalize()) != original.checksum {
            return Err(BackupError::Invalid(format!(
                "the stored bytes of {} do not match their checksum: the store is damaged (run `sibyl repair`, or remove the file from its post)",
                original.id
            )));
        }
        Ok(())
    }

    fn finish(self) -> Result<(), BackupError> {
        self.records.finish()
    }
}

/// A JSON-lines file being written.
struct Lines {
    path: std::path::PathBuf,
    out: std::io::BufWriter<std::fs::File>,
}

impl Lines {
    fn create(path: &Path) -> Result<Self, BackupError> {
        let file = create_file(path)?;
        Ok(Self {
            path: path.to_owned(),
            out: std::io::BufWriter::new(file),
        })
    }

    fn write(&mut self, record: &impl Serialize) -> Result<(), BackupError> {
        serde_json::to_writer(&mut self.out, record)
            .map_err(|e| BackupError::file(&self.path, e))?;
        self.out
            .write_all(b"\n")
            .map_err(|e| BackupError::file(&self.path, e))
    }

    fn finish(mut self) -> Result<(), BackupError> {
        self.out
            .flush()
            .map_err(|e| BackupError::file(&self.path, e))?;
        self.out
            .get_ref()
            .sync_all()
            .map_err(|e| BackupError::file(&self.path, e))
    }
}

//! `sibyl import sibyl DIR`: a folder [`super::export`] wrote, into a store of either
//! kind. Every file is read and every record checked before anything is written, so a
//! truncated or malformed export, an unknown format or a newer version changes nothing.
//! The target must not hold the site (an administrator who is not in the export) or any
//! of its accounts' names and addresses; a run that stopped half-way (the store went
//! away) is resumed by running it again: what is there already is kept, the rest
//! written.

use super::reading::{
    for_each_line, invalid, next_line, open_lines, read_json, read_lines, read_manifest,
};
use super::*;
use crate::domain::comment::MAX_COMMENTS_PER_POST;
use crate::domain::password::PasswordHash;
use crate::domain::post::{Body, Rendered, Title};
use crate::domain::user::Login;
use crate::domain::{
    CommentBody, CommentId, CommentSettings, CommentState, CommentedPost, Commenter, Email, Locale,
    NewComment, NewPost, NewUser, PostEdit, PostId, PostKind, PostStatus, Profile, Role, Site,
    SiteIdentity, Slug, Tags, UserId, Username,
};
use crate::store::Store;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// What an imported account without a password hash has: nothing verifies against it,
/// so its owner sets one with "Forgot your password".
pub(super) const NO_PASSWORD: &str = "!imported without a password";

/// Reads `dir`, checks it whole, then writes it into `store` as `site`.
pub async fn restore(
    store: &dyn Store,
    site: &Site,
    dir: &Path,
    progress: Progress<'_>,
) -> Result<Counts, BackupError> {
    let manifest = read_manifest(dir)?;
    let site_record: SiteRecord = read_json(&dir.join(SITE))?;
    let identity = SiteIdentity {
        title: site_record.title.clone(),
        tagline: site_record.tagline.clone(),
        description: site_record.description.clone(),
        language: Locale::parse(&site_record.language).map_err(|e| invalid(SITE, 1, e))?,
        footer: site_record.footer.clone(),
        own_images_only: site_record.own_images_only,
        fediverse_off: site_record.fediverse_off,
        fediverse_pages: site_record.fediverse_pages,
        second_factor_for: crate::domain::site::SecondFactorPolicy::parse(
            &site_record.second_factor_for,
        )
        .map_err(|e| invalid(SITE, 1, e))?,
    };
    let settings = CommentSettings {
        guests: site_record.comments.guests,
        trust_approved: site_record.comments.trust_approved,
        close_after_days: site_record.comments.close_after_days,
        remove_deleted_accounts_comments: site_record.comments.remove_deleted_accounts_comments,
    };

    // Everything is checked first, records and how they hang together.
    let users: Vec<NewAccount> = read_lines(&dir.join(USERS), USERS, account)?;
    let mut checked = Counts {
        users: users.len() as u64,
        ..Counts::default()
    };
    let mut logins = HashSet::new();
    for (i, account) in users.iter().enumerate() {
        for key in [
            format!("name:{}", account.user.username.key()),
            format!("address:{}", account.user.email.key()),
        ] {
            if !logins.insert(key.clone()) {
                return Err(invalid(
                    USERS,
                    i + 1,
                    format!("a second account with the {key}"),
                ));
            }
        }
    }
    let ids: HashMap<UserId, &NewAccount> = users.iter().map(|u| (u.user.id, u)).collect();
    let admin = match site_record.admin {
        Some(admin)
            if ids
                .get(&UserId(admin))
                .is_some_and(|a| a.user.role == Role::Admin) =>
        {
            UserId(admin)
        }
        Some(admin) => {
            return Err(BackupError::Invalid(format!(
                "{SITE}: the site's administrator {admin} is not an administrator in {USERS}"
            )));
        }
        None => {
            return Err(BackupError::Invalid(format!(
                "{SITE} names no administrator: a site cannot be imported without one"
            )));
        }
    };
    let mut posts = HashMap::new();
    let mut slugs = HashSet::new();
    for_each_line(&dir.join(POSTS), POSTS, |line, record: PostRecord| {
        check_post(&record).map_err(|e| invalid(POSTS, line, e))?;
        if !slugs.insert(record.slug.clone()) {
            return Err(invalid(
                POSTS,
                line,
                format!("a second post at {}", record.slug),
            ));
        }
        if posts.insert(record.id, 0u64).is_some() {
            return Err(invalid(POSTS, line, format!("a second post {}", record.id)));
        }
        checked.posts += 1;
        checked.revisions += record.revisions.len() as u64;
        checked.translations += record.translations.len() as u64;
        Ok(())
    })?;
    for_each_line(
        &dir.join(COMMENTS),
        COMMENTS,
        |line, record: CommentRecord| {
            new_comment(&record, "-", "-").map_err(|e| invalid(COMMENTS, line, e))?;
            let count = posts.get_mut(&record.post).ok_or_else(|| {
                invalid(
                    COMMENTS,
                    line,
                    format!("post {} is not in {POSTS}", record.post),
                )
            })?;
            *count += 1;
            if *count > MAX_COMMENTS_PER_POST {
                return Err(invalid(
                    COMMENTS,
                    line,
                    "more comments on one post than a post takes",
                ));
            }
            checked.comments += 1;
            Ok(())
        },
    )?;
    let mut files = check_files(dir, &posts)?;
    checked.files = files.len() as u64;
    if checked != manifest.counts {
        return Err(BackupError::Invalid(format!(
            "the files hold {checked:?}, the manifest says {:?}: the export is incomplete",
            manifest.counts
        )));
    }

    // Then whether the target is free for it: no other site at the address, no account
    // of the export's names or addresses but its own (a resumed import).
    let resumed = match store.site_admin(site).await? {
        Some(there) if there == admin => true,
        Some(_) => {
            return Err(BackupError::Occupied(format!(
                "{site} already has a site here (another administrator): import into an empty store"
            )));
        }
        None => false,
    };
    for account in &users {
        if store.user(account.user.id).await?.is_some() {
            if resumed {
                continue;
            }
            return Err(BackupError::Occupied(format!(
                "the account {} is in this store already: import into another store",
                account.user.username.as_str()
            )));
        }
        for name in [account.user.username.as_str(), account.user.email.as_str()] {
            let login = Login::parse(name).map_err(|e| BackupError::Invalid(e.0))?;
            if store.is_claimed(&login).await? {
                return Err(BackupError::Occupied(format!(
                    "{name} belongs to an account of this store already: import into an empty store"
                )));
            }
        }
    }

    // Then it is written: the accounts, the posts, the comments, the site's settings (a
    // resumed import writes them if they are still the defaults), and the files.
    let mut done = Counts::default();
    write_accounts(store, site, &users, admin).await?;
    done.users = users.len() as u64;
    let mut titles: HashMap<PostId, (String, String)> = HashMap::new();
    let mut lines = open_lines(&dir.join(POSTS))?;
    while let Some((_, record)) = next_line::<PostRecord>(&mut lines, POSTS)? {
        let (slug, title) = write_post(store, site, &record, Bring::Exactly).await?;
        titles.insert(PostId(record.id), (slug, title));
        done.posts += 1;
        done.revisions += record.revisions.len() as u64;
        done.translations += record.translations.len() as u64;
        progress(done.posts, checked.posts, "posts");
    }
    // A file counts against its owner, or the administrator for an owner not exported.
    for file in &mut files {
        if !ids.contains_key(&UserId(file.owner)) {
            file.owner = admin.0;
        }
    }
    let mut lines = open_lines(&dir.join(COMMENTS))?;
    while let Some((_, record)) = next_line::<CommentRecord>(&mut lines, COMMENTS)? {
        let post = PostId(record.post);
        let (slug, title) = titles.get(&post).cloned().unwrap_or_default();
        write_comment(store, site, &record, &slug, &title).await?;
        done.comments += 1;
        if done.comments % 100 == 0 {
            progress(done.comments, checked.comments, "comments");
        }
    }
    if !resumed || store.site_identity(site).await? == SiteIdentity::default() {
        store.save_site_identity(site, &identity).await?;
    }
    if !resumed || store.comment_settings(site).await? == CommentSettings::default() {
        store.save_comment_settings(site, &settings).await?;
    }
    progress(done.comments, checked.comments, "comments");
    // The files last: one the image checks of this Sibyl refuse stops the import with
    // its name, with everything else written.
    write_files(store, site, dir, &files, &mut done, progress).await?;
    Ok(done)
}

/// The attachments of `files.jsonl` (none in a version 1 export), each of a post of the
/// export, its bytes there whole: of its size and checksum.
fn check_files(dir: &Path, posts: &HashMap<Uuid, u64>) -> Result<Vec<FileRecord>, BackupError> {
    let path = dir.join(FILES);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let files: Vec<FileRecord> = read_lines(&path, FILES, Ok::<_, String>)?;
    let mut references = HashSet::new();
    let mut sizes: HashMap<&str, u64> = HashMap::new();
    for (i, file) in files.iter().enumerate() {
        let bad = |e: String| invalid(FILES, i + 1, e);
        crate::store::binaries::RefId::parse(&file.reference).map_err(|e| bad(e.0))?;
        if !references.insert(file.reference.as_str()) {
            return Err(bad(format!("a second file {}", file.reference)));
        }
        if !posts.contains_key(&file.post) {
            return Err(bad(format!("post {} is not in {POSTS}", file.post)));
        }
        let hex = file.checksum.len() == 64
            && file
                .checksum
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !hex {
            return Err(bad(format!(
                "{:?} is not a SHA-256 checksum",
                file.checksum
            )));
        }
        if let Some(size) = sizes.get(file.checksum.as_str()) {
            if *size != file.size {
                return Err(bad(format!(
                    "{} bytes for {FILE_BYTES}/{}, which holds {size}",
                    file.size, file.checksum
                )));
            }
        } else {
            let bytes_path = dir.join(FILE_BYTES).join(&file.checksum);
            let bytes =
                std::fs::read(&bytes_path).map_err(|e| BackupError::file(&bytes_path, e))?;
            use sha2::Digest;
            let sum = crate::domain::token::hex(&sha2::Sha256::digest(&bytes));
            if bytes.len() as u64 != file.size || sum != file.checksum {
                return Err(bad(format!(
                    "{FILE_BYTES}/{} is not the file it names ({} bytes): the export is damaged",
                    file.checksum,
                    bytes.len()
                )));
            }
            sizes.insert(file.checksum.as_str(), file.size);
        }
    }
    Ok(files)
}

/// Stores each attachment not there yet under its own reference id, counted against
/// its owner.
async fn write_files(
    store: &dyn Store,
    site: &Site,
    dir: &Path,
    files: &[FileRecord],
    done: &mut Counts,
    progress: Progress<'_>,
) -> Result<(), BackupError> {
    use crate::binaries::{Binaries, BinaryLimits, service::Upload};
    use crate::store::binaries::{Context, Life, RefId};
    // What the site stored once is restored whatever the limits of the day.
    let binaries = Binaries::new(
        store.binaries(),
        BinaryLimits {
            max_file: u64::MAX,
            max_per_user: u64::MAX,
            max_files_per_post: usize::MAX,
            ..Default::default()
        },
    );
    for file in files {
        let id = RefId::parse(&file.reference).map_err(|e| BackupError::Invalid(e.0))?;
        // Restored already, when its bytes went live; a run that died between writing
        // the reference and its bytes going live left one to take away and do again.
        let restored = match binaries.find(site, &id).await? {
            Some((reference, original)) => {
                let live = binaries.store.life(original.id).await? == Some(Life::Live);
                if !(live && original.has_bytes()) {
                    binaries
                        .remove(&reference, "restored again: an import stopped half-way")
                        .await?;
                }
                live && original.has_bytes()
            }
            None => false,
        };
        if !restored {
            let path = dir.join(FILE_BYTES).join(&file.checksum);
            let bytes = std::fs::read(&path).map_err(|e| BackupError::file(&path, e))?;
            let upload = Upload {
                site: site.clone(),
                context: Context::post(PostId(file.post)),
                owner: UserId(file.owner),
                name: file.name.clone(),
            };
            let body = futures_util::stream::once(std::future::ready(Ok::<_, std::io::Error>(
                bytes::Bytes::from(bytes),
            )));
            let ingested = binaries
                .restore(upload, id, file.created, file.url.clone(), body)
                .await
                .map_err(|e| match e {
                    crate::binaries::IngestError::Store(e) => BackupError::Store(e),
                    other => BackupError::Invalid(format!("file {}: {other}", file.reference)),
                })?;
            if ingested.original.status == crate::binaries::Status::Error {
                binaries
                    .remove(&ingested.reference, "refused on import")
                    .await?;
                return Err(BackupError::Invalid(format!(
                    "file {} ({}) is refused here: {}",
                    file.reference,
                    file.name,
                    ingested.original.error.unwrap_or_default()
                )));
            }
        }
        done.files += 1;
        progress(done.files, files.len() as u64, "files");
    }
    Ok(())
}

/// An account as the store takes it, and what is set after.
struct NewAccount {
    user: NewUser,
    profile: Profile,
    banned: bool,
}

fn account(record: UserRecord) -> Result<NewAccount, String> {
    let username = Username::parse(&record.username).map_err(|e| e.0)?;
    let email = Email::parse(&record.email).map_err(|e| e.0)?;
    let role = Role::parse(&record.role).map_err(|e| e.0)?;
    let profile = Profile::parse(
        &record.display_name,
        &record.bio,
        &record.homepage,
        &record.image,
        &username,
    )
    .map_err(|e| e.0)?;
    let hash = match record.password_hash {
        Some(hash) if hash.starts_with("$argon2id$") || hash == NO_PASSWORD => {
            PasswordHash::from_stored(hash)
        }
        Some(_) => return Err("a password hash that is not argon2id".into()),
        None => PasswordHash::from_stored(NO_PASSWORD.into()),
    };
    Ok(NewAccount {
        user: NewUser {
            id: UserId(record.id),
            username,
            email,
            display_name: profile.display_name.clone(),
            role,
            password_hash: hash,
            created: record.created,
        },
        profile,
        banned: record.banned,
    })
}

/// The site's administrator first, making the site's first; then the rest. Roles,
/// profiles and bans are set on the accounts this run makes, so that running it again
/// undoes nothing done on the site since.
async fn write_accounts(
    store: &dyn Store,
    site: &Site,
    users: &[NewAccount],
    admin: UserId,
) -> Result<(), BackupError> {
    let mut order: Vec<&NewAccount> = users.iter().collect();
    order.sort_by_key(|a| (a.user.id != admin, a.user.created));
    for account in order {
        let id = account.user.id;
        if store.user(id).await?.is_some() {
            continue;
        }
        let taken =
            |e: String| BackupError::Occupied(format!("{}: {e}", account.user.username.as_str()));
        if id == admin {
            store
                .create_first_admin(site, account.user.clone())
                .await
                .map_err(|e| match e {
                    crate::store::SetupError::Store(e) => BackupError::Store(e),
                    other => taken(other.to_string()),
                })?;
        } else {
            store
                .create_user(account.user.clone())
                .await
                .map_err(|e| match e {
                    crate::store::AccountError::Store(e) => BackupError::Store(e),
                    other => taken(other.to_string()),
                })?;
        }
        store
            .update_profile(id, &account.profile)
            .await
            .map_err(account_error)?;
        if account.banned {
            store.set_banned(id, true).await.map_err(account_error)?;
        }
    }
    // Into a deployment of registered sites, whose roles are each site's own: every
    // account a member of this site with the role and ban it had there (kept by a rerun).
    if store.sites_exist().await? {
        for account in users {
            store
                .join_site(
                    site,
                    account.user.id,
                    account.user.role,
                    account.user.created,
                )
                .await?;
            if account.banned {
                store
                    .set_membership(
                        site,
                        account.user.id,
                        None,
                        Some(true),
                        account.user.created,
                    )
                    .await?;
            }
        }
    }
    Ok(())
}

pub(super) fn account_error(e: crate::store::AccountError) -> BackupError {
    match e {
        crate::store::AccountError::Store(e) => BackupError::Store(e),
        other => BackupError::Invalid(other.to_string()),
    }
}

/// Checks what [`write_post`] will need, without a store.
pub(super) fn check_post(record: &PostRecord) -> Result<(), String> {
    Slug::parse(&record.slug).map_err(|e| e.0)?;
    PostKind::parse(&record.kind).map_err(|e| e.0)?;
    Locale::parse(&record.locale).map_err(|e| e.0)?;
    let status = PostStatus::parse(&record.status).map_err(|e| e.0)?;
    if status == PostStatus::Published && record.published.is_none() {
        return Err("a published post without its publication date".into());
    }
    check_history(&record.revisions)?;
    let original = Locale::parse(&record.locale).map_err(|e| e.0)?;
    let mut languages = HashSet::new();
    for translation in &record.translations {
        let locale = Locale::parse(&translation.locale).map_err(|e| e.0)?;
        if locale == original || !languages.insert(locale.code()) {
            return Err(format!(
                "a translation into {:?}, the post's own language or one it has already",
                translation.locale
            ));
        }
        PostStatus::parse(&translation.status).map_err(|e| e.0)?;
        check_history(&translation.revisions)?;
    }
    Ok(())
}

fn check_history(revisions: &[RevisionRecord]) -> Result<(), String> {
    if revisions.is_empty() {
        return Err("a text without any revision".into());
    }
    for (i, revision) in revisions.iter().enumerate() {
        if revision.number as usize != i + 1 {
            return Err(format!(
                "revision {} where revision {} should be",
                revision.number,
                i + 1
            ));
        }
        edit(revision, 0)?;
    }
    Ok(())
}

/// A revision as the store saves it, on top of `base`. Its text was accepted where it
/// was written: one that nests deeper than texts written here may is kept, its deepest
/// levels shown as plain content.
fn edit(revision: &RevisionRecord, base: u32) -> Result<PostEdit, String> {
    Ok(PostEdit::new(
        base,
        Title::parse(&revision.title).map_err(|e| e.0)?,
        Rendered::checked_before(Body::parse(&revision.body).map_err(|e| e.0)?),
        Tags::parse(&revision.tags.join(",")).map_err(|e| e.0)?,
        UserId(revision.author_id),
        revision.author_name.clone(),
        revision.created,
        revision.message.clone(),
    ))
}

/// How [`write_post`] brings a post to the state its record gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bring {
    /// Exactly: a Sibyl export is the site as it was.
    Exactly,
    /// Only forward, from another engine: a post never published here is published at
    /// its date; a post this call makes is scheduled and closed as the record says. What
    /// was done on the site since (withdrawn, rescheduled, reopened) stays.
    Forward,
}

/// Writes one post (what of it is not there yet) and brings it to the state the record
/// says; returns the slug it has (the record's, or a numbered one if that was taken)
/// and its title.
pub(super) async fn write_post(
    store: &dyn Store,
    site: &Site,
    record: &PostRecord,
    bring: Bring,
) -> Result<(String, String), BackupError> {
    let id = PostId(record.id);
    let bad = |e: String| BackupError::Invalid(format!("post {}: {e}", record.id));
    let edit_error = |e: crate::store::EditError| match e {
        crate::store::EditError::Store(e) => BackupError::Store(e),
        other => BackupError::Invalid(format!("post {}: {other}", record.id)),
    };
    let gone = || {
        BackupError::Invalid(format!(
            "post {} disappeared while it was imported",
            record.id
        ))
    };
    let locale = Locale::parse(&record.locale).map_err(|e| bad(e.0))?;
    // The post as it is, read again only after a write that changes what is used next.
    let there = store.post_by_id(site, id).await?;
    let made_now = there.is_none();
    let kind = PostKind::parse(&record.kind).map_err(|e| bad(e.0))?;
    let mut post = if let Some(post) = there {
        post
    } else {
        let first = edit(&record.revisions[0], 0).map_err(bad)?;
        let mut new = NewPost::new(
            site.clone(),
            first.title,
            Rendered {
                body: first.body,
                html: first.body_html,
                excerpt: first.excerpt,
            },
            first.tags,
            UserId(record.author_id),
            record.author_name.clone(),
            record.created,
            false,
        )
        .in_locale(locale.clone())
        .with_slug(Slug::parse(&record.slug).map_err(|e| bad(e.0))?);
        if kind == PostKind::Page {
            new = new.as_page();
        }
        new.id = id;
        store.create_post(new).await?
    };
    // The revisions after those there are already (read again after a refused save: a
    // save an earlier run left half-done is finished by the store first).
    for _ in 0..3 {
        let mut saved = false;
        let mut refused = false;
        for revision in record.revisions.iter().skip(post.revision as usize) {
            let edit = edit(revision, revision.number - 1).map_err(bad)?;
            match store.save_revision(site, id, edit).await {
                Ok(_) => saved = true,
                Err(crate::store::EditError::Conflict) => {
                    refused = true;
                    break;
                }
                Err(e) => return Err(edit_error(e)),
            }
        }
        if saved || refused {
            post = store.post_by_id(site, id).await?.ok_or_else(gone)?;
        }
        if !refused {
            break;
        }
    }
    // Its state, from whatever state a run before left it in.
    let status = PostStatus::parse(&record.status).map_err(|e| bad(e.0))?;
    // (From another engine, a draft scheduled here since waits for its time.)
    let rescheduled = bring == Bring::Forward && !made_now && post.scheduled.is_some();
    if post.first_published.is_none()
        && !rescheduled
        && let Some(at) = record.published.or(record.first_published)
    {
        // Published once, at its date (a withdrawn post keeps its place that way).
        store.publish_post(site, id, at).await?;
        post = store.post_by_id(site, id).await?.ok_or_else(gone)?;
    }
    match (status, post.status, bring) {
        (PostStatus::Draft, PostStatus::Published, Bring::Exactly) => {
            store.unpublish_post(site, id).await?;
            post = store.post_by_id(site, id).await?.ok_or_else(gone)?;
        }
        (PostStatus::Published, PostStatus::Draft, Bring::Exactly) => {
            let at = record.published.unwrap_or(record.created);
            store.publish_post(site, id, at).await?;
            post = store.post_by_id(site, id).await?.ok_or_else(gone)?;
        }
        _ => {}
    }
    let settle = bring == Bring::Exactly || made_now;
    if settle && record.scheduled != post.scheduled && status == PostStatus::Draft {
        store.schedule_post(site, id, record.scheduled).await?;
    }
    if settle && record.comments_closed != post.comments_closed {
        store
            .set_comments_closed(site, id, record.comments_closed)
            .await?;
    }
    for translation in &record.translations {
        let locale = Locale::parse(&translation.locale).map_err(|e| bad(e.0))?;
        let there = store.translation(site, id, &locale).await?;
        let saved = there.as_ref().map_or(0, |t| t.revision);
        for revision in translation.revisions.iter().skip(saved as usize) {
            let edit = edit(revision, revision.number - 1).map_err(bad)?;
            store
                .save_translation(site, id, &locale, edit)
                .await
                .map_err(edit_error)?;
        }
        let status = PostStatus::parse(&translation.status).map_err(|e| bad(e.0))?;
        let was = there.map_or(PostStatus::Draft, |t| t.status);
        if status == PostStatus::Published && was != PostStatus::Published {
            let at = translation.published.unwrap_or(record.created);
            store
                .set_translation_status(site, id, &locale, PostStatus::Published, at)
                .await?;
        }
    }
    // (Scheduling, closing and translations change neither its slug nor its title.)
    Ok((
        post.slug.as_str().to_owned(),
        post.title.as_str().to_owned(),
    ))
}

/// Adds a comment unless it is there already; whether it was added.
pub(super) async fn write_comment(
    store: &dyn Store,
    site: &Site,
    record: &CommentRecord,
    slug: &str,
    title: &str,
) -> Result<bool, BackupError> {
    let comment = new_comment(record, slug, title).map_err(BackupError::Invalid)?;
    if store
        .comment(site, comment.post.id, comment.id)
        .await?
        .is_some()
    {
        return Ok(false);
    }
    store
        .add_comment(site, &comment)
        .await
        .map_err(|e| match e {
            crate::store::CommentError::Store(e) => BackupError::Store(e),
            other => BackupError::Invalid(format!("comment {}: {other}", record.id)),
        })?;
    Ok(true)
}

pub(super) fn new_comment(
    record: &CommentRecord,
    slug: &str,
    title: &str,
) -> Result<NewComment, String> {
    let id = CommentId(record.id);
    if record.id.get_version_num() != 1 {
        return Err(format!("comment id {} is not a time UUID", record.id));
    }
    let state = CommentState::parse(&record.state).map_err(|e| e.0)?;
    if state == CommentState::Deleted {
        return Err("a deleted comment".into());
    }
    if record.body.trim().is_empty() {
        return Err("a comment without text".into());
    }
    // As stored: it met the bounds of the Sibyl that took it.
    let body = CommentBody::stored(&record.body);
    let author = match &record.author {
        CommenterRecord::Member { id, name } => Commenter::Member {
            id: UserId(*id),
            name: name.clone(),
        },
        CommenterRecord::Guest { name, email } => Commenter::Guest {
            name: name.clone(),
            email: email.clone(),
        },
        CommenterRecord::Remote { actor, name } => {
            if !Commenter::is_actor_address(actor)
                || actor.len() > crate::store::federation::MAX_ID_LENGTH
            {
                return Err(format!(
                    "a comment from the fediverse whose actor is not an http(s) address of at most {} bytes",
                    crate::store::federation::MAX_ID_LENGTH
                ));
            }
            Commenter::Remote {
                actor: actor.clone(),
                name: name.clone(),
            }
        }
    };
    let body_html = body.to_html();
    Ok(NewComment {
        id,
        post: CommentedPost {
            id: PostId(record.post),
            slug: slug.to_owned(),
            title: title.to_owned(),
        },
        thread: CommentId(record.thread),
        parent: record.parent.map(CommentId),
        author,
        body,
        body_html,
        state,
    })
}

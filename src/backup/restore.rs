//! `sibyl import sibyl DIR`: a folder [`super::export`] wrote, into a store of either
//! kind. Every file is read and every record checked before anything is written, so a
//! truncated or malformed export, an unknown format or a newer version changes nothing.
//! The target must not hold the site (an administrator who is not in the export) or any
//! of its accounts' names and addresses; a run that stopped half-way (the store went
//! away) is resumed by running it again: what is there already is kept, the rest
//! written.

use super::*;
use crate::domain::password::PasswordHash;
use crate::domain::post::{Body, Title};
use crate::domain::user::Login;
use crate::domain::{
    CommentBody, CommentId, CommentSettings, CommentState, CommentedPost, Commenter, Email, Locale,
    NewComment, NewPost, NewUser, PostEdit, PostId, PostKind, PostStatus, Profile, Role, Site,
    SiteIdentity, Slug, Tags, UserId, Username,
};
use crate::store::Store;
use std::collections::HashMap;
use std::io::BufRead;
use std::path::Path;

/// What an imported account without a password hash has: nothing verifies against it,
/// so its owner sets one with "Forgot your password".
const NO_PASSWORD: &str = "!imported without a password";

/// Reads `dir`, checks it whole, then writes it into `store` as `site`.
pub async fn restore(
    store: &dyn Store,
    site: &Site,
    dir: &Path,
    progress: &mut dyn FnMut(&Counts),
) -> Result<Counts, BackupError> {
    let manifest = read_manifest(dir)?;
    let site_record: SiteRecord = read_json(&dir.join(SITE))?;
    let identity = SiteIdentity {
        title: site_record.title.clone(),
        tagline: site_record.tagline.clone(),
        description: site_record.description.clone(),
        language: Locale::parse(&site_record.language).map_err(|e| invalid(SITE, 1, e))?,
        footer: site_record.footer.clone(),
    };
    let settings = CommentSettings {
        guests: site_record.comments.guests,
        trust_approved: site_record.comments.trust_approved,
        close_after_days: site_record.comments.close_after_days,
        remove_deleted_accounts_comments: site_record.comments.remove_deleted_accounts_comments,
    };

    // Everything is checked first.
    let users: Vec<NewAccount> = read_lines(&dir.join(USERS), USERS, account)?;
    let mut checked = Counts {
        users: users.len() as u64,
        ..Counts::default()
    };
    for_each_line(&dir.join(POSTS), POSTS, |line, record: PostRecord| {
        check_post(&record).map_err(|e| invalid(POSTS, line, e))?;
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
            checked.comments += 1;
            Ok(())
        },
    )?;
    if checked != manifest.counts {
        return Err(BackupError::Invalid(format!(
            "the files hold {checked:?}, the manifest says {:?}: the export is incomplete",
            manifest.counts
        )));
    }

    // Then whether the target is free for it.
    let ids: HashMap<UserId, &NewAccount> = users.iter().map(|u| (u.user.id, u)).collect();
    if let Some(admin) = store.site_admin(site).await?
        && !ids.contains_key(&admin)
    {
        return Err(BackupError::Occupied(format!(
            "{site} already has a site here (its administrator is not in the export): import into an empty store"
        )));
    }
    for account in &users {
        if store.user(account.user.id).await?.is_some() {
            continue;
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

    // Then it is written.
    store.save_site_identity(site, &identity).await?;
    store.save_comment_settings(site, &settings).await?;
    let mut done = Counts::default();
    write_accounts(store, site, &users).await?;
    done.users = users.len() as u64;
    let names: HashMap<UserId, String> = users
        .iter()
        .map(|u| (u.user.id, u.user.display_name.clone()))
        .collect();
    let mut slugs: HashMap<PostId, (String, String)> = HashMap::new();
    let posts: Vec<PostRecord> = read_lines(&dir.join(POSTS), POSTS, Ok)?;
    for record in posts {
        let (slug, title) = write_post(store, site, &record, &names).await?;
        slugs.insert(PostId(record.id), (slug, title));
        done.posts += 1;
        done.revisions += record.revisions.len() as u64;
        done.translations += record.translations.len() as u64;
        progress(&done);
    }
    let comments: Vec<CommentRecord> = read_lines(&dir.join(COMMENTS), COMMENTS, Ok)?;
    for record in comments {
        let post = PostId(record.post);
        let (slug, title) = slugs.get(&post).cloned().ok_or_else(|| {
            BackupError::Invalid(format!(
                "a comment names post {}, which is not in the export",
                record.post
            ))
        })?;
        let comment = new_comment(&record, &slug, &title).map_err(BackupError::Invalid)?;
        if store.comment(site, post, comment.id).await?.is_none() {
            store
                .add_comment(site, &comment)
                .await
                .map_err(|e| BackupError::Invalid(format!("comment {}: {e}", record.id)))?;
        }
        done.comments += 1;
        if done.comments % 100 == 0 {
            progress(&done);
        }
    }
    progress(&done);
    Ok(done)
}

fn invalid(file: &str, line: usize, e: impl std::fmt::Display) -> BackupError {
    BackupError::Invalid(format!("{file}, line {line}: {e}"))
}

fn read_manifest(dir: &Path) -> Result<Manifest, BackupError> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        BackupError::Files(format!(
            "{}: {e} (a folder without a manifest is not a finished Sibyl export)",
            path.display()
        ))
    })?;
    // The version is read before the rest, so that a newer export says so.
    let head: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| invalid(MANIFEST, e.line(), e))?;
    if head.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(BackupError::Invalid(format!(
            "{} is not a Sibyl export (its format is not {FORMAT:?})",
            path.display()
        )));
    }
    match head.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) if v > u64::from(VERSION) => {
            return Err(BackupError::Invalid(format!(
                "this export is format version {v}, from a newer Sibyl; this one reads version {VERSION}: upgrade Sibyl to import it"
            )));
        }
        other => {
            return Err(BackupError::Invalid(format!(
                "unknown export format version {other:?}; this Sibyl reads version {VERSION}"
            )));
        }
    }
    serde_json::from_str(&text).map_err(|e| invalid(MANIFEST, e.line(), e))
}

fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, BackupError> {
    let text = std::fs::read_to_string(path).map_err(|e| BackupError::file(path, e))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
    serde_json::from_str(&text).map_err(|e| invalid(name, e.line(), e))
}

/// Calls `each` with every record of a JSON-lines file, and its line number.
fn for_each_line<T: serde::de::DeserializeOwned>(
    path: &Path,
    name: &str,
    mut each: impl FnMut(usize, T) -> Result<(), BackupError>,
) -> Result<(), BackupError> {
    let file = std::fs::File::open(path).map_err(|e| BackupError::file(path, e))?;
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| BackupError::file(path, e))?;
        let record: T = serde_json::from_str(&line).map_err(|e| invalid(name, i + 1, e))?;
        each(i + 1, record)?;
    }
    Ok(())
}

fn read_lines<T: serde::de::DeserializeOwned, U>(
    path: &Path,
    name: &str,
    convert: impl Fn(T) -> Result<U, String>,
) -> Result<Vec<U>, BackupError> {
    let mut all = Vec::new();
    for_each_line(path, name, |line, record: T| {
        all.push(convert(record).map_err(|e| invalid(name, line, e))?);
        Ok(())
    })?;
    Ok(all)
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
        &username,
    )
    .map_err(|e| e.0)?;
    let hash = match record.password_hash {
        Some(hash) if hash.starts_with("$argon2id$") => PasswordHash::from_stored(hash),
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

/// The administrators first, the oldest of them making the site's first; then the rest.
async fn write_accounts(
    store: &dyn Store,
    site: &Site,
    users: &[NewAccount],
) -> Result<(), BackupError> {
    let mut order: Vec<&NewAccount> = users.iter().collect();
    order.sort_by_key(|a| (a.user.role != Role::Admin, a.user.created));
    for account in order {
        let id = account.user.id;
        if store.user(id).await?.is_none() {
            let first = account.user.role == Role::Admin && store.site_admin(site).await?.is_none();
            if first {
                store
                    .create_first_admin(site, account.user.clone())
                    .await
                    .map_err(|e| {
                        BackupError::Occupied(format!("{}: {e}", account.user.username.as_str()))
                    })?;
            } else {
                store.create_user(account.user.clone()).await.map_err(|e| {
                    BackupError::Occupied(format!("{}: {e}", account.user.username.as_str()))
                })?;
            }
        }
        let account_error = |e: crate::store::AccountError| BackupError::Invalid(e.to_string());
        store
            .set_role(id, account.user.role)
            .await
            .map_err(account_error)?;
        store
            .update_profile(id, &account.profile)
            .await
            .map_err(account_error)?;
        store
            .set_banned(id, account.banned)
            .await
            .map_err(account_error)?;
    }
    Ok(())
}

/// Checks what [`write_post`] will need, without a store.
fn check_post(record: &PostRecord) -> Result<(), String> {
    Slug::parse(&record.slug).map_err(|e| e.0)?;
    PostKind::parse(&record.kind).map_err(|e| e.0)?;
    Locale::parse(&record.locale).map_err(|e| e.0)?;
    PostStatus::parse(&record.status).map_err(|e| e.0)?;
    check_history(&record.revisions)?;
    for translation in &record.translations {
        Locale::parse(&translation.locale).map_err(|e| e.0)?;
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

/// A revision as the store saves it, on top of `base`.
fn edit(revision: &RevisionRecord, base: u32) -> Result<PostEdit, String> {
    Ok(PostEdit::new(
        base,
        Title::parse(&revision.title).map_err(|e| e.0)?,
        Body::parse(&revision.body).map_err(|e| e.0)?,
        Tags::parse(&revision.tags.join(",")).map_err(|e| e.0)?,
        UserId(revision.author_id),
        revision.author_name.clone(),
        revision.created,
        revision.message.clone(),
    ))
}

/// Writes one post (what of it is not there yet); returns its slug and title.
async fn write_post(
    store: &dyn Store,
    site: &Site,
    record: &PostRecord,
    names: &HashMap<UserId, String>,
) -> Result<(String, String), BackupError> {
    let id = PostId(record.id);
    let bad = |e: String| BackupError::Invalid(format!("post {}: {e}", record.id));
    let edit_error =
        |e: crate::store::EditError| BackupError::Invalid(format!("post {}: {e}", record.id));
    let locale = Locale::parse(&record.locale).map_err(|e| bad(e.0))?;
    let post = match store.post_by_id(site, id).await? {
        Some(post) => post,
        None => {
            let first = edit(&record.revisions[0], 0).map_err(bad)?;
            let author = UserId(record.author_id);
            let author_name = names
                .get(&author)
                .cloned()
                .unwrap_or_else(|| first.author_name.clone());
            let mut new = NewPost::new(
                site.clone(),
                first.title,
                first.body,
                first.tags,
                author,
                author_name,
                record.created,
                false,
            )
            .in_locale(locale.clone())
            .with_slug(Slug::parse(&record.slug).map_err(|e| bad(e.0))?);
            if PostKind::parse(&record.kind).map_err(|e| bad(e.0))? == PostKind::Page {
                new = new.as_page();
            }
            new.id = id;
            store.create_post(new).await?
        }
    };
    // The revisions after those there are already.
    for revision in record.revisions.iter().skip(post.revision as usize) {
        let edit = edit(revision, revision.number - 1).map_err(bad)?;
        store
            .save_revision(site, id, edit)
            .await
            .map_err(edit_error)?;
    }
    let status = PostStatus::parse(&record.status).map_err(|e| bad(e.0))?;
    if post.status != PostStatus::Published
        && let Some(at) = record.published.or(record.first_published)
    {
        store.publish_post(site, id, at).await?;
        if status != PostStatus::Published {
            store.unpublish_post(site, id).await?;
        }
    }
    if record.scheduled.is_some() && post.scheduled.is_none() {
        store.schedule_post(site, id, record.scheduled).await?;
    }
    if record.comments_closed != post.comments_closed {
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
    let title = record
        .revisions
        .last()
        .map(|r| r.title.clone())
        .unwrap_or_default();
    Ok((record.slug.clone(), title))
}

fn new_comment(record: &CommentRecord, slug: &str, title: &str) -> Result<NewComment, String> {
    let id = CommentId(record.id);
    if record.id.get_version_num() != 1 {
        return Err(format!("comment id {} is not a time UUID", record.id));
    }
    let state = CommentState::parse(&record.state).map_err(|e| e.0)?;
    if state == CommentState::Deleted {
        return Err("a deleted comment".into());
    }
    let body = CommentBody::parse(&record.body).map_err(|e| e.0)?;
    let author = match &record.author {
        CommenterRecord::Member { id, name } => Commenter::Member {
            id: UserId(*id),
            name: name.clone(),
        },
        CommenterRecord::Guest { name, email } => Commenter::Guest {
            name: name.clone(),
            email: email.clone(),
        },
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

//! Deleting a post (the store's records of it, see [`crate::store::Posts::delete_post`],
//! and its files in the binary service) and deleting an account, each as one write
//! recorded first as an intent, so that the reconciler finishes it if the process dies
//! half-way.
//!
//! The intent is left for the reconciler even when the deletion ends well: its pass,
//! after the grace period, runs every step again, removing what a write that read the
//! post (or the account) before it was deleted (a comment, a save, a publication
//! settling its lists) put back meanwhile, and only then marks it done. That pass also
//! forgets the favorites and follows that named the post or the account, which can be
//! many (a popular post's favorites, a writer's followers): a page at a time, in the
//! background, never in the request that deleted it. Readers never see them meanwhile,
//! as lists of favorites leave out posts that are gone.

use super::Ctx;
use crate::binaries::{Binaries, Context};
use crate::domain::comment::{DELETED_USER, Moderation};
use crate::domain::password::Password;
use crate::domain::token::random_token;
use crate::domain::{CommentState, Email, PostId, Profile, Role, Site, User, UserId, Username};
use crate::store::{
    AccountError, Intent, ModerationError, PageAt, PageError, Store, StoreError, StoreResult,
};

/// Deletes a post and its files; returns whether there was such a post.
pub async fn delete_post(ctx: &Ctx, id: PostId) -> StoreResult<bool> {
    let (store, site) = (ctx.store.as_ref(), &ctx.site);
    let intent = store
        .begin(&Intent::DeletePost {
            site: site.to_string(),
            post: id.0,
        })
        .await?;
    let existed = finish_post_deletion(store, site, id, false).await?;
    if !existed {
        store.end(intent).await?;
    }
    Ok(existed)
}

/// Every step of a post's deletion, each of which can run again: the store's part,
/// then the references to its files (whose originals the collector then removes when
/// nothing else refers to them); on the reconciler's pass, its favorites.
pub(crate) async fn finish_post_deletion(
    store: &dyn Store,
    site: &Site,
    id: PostId,
    last_pass: bool,
) -> StoreResult<bool> {
    // Its followers on the fediverse hear of it (noted before, and again on a rerun).
    store
        .note_post_change(site, id, crate::domain::now())
        .await?;
    let existed = store.delete_post(site, id).await?;
    if existed {
        Binaries::new(store.binaries(), Default::default())
            .remove_context(site, &Context::post(id), "its post was deleted")
            .await?;
    }
    if last_pass {
        forget_favorites_of_post(store, site, id).await?;
    }
    Ok(existed)
}

/// How many favorites or follows are read at a time when a deletion forgets them.
const SOCIAL_AT_ONCE: usize = 100;

/// Each account's favorite of a deleted post, taken back (its count with it).
async fn forget_favorites_of_post(store: &dyn Store, site: &Site, id: PostId) -> StoreResult<()> {
    let mut after = None;
    loop {
        let users = store.favoriters(site, id, after, SOCIAL_AT_ONCE).await?;
        for user in &users {
            store.unfavorite(site, *user, id).await?;
        }
        match users.last() {
            Some(last) if users.len() == SOCIAL_AT_ONCE => after = Some(*last),
            _ => return Ok(()),
        }
    }
}

/// A deleted account's follows, both ways, and its favorites (each post's count losing
/// one).
async fn forget_social_of_account(store: &dyn Store, site: &Site, id: UserId) -> StoreResult<()> {
    // Whom it follows, then who follows it.
    for outgoing in [true, false] {
        let mut after = None;
        loop {
            let others = if outgoing {
                store.followed(site, id, after, SOCIAL_AT_ONCE).await?
            } else {
                store.followers(site, id, after, SOCIAL_AT_ONCE).await?
            };
            for other in &others {
                let (follower, followee) = if outgoing { (id, *other) } else { (*other, id) };
                store.unfollow(site, follower, followee).await?;
            }
            match others.last() {
                Some(last) if others.len() == SOCIAL_AT_ONCE => after = Some(*last),
                _ => break,
            }
        }
    }
    let mut cursor: Option<String> = None;
    loop {
        let page = store
            .favorites_of(site, id, cursor.as_deref(), SOCIAL_AT_ONCE)
            .await
            .map_err(page_error)?;
        for post in &page.posts {
            store.unfavorite(site, id, *post).await?;
        }
        match page.next {
            Some(next) => cursor = Some(next),
            None => return Ok(()),
        }
    }
}

/// Why an account is not deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeptAccount {
    /// An administrator's account: another administrator makes it an author or a reader
    /// first, so that a site never loses its last administrator by a click.
    Administrator,
    /// It has posts of its own (drafts and scheduled ones included): they are deleted
    /// first, from the desk. (Pages are the site's, written by administrators.)
    HasPosts,
}

impl KeptAccount {
    pub fn message(&self) -> &'static str {
        match self {
            KeptAccount::Administrator => {
                "An administrator's account is not deleted: another administrator makes it an author or a reader first."
            }
            KeptAccount::HasPosts => {
                "This account still has posts (drafts and scheduled ones included): delete them from the desk first."
            }
        }
    }
}

/// What a deleted account becomes: a user name and an address nobody can sign up with
/// (a reserved `.invalid` domain), and no name of its own.
#[expect(
    clippy::expect_used,
    reason = "a deleted account's name and address are built to parse"
)]
pub fn tombstone(id: UserId) -> (Username, Email) {
    let mark = &id.0.simple().to_string()[..24];
    let username = Username::parse(&format!("deleted-{mark}")).expect("a valid user name");
    let email = Email::parse(&format!("deleted-{mark}@deleted.invalid")).expect("a valid address");
    (username, email)
}

/// Whether `user` has been deleted (its tombstone written).
pub fn is_deleted(user: &User) -> bool {
    let (username, _) = tombstone(user.id);
    user.username == username && user.display_name == DELETED_USER
}

/// The sites an account's deletion goes through: on a deployment of registered sites,
/// every site it is a member of (where its comments, posts and standing can be) and the
/// one it is deleted from; otherwise that one alone.
async fn sites_of_account(store: &dyn Store, site: &Site, id: UserId) -> StoreResult<Vec<Site>> {
    let mut sites = vec![site.clone()];
    if !store.sites_exist().await? {
        return Ok(sites);
    }
    let mut after: Option<Site> = None;
    loop {
        let page = store
            .sites_of_member(id, after.as_ref(), crate::store::members::MEMBERS_PAGE_CAP)
            .await?;
        let full = page.len() == crate::store::members::MEMBERS_PAGE_CAP;
        after = page.last().cloned();
        sites.extend(page.into_iter().filter(|s| s != site));
        if !full {
            return Ok(sites);
        }
    }
}

/// Whether an account may be deleted, and if not why: an administrator (of the
/// accounts, or of any site it is a member of) is kept, and so is an author with posts on
/// any of its sites.
pub async fn account_kept(ctx: &Ctx, user: &User) -> StoreResult<Option<KeptAccount>> {
    let store = ctx.store.as_ref();
    if user.role == Role::Admin {
        return Ok(Some(KeptAccount::Administrator));
    }
    for site in sites_of_account(store, &ctx.site, user.id).await? {
        if store
            .membership(&site, user.id)
            .await?
            .is_some_and(|m| m.role == Role::Admin)
        {
            return Ok(Some(KeptAccount::Administrator));
        }
        if let Some(kept) = posts_kept(store, &site, user).await? {
            return Ok(Some(kept));
        }
    }
    Ok(None)
}

/// Whether `user` has posts on `site` (drafts, published or scheduled).
async fn posts_kept(
    store: &dyn Store,
    site: &Site,
    user: &User,
) -> StoreResult<Option<KeptAccount>> {
    let (drafts, published, scheduled) = futures_util::try_join!(
        async {
            store
                .drafts_by_author(site, user.id, PageAt::Newest, 1)
                .await
                .map_err(page_error)
        },
        async {
            store
                .posts_by_author(site, user.id, PageAt::Newest, 1)
                .await
                .map_err(page_error)
        },
        store.scheduled_posts(site),
    )?;
    let has_posts = !drafts.posts.is_empty()
        || !published.posts.is_empty()
        || scheduled.iter().any(|p| p.author_id == user.id);
    Ok(has_posts.then_some(KeptAccount::HasPosts))
}

fn page_error(e: PageError) -> StoreError {
    match e {
        PageError::Store(e) => e,
        PageError::BadCursor => StoreError::Corrupt("a first page refused its cursor".into()),
    }
}

/// Who deletes an account (the account itself or an administrator), for the moderation
/// log of the comments it removes.
#[derive(Debug, Clone)]
pub struct Deleter {
    pub id: UserId,
    pub name: String,
}

/// Deletes an account that [`account_kept`] does not keep: it is suspended and signed out
/// at once, its comments are signed "deleted user" (or removed, as the site's policy
/// says), its user name and address are released for anyone to take, and its row stays
/// as a nameless record, so that revisions and comments it made keep a valid author.
pub async fn delete_account(
    ctx: &Ctx,
    user: &User,
    by: &Deleter,
) -> StoreResult<Result<(), KeptAccount>> {
    let (store, site) = (ctx.store.as_ref(), &ctx.site);
    if let Some(kept) = account_kept(ctx, user).await? {
        return Ok(Err(kept));
    }
    let remove_comments = store
        .comment_settings(site)
        .await?
        .remove_deleted_accounts_comments;
    store
        .begin(&Intent::DeleteAccount {
            site: site.to_string(),
            user: user.id.0,
            remove_comments,
            by: by.id.0,
            by_name: by.name.clone(),
        })
        .await?;
    if finish_account_deletion(store, site, user.id, remove_comments, by, false).await? {
        Ok(Ok(()))
    } else {
        Ok(Err(KeptAccount::Administrator))
    }
}

/// How many of an account's comments are read at a time.
const COMMENTS_AT_ONCE: usize = 100;

/// Every step of an account's deletion, each of which can run again. Returns false when
/// it left the account alone: made an administrator since it was checked.
pub(crate) async fn finish_account_deletion(
    store: &dyn Store,
    site: &Site,
    id: UserId,
    remove_comments: bool,
    by: &Deleter,
    last_pass: bool,
) -> StoreResult<bool> {
    let Some(user) = store.user(id).await? else {
        return Ok(true);
    };
    // Made an administrator since it was checked (and not yet suspended by this
    // deletion): left alone.
    if user.role == Role::Admin && !user.banned {
        tracing::warn!(user = %id.0, "an account made an administrator meanwhile was not deleted");
        return Ok(false);
    }
    let account = |e: AccountError| match e {
        AccountError::Store(e) => e,
        other => StoreError::Corrupt(format!("deleting an account: {other}")),
    };
    // Out at once: no sign-in, no session, no powers.
    if !user.banned {
        store.set_banned(id, true).await.map_err(account)?;
    }
    store.end_sessions(id, None).await?;
    store.remove_second_factors(id).await?;
    store.remove_passkeys(id).await?;
    if user.role != Role::Reader {
        store.set_role(id, Role::Reader).await.map_err(account)?;
    }
    // On every site it is a member of, each site's policy: its comments signed "deleted
    // user" (and removed if that site says so).
    for on in sites_of_account(store, site, id).await? {
        let remove_comments = if on == *site {
            remove_comments
        } else {
            store
                .comment_settings(&on)
                .await?
                .remove_deleted_accounts_comments
        };
        forget_comments(store, &on, &user, remove_comments, by).await?;
        // The list of its comments goes on the reconciler's pass only, after its grace: a
        // comment a request sent just before the suspension is listed by then, and
        // signed. So do its follows and favorites, which can be many.
        if last_pass {
            store.drop_comments_by_member(&on, id, user.created).await?;
            forget_social_of_account(store, &on, id).await?;
        }
    }
    // Then what named it. The password first: once the name is the tombstone's, every
    // step before it is done.
    forget_names(store, &user).await?;
    Ok(true)
}

/// Signs a deleted account's comments on `site` "deleted user", and removes them first
/// when `remove_comments`.
async fn forget_comments(
    store: &dyn Store,
    site: &Site,
    user: &User,
    remove_comments: bool,
    by: &Deleter,
) -> StoreResult<()> {
    let id = user.id;
    let mut cursor: Option<String> = None;
    loop {
        let page = store
            .comments_by_member(site, id, user.created, cursor.as_deref(), COMMENTS_AT_ONCE)
            .await
            .map_err(page_error)?;
        for (post, comment) in &page.comments {
            // Removed first: once signed "deleted user" a comment is no longer found by
            // its account (on SQLite), so a rerun would not find it to remove.
            if remove_comments {
                let removal = Moderation {
                    to: CommentState::Deleted,
                    reason: "its account was deleted".into(),
                    by: by.id,
                    by_name: by.name.clone(),
                    at: crate::domain::now(),
                };
                match store.moderate(site, *post, *comment, &removal).await {
                    Ok(_)
                    | Err(ModerationError::NoSuchComment | ModerationError::Illegal { .. }) => {}
                    Err(ModerationError::Store(e)) => return Err(e),
                }
            }
            match store.forget_commenter(site, *post, *comment).await {
                Ok(_) | Err(ModerationError::NoSuchComment) => {}
                Err(ModerationError::Store(e)) => return Err(e),
                Err(e @ ModerationError::Illegal { .. }) => {
                    return Err(StoreError::Corrupt(e.to_string()));
                }
            }
        }
        match page.next {
            Some(next) => cursor = Some(next),
            None => return Ok(()),
        }
    }
}

/// A deleted account's password, address, name and profile replaced by its tombstone's.
#[expect(
    clippy::expect_used,
    reason = "a random token is a long enough password"
)]
async fn forget_names(store: &dyn Store, user: &User) -> StoreResult<()> {
    let id = user.id;
    let account = |e: AccountError| match e {
        AccountError::Store(e) => e,
        other => StoreError::Corrupt(format!("deleting an account: {other}")),
    };
    let (username, email) = tombstone(id);
    if user.username != username {
        let password = Password::parse(&random_token()).expect("a long enough password");
        let hash = tokio::task::spawn_blocking(move || password.hash())
            .await
            .map_err(|e| StoreError::Unavailable(format!("hashing: {e}")))?;
        store.change_password(id, &hash).await.map_err(account)?;
    }
    if user.email != email {
        store.change_email(id, &email).await.map_err(account)?;
    }
    if user.username != username {
        store
            .change_username(id, &username)
            .await
            .map_err(account)?;
    }
    let blank = Profile {
        display_name: DELETED_USER.to_owned(),
        bio: String::new(),
        homepage: String::new(),
        image: String::new(),
    };
    if user.display_name != blank.display_name
        || !user.bio.is_empty()
        || !user.homepage.is_empty()
        || !user.image.is_empty()
    {
        store.update_profile(id, &blank).await.map_err(account)?;
    }
    Ok(())
}

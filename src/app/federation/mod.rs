//! The site and its authors on the fediverse: their actors (with a key pair each, made
//! the first time it is asked for and kept with the site's secrets), what WebFinger and
//! NodeInfo say of them, posts as `Article`s and the outboxes that list them.

pub mod activities;
pub mod answers;
pub mod avatars;
pub mod blocks;
pub mod delivery;
pub mod inbox;
pub mod key_rotation;
pub mod overview;
pub mod posts;
pub mod reactions;
pub mod remote;
pub mod replies;
pub mod requests;

use super::{AppError, Ctx};
use crate::domain::federation::documents::{self, Actor, Article, NodeInfo, escape};
use crate::domain::federation::{ActorKey, keys};
use crate::domain::markdown::with_absolute_urls;
use crate::domain::{Post, PostId, PostKind, PostStatus, Role, User, UserId, Username};
use crate::store::PageAt;
use crate::store::site::actor_key_name;
use crate::urls;
use std::sync::Arc;

/// How many actors' key pairs an instance keeps in memory per site.
pub const KEYS_KEPT: usize = 256;

/// How many activities an outbox page holds.
pub const OUTBOX_PAGE: usize = 20;

/// The name under which the site's own actor keeps its key pair.
const SITE_ACTOR: &str = "site";

/// Who an actor is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// The site itself.
    Site,
    /// One of its authors.
    Author(UserId),
}

impl Whose {
    /// The actor's path (`/ap/site`, `/ap/users/{id}`).
    pub fn path(self) -> String {
        match self {
            Whose::Site => urls::ap_site(),
            Whose::Author(id) => urls::ap_user(id),
        }
    }

    fn key_name(self) -> String {
        actor_key_name(&self.name())
    }

    /// The name the store keeps the actor's records by: `site`, or the author's id.
    pub fn name(self) -> String {
        match self {
            Whose::Site => SITE_ACTOR.to_owned(),
            Whose::Author(id) => id.0.to_string(),
        }
    }

    /// The actor a store name is for.
    pub fn from_name(name: &str) -> Option<Self> {
        if name == SITE_ACTOR {
            return Some(Whose::Site);
        }
        uuid::Uuid::try_parse(name)
            .ok()
            .map(|id| Whose::Author(UserId(id)))
    }

    /// The actor an id names, if it is one of this site's actors' ids (whether that
    /// actor exists is not asked).
    pub fn from_id(ctx: &Ctx, id: &str) -> Option<Self> {
        let path = id.strip_prefix(ctx.site.as_str())?;
        if path == urls::ap_site() {
            return Some(Whose::Site);
        }
        let id = path.strip_prefix("/ap/users/")?;
        uuid::Uuid::try_parse(id)
            .ok()
            .map(|id| Whose::Author(UserId(id)))
    }
}

impl Ctx {
    /// An absolute URL of this site.
    pub fn absolute(&self, path: &str) -> String {
        format!("{}{path}", self.site.as_str())
    }
}

/// The site actor's user name: its host, without a port (`@blog.example@blog.example`).
pub fn site_actor_name(ctx: &Ctx) -> String {
    let authority = authority(ctx);
    match authority.rsplit_once(':') {
        Some((host, port)) if port.chars().all(|c| c.is_ascii_digit()) => host.to_owned(),
        _ => authority.to_owned(),
    }
}

/// The site's authority (`blog.example`, `127.0.0.1:8080`): the domain of its actors'
/// `acct:` addresses.
pub fn authority(ctx: &Ctx) -> &str {
    let url = ctx.site.as_str();
    url.split_once("://").map_or(url, |(_, rest)| rest)
}

/// How long an instance signs with an actor's key before reading it again: a key rotated
/// by another process is used everywhere within this.
pub const KEY_RECHECK: std::time::Duration = std::time::Duration::from_secs(300);

/// The key pair of an actor: made (off the request workers) and kept the first time it
/// is asked for; whoever races to make it, everyone gets the one kept. Read again every
/// [`KEY_RECHECK`], in case it was rotated: by one caller, while the others go on with
/// the copy, which is kept if the read fails.
pub async fn actor_key(ctx: &Ctx, whose: Whose) -> Result<Arc<ActorKey>, AppError> {
    let name = whose.key_name();
    let now = ctx.clock.now();
    let recheck = chrono::Duration::from_std(KEY_RECHECK).unwrap_or_default();
    let cached = {
        let mut kept = ctx
            .memo
            .actor_keys
            .write()
            .unwrap_or_else(|e| e.into_inner());
        match kept.get_mut(&name) {
            Some((read, key)) if now - *read < recheck => return Ok(Arc::clone(key)),
            Some((read, key)) => {
                // This caller reads it again; the others use the copy meanwhile.
                *read = now;
                Some(Arc::clone(key))
            }
            None => None,
        }
    };
    let found = match ctx.store.site_secret(&ctx.site, &name).await {
        Ok(found) => found,
        Err(e) => match cached {
            Some(key) => {
                tracing::warn!(actor = %name, error = %e, "an actor's key could not be read again; its copy signs meanwhile");
                return Ok(key);
            }
            None => return Err(e.into()),
        },
    };
    let der = match found {
        Some(der) => der,
        None => {
            let made = super::blocking("making an actor's key", keys::generate)
                .await?
                .map_err(AppError::Internal)?;
            ctx.store.keep_site_secret(&ctx.site, &name, made).await?
        }
    };
    let key = Arc::new(ActorKey::from_pkcs8(&der).map_err(AppError::Internal)?);
    let mut kept = ctx
        .memo
        .actor_keys
        .write()
        .unwrap_or_else(|e| e.into_inner());
    if kept.len() >= KEYS_KEPT {
        kept.clear();
    }
    kept.insert(name, (now, Arc::clone(&key)));
    Ok(key)
}

/// How many remote actors follow an actor.
pub async fn follower_count(ctx: &Ctx, whose: Whose) -> Result<u64, AppError> {
    Ok(ctx
        .store
        .remote_follower_count(&ctx.site, &whose.name())
        .await?)
}

/// The account behind an author's actor: one who may write here (an author or an
/// administrator of this site, not banned), as they stand on this site.
async fn author(ctx: &Ctx, id: UserId) -> Result<Option<User>, AppError> {
    let Some(account) = ctx.store.user(id).await? else {
        return Ok(None);
    };
    let user = ctx.standing(account).await?;
    Ok((!user.banned && matches!(user.role, Role::Author | Role::Admin)).then_some(user))
}

/// An actor's document, or none for an account that is not an author here.
pub async fn actor(ctx: &Ctx, whose: Whose) -> Result<Option<Actor>, AppError> {
    let path = whose.path();
    let id = ctx.absolute(&path);
    let (kind, preferred_username, name, summary, url, icon, published) = match whose {
        Whose::Site => {
            let frame = ctx.identity().await;
            let summary = [frame.tagline.trim(), frame.description.trim()]
                .into_iter()
                .filter(|p| !p.is_empty())
                .map(|p| format!("<p>{}</p>", escape(p)))
                .collect::<String>();
            (
                "Application",
                site_actor_name(ctx),
                frame.title.clone(),
                summary,
                ctx.absolute("/"),
                None,
                None,
            )
        }
        Whose::Author(user) => {
            let Some(user) = author(ctx, user).await? else {
                return Ok(None);
            };
            let summary = user
                .bio
                .split("\n\n")
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(|p| format!("<p>{}</p>", escape(p)))
                .collect::<String>();
            (
                "Person",
                user.username.as_str().to_owned(),
                user.display_name.clone(),
                summary,
                ctx.absolute(&urls::author(user.username.as_str())),
                (!user.image.is_empty()).then(|| user.image.clone()),
                Some(user.created),
            )
        }
    };
    let key = actor_key(ctx, whose).await?;
    let approves_followers = ctx
        .store
        .approves_followers(&ctx.site, &whose.name())
        .await?;
    Ok(Some(Actor {
        approves_followers,
        inbox: ctx.absolute(&urls::ap_part(&path, "inbox")),
        outbox: ctx.absolute(&urls::ap_part(&path, "outbox")),
        following: ctx.absolute(&urls::ap_part(&path, "following")),
        followers: ctx.absolute(&urls::ap_part(&path, "followers")),
        shared_inbox: ctx.absolute(&urls::ap_shared_inbox()),
        also_known_as: vec![url.clone()],
        id,
        kind,
        preferred_username,
        name,
        summary,
        url,
        icon,
        public_key_pem: key.public_pem().to_owned(),
        published,
    }))
}

/// What WebFinger finds for a resource: the `acct:` subject, the actor's id and its page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub subject: String,
    pub actor: String,
    pub page: String,
}

/// Resolves a WebFinger resource: `acct:name@authority` (the site's own name, or one of
/// its authors'), or an actor's id or page URL on this site. Anything else, or another
/// domain's address, finds nothing.
pub async fn webfinger(ctx: &Ctx, resource: &str) -> Result<Option<Found>, AppError> {
    let resource = resource.trim();
    let name = if let Some(acct) = resource.strip_prefix("acct:") {
        let acct = acct.strip_prefix('@').unwrap_or(acct);
        let Some((name, domain)) = acct.rsplit_once('@') else {
            return Ok(None);
        };
        if !domain.eq_ignore_ascii_case(authority(ctx)) {
            return Ok(None);
        }
        percent_encoding::percent_decode_str(name)
            .decode_utf8_lossy()
            .into_owned()
    } else if let Some(path) = resource.strip_prefix(ctx.site.as_str()) {
        return by_path(ctx, path).await;
    } else {
        return Ok(None);
    };
    let subject = |name: &str| format!("acct:{name}@{}", authority(ctx));
    if name.eq_ignore_ascii_case(&site_actor_name(ctx)) {
        return Ok(Some(Found {
            subject: subject(&site_actor_name(ctx)),
            actor: ctx.absolute(&urls::ap_site()),
            page: ctx.absolute("/"),
        }));
    }
    let Ok(username) = Username::parse(&name) else {
        return Ok(None);
    };
    let Some(account) = ctx.store.author_by_name(&username).await? else {
        return Ok(None);
    };
    let Some(user) = author(ctx, account.id).await? else {
        return Ok(None);
    };
    Ok(Some(Found {
        subject: subject(user.username.as_str()),
        actor: ctx.absolute(&urls::ap_user(user.id)),
        page: ctx.absolute(&urls::author(user.username.as_str())),
    }))
}

/// WebFinger by an actor's id or page on this site.
async fn by_path(ctx: &Ctx, path: &str) -> Result<Option<Found>, AppError> {
    let whose = if path == urls::ap_site() || path == "/" || path.is_empty() {
        Whose::Site
    } else if let Some(id) = path
        .strip_prefix("/ap/users/")
        .and_then(|id| uuid::Uuid::try_parse(id).ok())
    {
        Whose::Author(UserId(id))
    } else if let Some(name) = path.strip_prefix("/authors/") {
        let name = percent_encoding::percent_decode_str(name).decode_utf8_lossy();
        let Ok(username) = Username::parse(&name) else {
            return Ok(None);
        };
        match ctx.store.author_by_name(&username).await? {
            Some(account) => Whose::Author(account.id),
            None => return Ok(None),
        }
    } else {
        return Ok(None);
    };
    let name = match whose {
        Whose::Site => site_actor_name(ctx),
        Whose::Author(id) => match author(ctx, id).await? {
            Some(user) => user.username.as_str().to_owned(),
            None => return Ok(None),
        },
    };
    Box::pin(webfinger(ctx, &format!("acct:{name}@{}", authority(ctx)))).await
}

/// What NodeInfo says of this site.
pub async fn nodeinfo(ctx: &Ctx) -> Result<NodeInfo, AppError> {
    let frame = ctx.identity().await;
    Ok(NodeInfo {
        version: env!("CARGO_PKG_VERSION").to_owned(),
        open_registrations: ctx.site_ready().await?,
        name: frame.title.clone(),
        description: frame.tagline.clone(),
    })
}

/// What a post's id answers.
#[derive(Debug)]
pub enum ArticleAnswer {
    Article(Box<Article>),
    /// It was deleted: a `Tombstone`, with 410.
    Gone,
    /// No such post, or one that does not federate (a draft, a scheduled post, a page
    /// of a site that does not send its pages).
    Missing,
}

/// A post as the fediverse sees it.
pub async fn article(ctx: &Ctx, id: PostId) -> Result<ArticleAnswer, AppError> {
    match ctx.store.post_by_id(&ctx.site, id).await? {
        Some(post) if federates(&post, ctx.identity().await.fediverse_pages) => Ok(
            ArticleAnswer::Article(Box::new(article_of(ctx, &post).await?)),
        ),
        Some(_) => Ok(ArticleAnswer::Missing),
        None if ctx.store.is_deleted(&ctx.site, id).await? => Ok(ArticleAnswer::Gone),
        None => Ok(ArticleAnswer::Missing),
    }
}

/// Whether a post is on the fediverse: published, and a post, or a static page when the
/// site sends its pages too (`pages`: [`crate::domain::SiteIdentity::fediverse_pages`]).
pub fn federates(post: &Post, pages: bool) -> bool {
    post.status == PostStatus::Published
        && post.published.is_some()
        && match post.kind {
            PostKind::Post => true,
            PostKind::Page => pages,
        }
}

/// Whether replies from the fediverse to a post are taken: a post on it (static pages
/// take no comments, from anywhere).
pub fn takes_replies(post: &Post) -> bool {
    federates(post, false)
}

/// The `Article` of a published post: its page's safe HTML with absolute URLs, and its
/// published translations'.
pub async fn article_of(ctx: &Ctx, post: &Post) -> Result<Article, AppError> {
    let base = url::Url::parse(ctx.site.as_str())
        .map_err(|e| AppError::Internal(format!("the site's address: {e}")))?;
    let translations = if post.translations.is_empty() {
        Vec::new()
    } else {
        ctx.store
            .translations(&ctx.site, post.id)
            .await?
            .into_iter()
            .filter(|t| t.status == PostStatus::Published)
            .filter_map(|t| {
                language_of(&t.locale).map(|l| (l, with_absolute_urls(&t.body_html, &base)))
            })
            .collect()
    };
    let published = post.published.unwrap_or(post.created);
    let id = ctx.absolute(&urls::ap_post(post.id));
    let author = ctx.absolute(&urls::ap_user(post.author_id));
    Ok(Article {
        replies: ctx.absolute(&urls::ap_part(&urls::ap_post(post.id), "replies")),
        url: ctx.absolute(&if post.is_page() {
            urls::page(post.slug.as_str())
        } else {
            urls::post(post.slug.as_str())
        }),
        followers: vec![
            urls::ap_part(&author, "followers"),
            ctx.absolute(&urls::ap_part(&urls::ap_site(), "followers")),
        ],
        attributed_to: author,
        id,
        name: post.title.as_str().to_owned(),
        content: with_absolute_urls(&post.body_html, &base),
        // A text in no particular language is in the site's.
        language: match &post.locale {
            crate::domain::Locale::Neutral => language_of(&ctx.identity().await.language),
            locale => language_of(locale),
        },
        excerpt: post.excerpt.clone(),
        tags: post
            .tags
            .iter()
            .map(|t| (t.as_str().to_owned(), ctx.absolute(&urls::tag(t.as_str()))))
            .collect(),
        // The first picture in its text (an attachment, usually), where servers show one.
        image: crate::domain::markdown::first_image(&post.body_html)
            .and_then(|src| base.join(&src).ok())
            .map(|url| url.to_string()),
        published,
        updated: (post.updated > published).then_some(post.updated),
        translations,
    })
}

/// A text's language as `contentMap` names it (`en`, `pt-BR`): none for a text in no
/// particular language.
fn language_of(locale: &crate::domain::Locale) -> Option<String> {
    match locale {
        crate::domain::Locale::Neutral => None,
        locale => Some(locale.hreflang()),
    }
}

/// A page of an actor's outbox: the `Create` of each of its published posts, newest
/// first, and the cursor of the next page.
pub async fn outbox_page(
    ctx: &Ctx,
    whose: Whose,
    after: Option<&str>,
) -> Result<Option<(Vec<serde_json::Value>, Option<String>)>, AppError> {
    if let Whose::Author(id) = whose
        && author(ctx, id).await?.is_none()
    {
        return Ok(None);
    }
    let at = PageAt::from(after);
    let page = match whose {
        Whose::Site => ctx.store.home_page(&ctx.site, at, OUTBOX_PAGE).await,
        Whose::Author(id) => {
            ctx.store
                .posts_by_author(&ctx.site, id, at, OUTBOX_PAGE)
                .await
        }
    }
    .map_err(|e| match e {
        crate::store::PageError::Store(e) => AppError::from(e),
        crate::store::PageError::BadCursor => {
            AppError::Invalid("The page's cursor cannot be read.".into())
        }
    })?;
    let reads = page
        .posts
        .iter()
        .map(|summary| ctx.store.post_by_id(&ctx.site, summary.id));
    let posts = futures_util::future::try_join_all(reads).await?;
    let mut items = Vec::with_capacity(posts.len());
    for post in posts.into_iter().flatten().filter(|p| federates(p, false)) {
        items.push(article_of(ctx, &post).await?.create());
    }
    Ok(Some((items, page.older)))
}

/// Whether a post's address asks for its `Article` rather than its page.
pub fn wants_activity(accept: &str) -> bool {
    documents::wants_activity(accept)
}

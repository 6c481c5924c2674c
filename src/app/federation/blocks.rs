//! Servers and accounts the site blocks: what they send is refused before anything is
//! fetched for it (403), nothing is delivered to them, their follows end when they are
//! blocked, and their comments can be deleted in the same action. A server is named by
//! its host (`example.social`, which covers the hosts under it, `eu.example.social`); an
//! account by its actor's id (`https://example.social/users/someone`).

use super::Whose;
use crate::app::{AppError, Ctx};
use crate::domain::comment::{CommentState, Moderation};
use crate::domain::{User, UserId};
use crate::store::federation::{
    Block, BlockAdded, FOLLOWER_SHARDS, MAX_BLOCK_LOOKUPS, MAX_BLOCKS, MAX_ID_LENGTH,
    RemoteComment, host_of_actor, normal_id, under_domain,
};
use crate::store::{ModerationError, StoreError};
use std::collections::HashMap;

/// Followers and comments read a page at a time while a block is applied.
const PAGE: usize = 500;

/// What a block names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A server's host, and the hosts under it.
    Server(String),
    /// An actor's id.
    Account(String),
}

impl Target {
    /// What an administrator typed: an actor's id (an http or https address with a
    /// path), or a server's host name (or address), with or without `https://`.
    pub fn parse(input: &str) -> Result<Self, AppError> {
        let input = input.trim();
        let refused = || {
            AppError::Invalid(format!(
                "\u{201c}{input}\u{201d} names no server or account: give a server's name (example.social) or an account's address (https://example.social/users/someone)."
            ))
        };
        if input.is_empty() {
            return Err(AppError::Invalid(
                "Name the server (example.social) or account (https://example.social/users/someone) to block.".into(),
            ));
        }
        if input.len() > MAX_ID_LENGTH {
            return Err(AppError::Invalid(format!(
                "An address longer than {MAX_ID_LENGTH} characters names no account."
            )));
        }
        if input.starts_with('@') {
            return Err(AppError::Invalid(
                "Give the account's address as its profile links to it (https://example.social/users/someone), or its server's name.".into(),
            ));
        }
        let with_scheme = if input.contains("://") {
            input.to_owned()
        } else {
            format!("https://{input}")
        };
        let url = url::Url::parse(&with_scheme).map_err(|_| refused())?;
        if !matches!(url.scheme(), "http" | "https")
            || !url.username().is_empty()
            || url.password().is_some()
        {
            return Err(refused());
        }
        let host = host_of_actor(url.as_str()).ok_or_else(refused)?;
        let is_address = host.parse::<std::net::IpAddr>().is_ok();
        if !is_address && !host.contains('.') {
            return Err(AppError::Invalid(format!(
                "\u{201c}{host}\u{201d} is not a server's whole name: give at least its last two parts (example.social)."
            )));
        }
        let bare = url.path() == "/" && url.query().is_none() && url.fragment().is_none();
        if bare {
            if url.port().is_some() {
                return Err(AppError::Invalid(
                    "A server is blocked by its name, whatever its port: leave the port out."
                        .into(),
                ));
            }
            return Ok(Target::Server(host));
        }
        Ok(Target::Account(url.to_string()))
    }

    /// As the store keeps it.
    pub fn as_str(&self) -> &str {
        match self {
            Target::Server(s) | Target::Account(s) => s,
        }
    }

    /// The block a stored target is.
    pub fn of_stored(target: &str) -> Self {
        if target.contains("://") {
            Target::Account(target.to_owned())
        } else {
            Target::Server(target.to_owned())
        }
    }

    /// Whether an actor (or any address on a server) is one this names.
    pub fn covers(&self, actor: &str) -> bool {
        match self {
            Target::Account(id) => *id == normal_id(actor),
            Target::Server(domain) => {
                host_of_actor(actor).is_some_and(|h| under_domain(&h, domain))
            }
        }
    }
}

/// What a block of any of `ids` would be stored as: each domain of each id's host (from
/// its last two labels down to the host itself), then each id as written: `None` when
/// they are more than [`MAX_BLOCK_LOOKUPS`] (hosts of a dozen labels and more), which
/// are refused as if blocked, unread.
fn lookups(ids: &[&str]) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |s: String| {
        if !out.contains(&s) {
            out.push(s);
        }
    };
    for id in ids {
        let Some(host) = host_of_actor(id) else {
            continue;
        };
        if host.parse::<std::net::IpAddr>().is_ok() {
            push(host);
            continue;
        }
        let labels: Vec<&str> = host.split('.').collect();
        for first in (0..labels.len().saturating_sub(1)).rev() {
            push(labels[first..].join("."));
        }
        if labels.len() == 1 {
            push(host);
        }
    }
    for id in ids {
        push(normal_id(id));
    }
    (out.len() <= MAX_BLOCK_LOOKUPS).then_some(out)
}

/// What stands for a block of an address too deep to look up.
const TOO_DEEP: &str = "addresses of so many labels";

/// The block (as stored) that covers any of `ids` (actor ids, key ids, inboxes), if one
/// does: one read.
pub async fn blocking(ctx: &Ctx, ids: &[&str]) -> Result<Option<String>, StoreError> {
    match lookups(ids) {
        Some(targets) => ctx.store.blocked(&ctx.site, &targets).await,
        None => Ok(Some(TOO_DEEP.to_owned())),
    }
}

/// Hosts one delivery pass has asked about, each once.
#[derive(Debug, Default)]
pub(super) struct BlockedHosts {
    known: HashMap<String, bool>,
}

impl BlockedHosts {
    /// Looks up the hosts of `addresses` not asked about yet.
    pub(super) async fn learn(&mut self, ctx: &Ctx, addresses: &[&str]) -> Result<(), AppError> {
        for address in addresses {
            let Some(host) = host_of_actor(address) else {
                continue;
            };
            if self.known.contains_key(&host) {
                continue;
            }
            let blocked = blocking(ctx, &[address]).await?.is_some();
            self.known.insert(host, blocked);
        }
        Ok(())
    }

    /// Whether an address's server is blocked, as learned.
    pub(super) fn blocks(&self, address: &str) -> bool {
        host_of_actor(address).is_some_and(|h| self.known.get(&h).copied().unwrap_or(false))
    }
}

/// What a block did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Blocked {
    /// Follows of the site's actors that ended.
    pub follows_ended: usize,
    /// Comments deleted.
    pub comments_deleted: usize,
}

/// Blocks a server or an account, ends its follows and (if asked) deletes its comments.
/// Blocking again what is blocked does the rest again: a block cut short is finished so.
pub async fn block(
    ctx: &Ctx,
    by: &User,
    input: &str,
    delete_comments: bool,
) -> Result<Blocked, AppError> {
    let target = Target::parse(input)?;
    let ours = host_of_actor(ctx.site.as_str()).unwrap_or_default();
    let itself = match &target {
        Target::Server(domain) => under_domain(&ours, domain),
        Target::Account(actor) => actor.starts_with(&format!("{}/", ctx.site.as_str())),
    };
    if itself {
        return Err(AppError::Invalid(
            "That is this site's own server: it cannot block itself.".into(),
        ));
    }
    let block = Block {
        target: target.as_str().to_owned(),
        at: ctx.clock.now(),
        by: by.display_name.clone(),
    };
    if ctx.store.add_block(&ctx.site, &block).await? == BlockAdded::Full {
        return Err(AppError::Invalid(format!(
            "The site blocks {MAX_BLOCKS} servers and accounts already, the most there can be: unblock one first."
        )));
    }
    let mut done = Blocked {
        follows_ended: end_follows(ctx, &target).await?,
        ..Blocked::default()
    };
    if delete_comments {
        done.comments_deleted = delete_comments_of(ctx, by, &target).await?;
    }
    // Deliveries waiting for it end at the delivery job's next pass.
    tracing::info!(target = %block.target, ?done, "a block was made");
    Ok(done)
}

/// Ends every follow of the site's actors that `target` covers.
async fn end_follows(ctx: &Ctx, target: &Target) -> Result<usize, AppError> {
    let mut ended = 0;
    let followed: Vec<String> = ctx
        .store
        .remote_follower_counts(&ctx.site)
        .await?
        .into_iter()
        .filter(|(name, n)| *n > 0 && Whose::from_name(name).is_some())
        .map(|(name, _)| name)
        .collect();
    for name in &followed {
        if let Target::Account(actor) = target {
            ended += usize::from(
                ctx.store
                    .remove_remote_follower(&ctx.site, name, actor)
                    .await?,
            );
            continue;
        }
        for shard in 0..FOLLOWER_SHARDS {
            let mut after: Option<String> = None;
            loop {
                let page = ctx
                    .store
                    .remote_followers(&ctx.site, name, shard, after.as_deref(), PAGE)
                    .await?;
                for follower in page.iter().filter(|f| target.covers(&f.actor)) {
                    ended += usize::from(
                        ctx.store
                            .remove_remote_follower(&ctx.site, name, &follower.actor)
                            .await?,
                    );
                }
                match page.last() {
                    Some(last) if page.len() == PAGE => after = Some(last.actor.clone()),
                    _ => break,
                }
            }
        }
    }
    Ok(ended)
}

/// Calls `each` with every comment from the fediverse that `target` covers and that is
/// still signed by its actor.
async fn each_comment_of(
    ctx: &Ctx,
    target: &Target,
    mut each: impl AsyncFnMut(&RemoteComment) -> Result<(), AppError>,
) -> Result<(), AppError> {
    let domain = match target {
        Target::Server(domain) => domain.clone(),
        Target::Account(actor) => host_of_actor(actor).unwrap_or_default(),
    };
    let mut cursor: Option<String> = None;
    loop {
        let page = ctx
            .store
            .remote_comments(&ctx.site, &domain, cursor.as_deref(), PAGE)
            .await
            .map_err(|e| AppError::Unavailable(e.to_string()))?;
        for found in page.comments.iter().filter(|c| target.covers(&c.actor)) {
            let Some(comment) = ctx
                .store
                .comment(&ctx.site, found.post, found.comment)
                .await?
            else {
                continue;
            };
            if comment.author.actor() == Some(found.actor.as_str()) {
                each(found).await?;
            }
        }
        match page.next {
            Some(next) => cursor = Some(next),
            None => return Ok(()),
        }
    }
}

/// Moves a comment to Deleted: true if it moved (false if it is deleted already or moved
/// meanwhile).
async fn delete_comment(
    ctx: &Ctx,
    found: &RemoteComment,
    moderation: &Moderation,
) -> Result<bool, AppError> {
    match ctx.moderate(found.post, found.comment, moderation).await {
        Ok(_) => Ok(true),
        Err(ModerationError::NoSuchComment | ModerationError::Illegal { .. }) => Ok(false),
        Err(ModerationError::Store(e)) => Err(e.into()),
    }
}

/// Deletes every comment from the fediverse that `target` covers.
async fn delete_comments_of(ctx: &Ctx, by: &User, target: &Target) -> Result<usize, AppError> {
    let moderation = Moderation {
        to: CommentState::Deleted,
        reason: format!("Deleted with the block of {}", target.as_str()),
        by: by.id,
        by_name: by.display_name.clone(),
        at: ctx.clock.now(),
    };
    let mut deleted = 0;
    each_comment_of(ctx, target, async |found| {
        deleted += usize::from(delete_comment(ctx, found, &moderation).await?);
        // Its author's picture goes with its comments.
        forget_avatar(ctx, &found.actor).await
    })
    .await?;
    if let Target::Account(actor) = target {
        forget_avatar(ctx, actor).await?;
    }
    Ok(deleted)
}

/// Forgets an actor's picture (its comments were deleted, or it deleted itself).
pub(super) async fn forget_avatar(ctx: &Ctx, actor: &str) -> Result<(), AppError> {
    let key = crate::store::federation::avatar_key(actor);
    Ok(ctx.store.drop_avatar(&ctx.site, &key).await?)
}

/// The comments of an actor that deleted itself, as the site's policy for deleted
/// accounts says: removed if it says so, then signed "deleted user" (which leaves its
/// actor out, so a rerun finds only those not done yet). Returns how many were signed.
pub async fn forget_comments_of(ctx: &Ctx, actor: &str) -> Result<usize, AppError> {
    let remove = ctx
        .store
        .comment_settings(&ctx.site)
        .await?
        .remove_deleted_accounts_comments;
    let removal = Moderation {
        to: CommentState::Deleted,
        reason: "its account was deleted".into(),
        // No account of the site moved it: the nil id says so.
        by: UserId(uuid::Uuid::nil()),
        by_name: "the fediverse".into(),
        at: ctx.clock.now(),
    };
    let mut forgotten = 0;
    let target = Target::Account(actor.to_owned());
    each_comment_of(ctx, &target, async |found| {
        if remove {
            delete_comment(ctx, found, &removal).await?;
        }
        match ctx
            .store
            .forget_commenter(&ctx.site, found.post, found.comment)
            .await
        {
            Ok(_) => forgotten += 1,
            Err(ModerationError::NoSuchComment | ModerationError::Illegal { .. }) => {}
            Err(ModerationError::Store(e)) => return Err(e.into()),
        }
        Ok(())
    })
    .await?;
    Ok(forgotten)
}

/// Unblocks what a block names (as stored).
pub async fn unblock(ctx: &Ctx, target: &str) -> Result<(), AppError> {
    if !ctx.store.remove_block(&ctx.site, target.trim()).await? {
        return Err(AppError::NotFoundWith(format!(
            "{} is not blocked.",
            target.trim()
        )));
    }
    Ok(())
}

/// A page of the site's blocks, from after `after`.
pub async fn blocks(ctx: &Ctx, after: Option<&str>) -> Result<Vec<Block>, AppError> {
    Ok(ctx
        .store
        .blocks(&ctx.site, after, crate::store::caps::ROSTER)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_an_administrator_types_is_a_server_or_an_account() {
        let server = |s: &str| Target::Server(s.to_owned());
        assert_eq!(
            Target::parse("example.social").unwrap(),
            server("example.social")
        );
        assert_eq!(
            Target::parse(" Example.Social ").unwrap(),
            server("example.social")
        );
        assert_eq!(
            Target::parse("https://example.social/").unwrap(),
            server("example.social")
        );
        assert_eq!(Target::parse("127.0.0.1").unwrap(), server("127.0.0.1"));
        assert_eq!(
            Target::parse("bücher.example").unwrap(),
            server("xn--bcher-kva.example")
        );
        assert_eq!(
            Target::parse("https://example.social/users/someone").unwrap(),
            Target::Account("https://example.social/users/someone".into())
        );
        for bad in [
            "",
            "social",
            "@someone@example.social",
            "ftp://example.social/x",
            "https://a@example.social/",
            "example.social:8080",
            "not a host",
        ] {
            assert!(Target::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_server_covers_the_hosts_under_it_and_no_other() {
        let server = Target::Server("example.social".into());
        assert!(server.covers("https://example.social/users/a"));
        assert!(server.covers("https://eu.example.social/users/a"));
        assert!(!server.covers("https://badexample.social/users/a"));
        assert!(!server.covers("https://example.social.evil/users/a"));
        let account = Target::Account("https://example.social/users/a".into());
        assert!(account.covers("https://example.social/users/a"));
        assert!(!account.covers("https://example.social/users/b"));
    }

    #[test]
    fn an_id_is_looked_up_with_its_host_and_the_domains_above() {
        assert_eq!(
            lookups(&["https://A.b.example.social./users/x"]).unwrap(),
            vec![
                "example.social",
                "b.example.social",
                "a.b.example.social",
                "https://a.b.example.social./users/x"
            ]
        );
        assert_eq!(
            lookups(&["http://127.0.0.1:8080/actor", "http://[::1]:8080/inbox"]).unwrap(),
            vec![
                "127.0.0.1",
                "::1",
                "http://127.0.0.1:8080/actor",
                "http://[::1]:8080/inbox"
            ]
        );
        // A host too deep to look up whole is refused, never looked up in part.
        let deep = format!("https://{}spam.example/u", "a.".repeat(40));
        assert_eq!(lookups(&[&deep]), None);
    }

    #[test]
    fn an_account_is_the_same_however_its_id_is_written() {
        let account = Target::parse("https://Example.social:443/users/a").unwrap();
        assert!(account.covers("https://example.social/users/a"));
        assert!(account.covers("HTTPS://EXAMPLE.SOCIAL/users/a"));
        let server = Target::parse("spam.example.").unwrap();
        assert_eq!(server, Target::Server("spam.example".into()));
        assert!(server.covers("https://eu.spam.example./inbox"));
    }
}

//! An actor's key rotated (`sibyl fediverse rotate-key`): a new key pair replaces the one
//! kept (an LWT: of rotations racing, one wins), every serving instance signs with it
//! within [`super::KEY_RECHECK`], and the actor's followers' servers are sent
//! an `Update` of the actor carrying the new public key. A rotation that stops between
//! the two is run again: it makes another key and sends the `Update` of that one.

use super::{Whose, actor, follower_count};
use crate::app::{AppError, Ctx};
use crate::config::FediverseCommand;
use crate::domain::federation::keys;
use crate::domain::{Site, timeuuid};
use crate::store::Store;
use std::sync::Arc;

/// What a rotation did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rotated {
    /// The actor's id.
    pub actor: String,
    /// Its followers, whose servers are sent the `Update`.
    pub followers: u64,
}

/// Rotates an actor's key and queues the `Update` telling its followers; an author who
/// is not one here (or no longer) is not found.
pub async fn rotate(ctx: &Ctx, whose: Whose) -> Result<Rotated, AppError> {
    // The actor's document makes its first key if it has none yet.
    if actor(ctx, whose).await?.is_none() {
        return Err(AppError::NotFoundWith(
            "no such author on this site: only authors and administrators have an actor".into(),
        ));
    }
    let followers = follower_count(ctx, whose).await?;
    let name = whose.key_name();
    let old = ctx
        .store
        .site_secret(&ctx.site, &name)
        .await?
        .ok_or_else(|| AppError::Internal("an actor's key is gone as it was made".into()))?;
    let new = crate::app::blocking("making an actor's key", keys::generate)
        .await?
        .map_err(AppError::Internal)?;
    if !ctx
        .store
        .replace_site_secret(&ctx.site, &name, &old, new)
        .await?
    {
        return Err(AppError::Conflict(
            "the key was rotated by another process at the same moment: run the rotation again"
                .into(),
        ));
    }
    ctx.memo
        .actor_keys
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&name);
    let Some(document) = actor(ctx, whose).await? else {
        return Err(AppError::NotFound);
    };
    let at = ctx.clock.now();
    let id = timeuuid::at(at);
    let update = document.update(&format!("{}#updates/{id}", document.id), at);
    super::delivery::queue_as(ctx, id, whose, &update, &[], &[whose]).await?;
    Ok(Rotated {
        actor: document.id,
        followers,
    })
}

/// `sibyl fediverse ...` for the site of `site`: returns what to print.
pub async fn run(
    store: Arc<dyn Store>,
    site: &Site,
    command: FediverseCommand,
) -> Result<String, String> {
    match command {
        FediverseCommand::RotateKey { author, site_actor } => {
            let mut ctx = Ctx::offline(Arc::clone(&store), site.clone());
            ctx.own_roles = crate::app::shell_admin::own_roles(store.as_ref(), site).await?;
            let whose = match (author, site_actor) {
                (Some(login), false) => Whose::Author(
                    crate::app::shell_admin::find(store.as_ref(), &login)
                        .await?
                        .id,
                ),
                (None, true) => Whose::Site,
                _ => return Err("name an author, or --site-actor for the site's own actor".into()),
            };
            let done = rotate(&ctx, whose).await.map_err(|e| e.to_string())?;
            Ok(format!(
                "rotated the key of {}; an Update with the new key is queued for its {} (the serving instances deliver it, and sign with the new key within five minutes)\n",
                done.actor,
                match done.followers {
                    1 => "1 follower".to_owned(),
                    n => format!("{n} followers"),
                }
            ))
        }
    }
}

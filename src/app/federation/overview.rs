//! What an administrator sees of the site on the fediverse: how many remote actors follow
//! each of its actors, how many activities are being delivered, and the servers failing
//! every delivery (which an administrator can have tried again at once).

use super::{Whose, authority, site_actor_name};
use crate::app::{AppError, Ctx};
use crate::store::federation::Failing;

/// One of the site's actors with followers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Followed {
    /// `@name@host`.
    pub handle: String,
    /// Its page on the site.
    pub page: String,
    pub followers: u64,
}

#[derive(Debug, Clone)]
pub struct Overview {
    /// The site's actor first, then its authors with followers.
    pub followed: Vec<Followed>,
    /// Activities not delivered everywhere yet.
    pub sending: usize,
    /// Servers failing every delivery, and since when.
    pub failing: Vec<Failing>,
}

/// The site on the fediverse, as its administrators see it.
pub async fn overview(ctx: &Ctx) -> Result<Overview, AppError> {
    let counts = ctx.store.remote_follower_counts(&ctx.site).await?;
    let host = authority(ctx).to_owned();
    let mut followed = vec![Followed {
        handle: format!("@{}@{host}", site_actor_name(ctx)),
        page: ctx.absolute("/"),
        followers: counts
            .iter()
            .find(|(name, _)| Whose::from_name(name) == Some(Whose::Site))
            .map_or(0, |(_, n)| *n),
    }];
    for (name, n) in &counts {
        let Some(Whose::Author(id)) = Whose::from_name(name) else {
            continue;
        };
        if *n == 0 {
            continue;
        }
        if let Some(user) = ctx.store.user(id).await? {
            followed.push(Followed {
                handle: format!("@{}@{host}", user.username.as_str()),
                page: ctx.absolute(&crate::urls::author(user.username.as_str())),
                followers: *n,
            });
        }
    }
    Ok(Overview {
        followed,
        sending: ctx.store.open_activities(&ctx.site).await?.len(),
        failing: ctx.store.failing_servers(&ctx.site).await?,
    })
}

/// Has a failing server's deliveries tried again: it is no longer set aside, and the
/// delivery job is woken.
pub async fn retry_server(ctx: &Ctx, server: &str) -> Result<(), AppError> {
    if ctx.store.failing_server(&ctx.site, server).await?.is_none() {
        return Err(AppError::NotFound);
    }
    ctx.store.server_answers(&ctx.site, server).await?;
    super::delivery::wake();
    Ok(())
}

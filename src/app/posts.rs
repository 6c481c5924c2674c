//! Posts as the use cases find them: by the slug a path names, and for someone who may
//! edit them.

use super::{AppError, Ctx};
use crate::domain::{Post, Slug, User};

/// The post at `slug`: `Gone` if one was deleted there, `NotFound` if none ever was.
pub async fn post_at(ctx: &Ctx, slug: &str) -> Result<Post, AppError> {
    let slug = Slug::parse(slug).map_err(|_| AppError::NotFound)?;
    match ctx.store.post_by_slug(&ctx.site, &slug).await? {
        Some(post) => Ok(post),
        None if ctx.store.is_gone(&ctx.site, &slug).await? => Err(AppError::Gone),
        None => Err(AppError::NotFound),
    }
}

/// The post at `slug`, for someone who may edit it ([`Post::may_be_edited_by`]).
pub async fn editable(ctx: &Ctx, user: &User, slug: &str) -> Result<Post, AppError> {
    let post = post_at(ctx, slug).await?;
    if !post.may_be_edited_by(Some(user)) {
        return Err(AppError::Forbidden(
            "Only the post's author or an administrator can do this.".into(),
        ));
    }
    Ok(post)
}

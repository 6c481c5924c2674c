//! Posts: finding one by the slug a path names (for its readers, or for someone who may
//! edit it), creating one, saving a new revision of a text, and publishing or
//! unpublishing one.

use super::{AppError, Ctx};
use crate::domain::{
    Invalid, Locale, NewPost, Post, PostEdit, PostKind, PostStatus, Slug, User, UserId, now,
};
use crate::store::EditError;

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

/// Saves a new post or page, already rendered: a page only while the site has room for
/// another (`Ok(Err(_))`: why not, for the author). A new page joins this instance's
/// navigation at once.
pub async fn create_post(ctx: &Ctx, new: NewPost) -> Result<Result<Post, Invalid>, AppError> {
    if new.kind == PostKind::Page {
        let pages = ctx.store.site_pages(&ctx.site).await?;
        if let Err(full) = crate::domain::post::room_for_page(pages.len()) {
            return Ok(Err(full));
        }
    } else if !new.publish
        && let Err(full) = room_for_draft(ctx, new.author_id).await?
    {
        return Ok(Err(full));
    }
    // Published at once: its followers on the fediverse hear of it (noted before it is
    // written, as every change is; a page's too, for a site that sends its pages).
    if new.publish {
        crate::app::federation::posts::note_change(ctx, new.id).await?;
    }
    let post = ctx.store.create_post(new).await?;
    if post.is_page() {
        ctx.reread_frame().await;
    }
    Ok(Ok(post))
}

/// Whether `author` may have one more draft on the site: `Ok(Err(_))`, why not, when
/// their desk is at [`crate::domain::MAX_DRAFTS_PER_AUTHOR`].
pub async fn room_for_draft(ctx: &Ctx, author: UserId) -> Result<Result<(), Invalid>, AppError> {
    let drafts = ctx
        .store
        .drafts_counted(&ctx.site, author, crate::domain::MAX_DRAFTS_PER_AUTHOR)
        .await?;
    Ok(crate::domain::post::room_for_draft(drafts))
}

/// Publishes or unpublishes a text of `post`: its own (published again, it keeps its
/// date unless `anew`), or its translation into `translation`. `Ok(false)`: there is no
/// such text. A post goes back to its author's desk only while the desk has room
/// ([`AppError::Invalid`] otherwise). A page's change shows in this instance's
/// navigation at once.
pub async fn change_status(
    ctx: &Ctx,
    post: &Post,
    translation: Option<&Locale>,
    status: PostStatus,
    anew: bool,
) -> Result<bool, AppError> {
    // Its followers on the fediverse hear of it (noted before the change).
    crate::app::federation::posts::note_change(ctx, post.id).await?;
    let changed = match translation {
        None => match status {
            PostStatus::Published => {
                let at = post.publication_at(now(), anew);
                ctx.store.publish_post(&ctx.site, post.id, at).await?
            }
            PostStatus::Draft => {
                if post.status == PostStatus::Published
                    && !post.is_page()
                    && let Err(full) = room_for_draft(ctx, post.author_id).await?
                {
                    return Err(AppError::Invalid(full.0));
                }
                ctx.store.unpublish_post(&ctx.site, post.id).await?
            }
        }
        .is_some(),
        Some(locale) => ctx
            .store
            .set_translation_status(&ctx.site, post.id, locale, status, now())
            .await?
            .is_some(),
    };
    if changed && post.is_page() {
        ctx.reread_frame().await;
    }
    Ok(changed)
}

/// Saves a new revision of `post`'s own text, or of its translation into `translation`.
pub async fn save_text(
    ctx: &Ctx,
    post: &Post,
    translation: Option<&Locale>,
    edit: PostEdit,
) -> Result<(), EditError> {
    match translation {
        None => {
            save_revision(ctx, post, edit).await?;
        }
        Some(locale) => {
            // A published translation is in the post's Article (its contentMap); a draft
            // one is not, and changes nothing its followers see.
            if post.status == PostStatus::Published && post.translations.contains(locale) {
                ctx.store
                    .note_post_change(&ctx.site, post.id, ctx.clock.now())
                    .await?;
            }
            ctx.store
                .save_translation(&ctx.site, post.id, locale, edit)
                .await?;
        }
    }
    Ok(())
}

/// Saves `edit` as a post's newest revision (refused if another save came after its
/// base); returns the post as saved.
pub async fn save_revision(ctx: &Ctx, post: &Post, edit: PostEdit) -> Result<Post, EditError> {
    if post.status == PostStatus::Published {
        ctx.store
            .note_post_change(&ctx.site, post.id, ctx.clock.now())
            .await?;
    }
    ctx.store.save_revision(&ctx.site, post.id, edit).await
}

/// The answer to a failed save.
pub fn edit_failed(e: EditError) -> AppError {
    match e {
        EditError::Conflict => AppError::Conflict(
            "Someone saved this text a moment ago. Open it again and retry.".into(),
        ),
        EditError::NoSuchPost => AppError::NotFound,
        EditError::SameLocale => {
            AppError::Invalid("The post is already written in that language.".into())
        }
        EditError::TooManyTranslations => AppError::Invalid(format!(
            "A post can be translated into at most {} languages.",
            crate::domain::MAX_TRANSLATIONS
        )),
        EditError::Store(e) => e.into(),
    }
}

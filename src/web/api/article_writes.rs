//! Writing articles: a new one (its first revision), a change (a new revision), and
//! deleting one, by its author or an administrator.

use super::articles::{ArticleBody, article_at, single};
use super::{ApiError, ApiResult, Caller, Errors};
use crate::domain::post::{Body, Rendered, Title, parse_description};
use crate::domain::{NewPost, Post, PostEdit, Tags};
use crate::domain::{User, now};
use crate::store::EditError;
use crate::web::AppState;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, delete, post, put, web};
use serde::Deserialize;
use utoipa::ToSchema;

/// The article a slug names, for a caller who may change it.
async fn editable(state: &AppState, slug: &str, caller: &User) -> ApiResult<Post> {
    let post = article_at(state, slug, Some(caller)).await?;
    if !post.may_be_edited_by(Some(caller)) {
        return Err(ApiError::forbidden(
            "only the article's author or an administrator can change it",
        ));
    }
    Ok(post)
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewArticleBody {
    article: NewArticleFields,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct NewArticleFields {
    title: String,
    /// What lists show of it; empty: its first words.
    description: String,
    /// Markdown.
    body: String,
    #[serde(default)]
    tag_list: Vec<String>,
}

/// Writes and publishes an article (authors only): its first revision.
#[utoipa::path(
    tag = "Articles",
    request_body = NewArticleBody,
    responses(
        (status = 201, description = "The new article", body = ArticleBody),
        (status = 401, description = "No valid token", body = Errors),
        (status = 403, description = "The caller is not an author", body = Errors),
        (status = 422, description = "Not valid", body = Errors),
    ),
    security(("Token" = []))
)]
#[post("/articles")]
pub async fn create_article(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<NewArticleBody>,
) -> ApiResult<HttpResponse> {
    let user = caller.user;
    if !user.role.can_write() {
        return Err(ApiError::forbidden(
            "only authors can write articles; an administrator can make you one",
        ));
    }
    let fields = body.into_inner().article;
    let title = Title::parse(&fields.title)?;
    let text = crate::app::formatting::rendered(&state.ctx(), Body::parse(&fields.body)?).await??;
    let description = parse_description(&fields.description)?;
    let tags = Tags::from_list(&fields.tag_list)?;
    let mut new = NewPost::new(
        state.site.clone(),
        title,
        text,
        tags,
        user.id,
        user.display_name.clone(),
        now(),
        true,
    );
    if !description.is_empty() {
        new.excerpt = description;
    }
    let post = crate::app::posts::create_post(&state.ctx(), new).await??;
    Ok(HttpResponse::Created().json(single(&state, Some(&user), &post).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateArticleBody {
    article: UpdateArticleFields,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct UpdateArticleFields {
    title: Option<String>,
    description: Option<String>,
    body: Option<String>,
    tag_list: Option<Vec<String>>,
}

/// Changes an article (its author or an administrator): a new revision with what is
/// given and the rest as it was. Its slug stays, so that links to it keep working.
#[utoipa::path(
    tag = "Articles",
    params(("slug" = String, Path, description = "The article's slug")),
    request_body = UpdateArticleBody,
    responses(
        (status = 200, description = "The article as it is now", body = ArticleBody),
        (status = 401, description = "No valid token", body = Errors),
        (status = 403, description = "Not the article's author", body = Errors),
        (status = 404, description = "No such article", body = Errors),
        (status = 409, description = "Another save came first; nothing was changed", body = Errors),
        (status = 422, description = "Not valid", body = Errors),
    ),
    security(("Token" = []))
)]
#[put("/articles/{slug}")]
pub async fn update_article(
    state: web::Data<AppState>,
    caller: Caller,
    slug: web::Path<String>,
    body: web::Json<UpdateArticleBody>,
) -> ApiResult<HttpResponse> {
    let user = caller.user;
    let post = editable(&state, &slug, &user).await?;
    let fields = body.into_inner().article;
    let title = match &fields.title {
        Some(t) => Title::parse(t)?,
        None => post.title.clone(),
    };
    let text = match &fields.body {
        Some(b) => crate::app::formatting::rendered(&state.ctx(), Body::parse(b)?).await??,
        // Its text as it was rendered when saved.
        None => Rendered::stored(post.body.clone(), post.body_html.clone()),
    };
    let tags = match &fields.tag_list {
        Some(names) => Tags::from_list(names)?,
        None => post.tags.clone(),
    };
    let description = match &fields.description {
        Some(d) => Some(parse_description(d)?),
        None => None,
    };
    let mut edit = PostEdit::new(
        post.revision,
        title,
        text,
        tags,
        user.id,
        user.display_name.clone(),
        now(),
        "Edited through the API".into(),
    );
    edit.excerpt = match description {
        // Empty: the text's first words again.
        Some(d) if d.is_empty() => edit.excerpt,
        Some(d) => d,
        // Kept, unless the text changed and the excerpt was made from the old one.
        None if fields.body.is_none() || post.excerpt != post.body.excerpt() => {
            post.excerpt.clone()
        }
        None => edit.excerpt,
    };
    let saved = match crate::app::posts::save_revision(&state.ctx(), &post, edit).await {
        Ok(saved) => saved,
        Err(EditError::Conflict) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "the article was changed by another save meanwhile; read it again, then retry",
            ));
        }
        Err(EditError::NoSuchPost) => return Err(ApiError::not_found("article")),
        Err(EditError::SameLocale) => {
            return Err(ApiError::invalid("the article is in that language already"));
        }
        Err(EditError::TooManyTranslations) => {
            return Err(ApiError::invalid(format!(
                "an article can be translated into at most {} languages",
                crate::domain::MAX_TRANSLATIONS
            )));
        }
        Err(EditError::Store(e)) => return Err(e.into()),
    };
    Ok(HttpResponse::Ok().json(single(&state, Some(&user), &saved).await?))
}

/// Deletes an article (its author or an administrator) with its comments and files.
#[utoipa::path(
    tag = "Articles",
    params(("slug" = String, Path, description = "The article's slug")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "No valid token", body = Errors),
        (status = 403, description = "Not the article's author", body = Errors),
        (status = 404, description = "No such article", body = Errors),
    ),
    security(("Token" = []))
)]
#[delete("/articles/{slug}")]
pub async fn delete_article(
    state: web::Data<AppState>,
    caller: Caller,
    slug: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let post = editable(&state, &slug, &caller.user).await?;
    crate::app::deletion::delete_post(&state.ctx(), post.id).await?;
    Ok(HttpResponse::NoContent().finish())
}

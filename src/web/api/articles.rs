//! Articles: the site's posts (not its static pages), listed newest first, made and
//! changed by revisions as the editor makes them.

use super::profiles::{ProfileView, accounts};
use super::{ApiError, ApiResult, Caller, Errors, MaybeCaller, timestamp};
use crate::domain::post::{Body, Rendered, Title, parse_description};
use crate::domain::{NewPost, Post, PostEdit, PostId, PostStatus, PostSummary, Slug, Tags};
use crate::domain::{User, UserId, now};
use crate::store::EditError;
use crate::web::AppState;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, delete, get, post, put, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An article as the specification shows it. Lists leave out its body.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArticleView {
    slug: String,
    title: String,
    description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    body: Option<String>,
    /// Its tags, by name.
    tag_list: Vec<String>,
    /// When it was published (a draft: when it was made).
    created_at: String,
    /// When its latest revision was saved (in lists of the site's posts, which do not
    /// carry it: when it was published).
    updated_at: String,
    /// Whether the caller keeps it as a favorite.
    favorited: bool,
    /// How many accounts keep it as a favorite.
    favorites_count: u64,
    author: ProfileView,
}

/// What an article is made from: a post, or a row of a list.
pub(super) struct Entry {
    id: PostId,
    slug: String,
    title: String,
    excerpt: String,
    body: Option<String>,
    tags: Tags,
    created: chrono::DateTime<chrono::Utc>,
    updated: chrono::DateTime<chrono::Utc>,
    author_id: Option<UserId>,
    author_name: String,
}

impl Entry {
    /// A post, with its text or (in lists) without.
    pub(super) fn of_post(post: &Post, with_body: bool) -> Self {
        Self {
            id: post.id,
            slug: post.slug.as_str().to_owned(),
            title: post.title.as_str().to_owned(),
            excerpt: post.excerpt.clone(),
            body: with_body.then(|| post.body.as_str().to_owned()),
            tags: post.tags.clone(),
            created: post.published.unwrap_or(post.created),
            updated: post.updated,
            author_id: Some(post.author_id),
            author_name: post.author_name.clone(),
        }
    }

    pub(super) fn of_summary(summary: PostSummary) -> Self {
        Self {
            id: summary.id,
            slug: summary.slug.as_str().to_owned(),
            title: summary.title,
            excerpt: summary.excerpt,
            body: None,
            tags: summary.tags,
            created: summary.published,
            updated: summary.published,
            author_id: summary.author_id,
            author_name: summary.author_name,
        }
    }
}

/// The articles of some entries as `caller` sees them: their authors' profiles (one
/// read per author), and, for the whole page at once, the favorites' counts (one read
/// per tally bucket), which of them the caller keeps as favorites and which of their
/// authors the caller follows (one read each): never a read per article.
pub(super) async fn views(
    state: &AppState,
    caller: Option<&User>,
    entries: Vec<Entry>,
) -> ApiResult<Vec<ArticleView>> {
    let site = &state.site;
    let ids: Vec<PostId> = entries.iter().map(|e| e.id).collect();
    let mut author_ids: Vec<UserId> = entries.iter().filter_map(|e| e.author_id).collect();
    author_ids.sort_by_key(|u| u.0);
    author_ids.dedup();
    let authors = accounts(state, author_ids.iter().copied()).await?;
    let counts = state.store.favorite_counts(site, &ids).await?;
    let (favorited, following) = match caller {
        Some(me) => (
            state.store.favorites_among(site, me.id, &ids).await?,
            state.store.follows_among(site, me.id, &author_ids).await?,
        ),
        None => Default::default(),
    };
    Ok(entries
        .into_iter()
        .map(|e| {
            let author = e.author_id.and_then(|id| authors.get(&id)).map_or_else(
                || ProfileView::named(&e.author_name),
                |u| ProfileView::of(u, following.contains(&u.id)),
            );
            let mut tag_list = e.tags.to_strings();
            tag_list.sort();
            ArticleView {
                slug: e.slug,
                title: e.title,
                description: e.excerpt,
                body: e.body,
                tag_list,
                created_at: timestamp(e.created),
                updated_at: timestamp(e.updated),
                favorited: favorited.contains(&e.id),
                favorites_count: counts.get(&e.id).copied().unwrap_or(0),
                author,
            }
        })
        .collect())
}

#[derive(Serialize, ToSchema)]
pub struct ArticleBody {
    article: ArticleView,
}

/// One article as `caller` sees it.
pub(super) async fn single(
    state: &AppState,
    caller: Option<&User>,
    post: &Post,
) -> ApiResult<ArticleBody> {
    let article = views(state, caller, vec![Entry::of_post(post, true)])
        .await?
        .pop()
        .ok_or_else(|| ApiError::not_found("article"))?;
    Ok(ArticleBody { article })
}

/// The article a slug names, as the caller may see it: a published post to anyone, a
/// draft to its editors only; a static page is no article.
pub(super) async fn article_at(
    state: &AppState,
    slug: &str,
    caller: Option<&User>,
) -> ApiResult<Post> {
    let slug = Slug::parse(slug).map_err(|_| ApiError::not_found("article"))?;
    let post = state
        .store
        .post_by_slug(&state.site, &slug)
        .await?
        .filter(|p| !p.is_page())
        .ok_or_else(|| ApiError::not_found("article"))?;
    if post.status != PostStatus::Published && !post.may_be_edited_by(caller) {
        return Err(ApiError::not_found("article"));
    }
    Ok(post)
}

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

/// One article.
#[utoipa::path(
    tag = "Articles",
    params(("slug" = String, Path, description = "The article's slug")),
    responses(
        (status = 200, description = "The article", body = ArticleBody),
        (status = 404, description = "No such article", body = Errors),
    )
)]
#[get("/articles/{slug}")]
pub async fn show_article(
    state: web::Data<AppState>,
    caller: MaybeCaller,
    slug: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let post = article_at(&state, &slug, caller.user()).await?;
    Ok(HttpResponse::Ok().json(single(&state, caller.user(), &post).await?))
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
    let saved = match state.store.save_revision(&state.site, post.id, edit).await {
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
    crate::app::deletion::delete_post(state.store.as_ref(), &state.site, post.id).await?;
    Ok(HttpResponse::NoContent().finish())
}

//! Articles: the site's posts (not its static pages), listed newest first, made and
//! changed by revisions as the editor makes them.

use super::profiles::{ProfileView, account, accounts};
use super::{ApiError, ApiResult, Caller, Errors, MaybeCaller, Window, timestamp};
use crate::domain::post::{Body, Title, parse_description};
use crate::domain::{NewPost, Post, PostEdit, PostId, PostStatus, PostSummary, Slug, Tag, Tags};
use crate::domain::{User, now};
use crate::store::{EditError, PageAt, PageError};
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
    /// When its latest revision was saved (in lists: when it was published).
    updated_at: String,
    favorited: bool,
    favorites_count: u64,
    author: ProfileView,
}

fn tag_list(tags: &Tags) -> Vec<String> {
    let mut names = tags.to_strings();
    names.sort();
    names
}

fn article(post: &Post, author: ProfileView) -> ArticleView {
    ArticleView {
        slug: post.slug.as_str().to_owned(),
        title: post.title.as_str().to_owned(),
        description: post.excerpt.clone(),
        body: Some(post.body.as_str().to_owned()),
        tag_list: tag_list(&post.tags),
        created_at: timestamp(post.published.unwrap_or(post.created)),
        updated_at: timestamp(post.updated),
        favorited: false,
        favorites_count: 0,
        author,
    }
}

fn listed(summary: &PostSummary, author: ProfileView) -> ArticleView {
    ArticleView {
        slug: summary.slug.as_str().to_owned(),
        title: summary.title.clone(),
        description: summary.excerpt.clone(),
        body: None,
        tag_list: tag_list(&summary.tags),
        created_at: timestamp(summary.published),
        updated_at: timestamp(summary.published),
        favorited: false,
        favorites_count: 0,
        author,
    }
}

#[derive(Serialize, ToSchema)]
pub struct ArticleBody {
    article: ArticleView,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArticlesBody {
    articles: Vec<ArticleView>,
    /// The articles counted so far: through this page, and one more when more follow
    /// (the lists are read a page at a time and never counted whole).
    articles_count: u64,
}

async fn with_author(state: &AppState, post: &Post) -> ApiResult<ArticleBody> {
    let author = state.store.user(post.author_id).await?.map_or_else(
        || ProfileView::named(&post.author_name),
        |u| ProfileView::of(&u, false),
    );
    Ok(ArticleBody {
        article: article(post, author),
    })
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
    if post.status != PostStatus::Published && !crate::web::posts::may_edit(caller, &post) {
        return Err(ApiError::not_found("article"));
    }
    Ok(post)
}

/// The article a slug names, for a caller who may change it.
async fn editable(state: &AppState, slug: &str, caller: &User) -> ApiResult<Post> {
    let post = article_at(state, slug, Some(caller)).await?;
    if !crate::web::posts::may_edit(Some(caller), &post) {
        return Err(ApiError::forbidden(
            "only the article's author or an administrator can change it",
        ));
    }
    Ok(post)
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Filters {
    /// Articles with this tag.
    tag: Option<String>,
    /// Articles by this user name.
    author: Option<String>,
    /// Articles this user name favorited.
    favorited: Option<String>,
}

/// Rows read at a time while a list is walked to its offset.
const WALK: usize = 100;

/// Published articles, newest first, filtered by tag, author or favoriter (together:
/// all of them), `limit` from `offset`.
#[utoipa::path(
    tag = "Articles",
    params(Filters, Window),
    responses(
        (status = 200, description = "A page of articles, without their bodies", body = ArticlesBody),
        (status = 401, description = "A token was sent, and it is not valid", body = Errors),
        (status = 422, description = "A filter, limit or offset is not valid", body = Errors),
    )
)]
#[get("/articles")]
pub async fn list_articles(
    state: web::Data<AppState>,
    _caller: MaybeCaller,
    filters: web::Query<Filters>,
    window: web::Query<Window>,
) -> ApiResult<HttpResponse> {
    let (limit, offset) = window.checked()?;
    let tag = match filters.tag.as_deref() {
        Some(t) => Some(Tag::parse(t)?),
        None => None,
    };
    let author = match filters.author.as_deref() {
        Some(name) => match account(&state, name).await {
            Ok(user) => Some(user),
            // Nobody by that name wrote anything.
            Err(_) => return Ok(empty()),
        },
        None => None,
    };
    if let Some(name) = filters.favorited.as_deref() {
        // Favorites are not kept yet: nobody has favorited anything.
        let _ = account(&state, name).await;
        return Ok(empty());
    }
    let wanted = |s: &PostSummary| tag.as_ref().is_none_or(|t| s.tags.iter().any(|x| x == t));
    let mut cursor: Option<String> = None;
    let mut skipped = 0;
    let mut page: Vec<PostSummary> = Vec::new();
    let more = loop {
        let at = cursor.as_deref().map_or(PageAt::Newest, PageAt::Older);
        let read = match (&author, &tag) {
            (Some(a), _) => {
                state
                    .store
                    .posts_by_author(&state.site, a.id, at, WALK)
                    .await
            }
            (None, Some(t)) => state.store.tag_page(&state.site, t, at, WALK).await,
            (None, None) => state.store.home_page(&state.site, at, WALK).await,
        }
        .map_err(page_failed)?;
        let mut rows = read.posts.into_iter().filter(|s| wanted(s)).peekable();
        let mut full = false;
        while let Some(summary) = rows.next() {
            if skipped < offset {
                skipped += 1;
            } else if page.len() < limit {
                page.push(summary);
            } else {
                full = true;
                break;
            }
            if page.len() == limit && rows.peek().is_some() {
                full = true;
                break;
            }
        }
        if full {
            break true;
        }
        match read.older {
            Some(next) => cursor = Some(next),
            None => break false,
        }
    };
    let users = accounts(&state, page.iter().filter_map(|s| s.author_id)).await?;
    let articles: Vec<ArticleView> = page
        .iter()
        .map(|s| {
            let author = s.author_id.and_then(|id| users.get(&id)).map_or_else(
                || ProfileView::named(&s.author_name),
                |u| ProfileView::of(u, false),
            );
            listed(s, author)
        })
        .collect();
    let counted = (offset + articles.len() + usize::from(more)) as u64;
    Ok(HttpResponse::Ok().json(ArticlesBody {
        articles,
        articles_count: counted,
    }))
}

/// A list that could not be read: the store's failure (a cursor it made itself is never
/// refused).
pub(super) fn page_failed(e: PageError) -> ApiError {
    match e {
        PageError::BadCursor => ApiError::from(crate::web::WebError::Internal(
            "a list's own cursor was refused".into(),
        )),
        PageError::Store(e) => e.into(),
    }
}

fn empty() -> HttpResponse {
    HttpResponse::Ok().json(ArticlesBody {
        articles: Vec::new(),
        articles_count: 0,
    })
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
    Ok(HttpResponse::Ok().json(with_author(&state, &post).await?))
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
    let text = Body::parse(&fields.body)?;
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
    let post = state.store.create_post(new).await?;
    Ok(HttpResponse::Created().json(with_author(&state, &post).await?))
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
        Some(b) => Body::parse(b)?,
        None => post.body.clone(),
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
    Ok(HttpResponse::Ok().json(with_author(&state, &saved).await?))
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
    delete_post(&state, post.id).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn delete_post(state: &AppState, id: PostId) -> ApiResult<()> {
    crate::deletion::delete_post(state.store.as_ref(), &state.site, id).await?;
    Ok(())
}

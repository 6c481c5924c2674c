//! Articles: the site's posts (not its static pages), listed newest first, made and
//! changed by revisions as the editor makes them; how one is shown, and reading one.
//! Writing them is [`super::article_writes`]'s.

use super::profiles::{ProfileView, accounts};
use super::{ApiError, ApiResult, Errors, MaybeCaller, timestamp};
use crate::domain::{Post, PostId, PostStatus, PostSummary, Slug, Tags};
use crate::domain::{User, UserId};
use crate::web::AppState;
use actix_web::{HttpResponse, get, web};
use serde::Serialize;
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

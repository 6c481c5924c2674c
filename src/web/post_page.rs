//! Reading a post or a page: its page with its comments, its short link, and the
//! redirects between a post's and a page's addresses.

use super::auth::MaybeUser;
use super::comment_section::CommentQuery;
use super::csrf::{CsrfToken, layout};
use super::locales::{Lang, Text, alternates};
use super::page_cache::cacheable;
use super::pages::{CommentDraft, Dated, PostLinks, PostPage, TranslationLink};
use super::post_view::{post_view, preview};
use super::{AppState, WebError, render};
use crate::app::posts;
use crate::domain::{Locale, PostStatus};
use crate::store::ShortLink;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

/// `/p/<n>`: a post's short link, redirecting for good to its canonical address.
pub async fn short_link(
    state: web::Data<AppState>,
    n: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let n: u64 = n.parse().map_err(|_| WebError::NotFound)?;
    match state.store.slug_by_short_id(&state.site, n).await? {
        Some(ShortLink::Post(slug)) => Ok(moved_permanently(&urls::post(slug.as_str()))),
        Some(ShortLink::Gone) => Err(WebError::Gone),
        None => Err(WebError::NotFound),
    }
}

/// A redirect for good to `location`, a path on this site.
fn moved_permanently(location: &str) -> HttpResponse {
    HttpResponse::MovedPermanently()
        .insert_header((
            actix_web::http::header::LOCATION,
            urls::ascii_location(location),
        ))
        .finish()
}

#[derive(Deserialize)]
pub struct ShowQuery {
    suggested: Option<String>,
    #[serde(flatten)]
    comments: CommentQuery,
}

/// A post in one of its languages (`?lang=`; the original without it), with links to
/// the others, and its comments.
pub async fn show(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    slug: web::Path<String>,
    lang: Lang,
    query: web::Query<ShowQuery>,
    request: actix_web::HttpRequest,
) -> Result<HttpResponse, WebError> {
    let post = posts::post_at(&state.ctx(), &slug).await?;
    if post.is_page() {
        return Ok(moved_to(&urls::page(post.slug.as_str()), &request));
    }
    if let Some(article) = article_asked(&state, &post, &request).await? {
        return Ok(article);
    }
    let query = query.into_inner();
    let page = post_page(
        &state,
        &user,
        &csrf,
        &post,
        &lang,
        &query.comments,
        None,
        query.suggested.is_some(),
    )
    .await?;
    Ok(cacheable(varies_by_accept(render(StatusCode::OK, &page)?)))
}

/// `/pages/<slug>`: a static page, in one of its languages.
pub async fn show_page(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    slug: web::Path<String>,
    lang: Lang,
    request: actix_web::HttpRequest,
) -> Result<HttpResponse, WebError> {
    let post = posts::post_at(&state.ctx(), &slug).await?;
    if !post.is_page() {
        return Ok(moved_to(&urls::post(post.slug.as_str()), &request));
    }
    // A site that sends its pages to the fediverse answers for them as for posts.
    if let Some(article) = article_asked(&state, &post, &request).await? {
        return Ok(article);
    }
    let page = post_page(
        &state,
        &user,
        &csrf,
        &post,
        &lang,
        &CommentQuery::default(),
        None,
        false,
    )
    .await?;
    Ok(cacheable(varies_by_accept(render(StatusCode::OK, &page)?)))
}

/// The `Article` of a post or page, when the request asks for it (and it is on the
/// fediverse).
async fn article_asked(
    state: &AppState,
    post: &crate::domain::Post,
    request: &actix_web::HttpRequest,
) -> Result<Option<HttpResponse>, WebError> {
    super::federation::negotiated(&state.ctx(), post, request)
        .await
        .map_err(|e| WebError::Internal(e.to_string()))
}

/// A post's or page's HTML, which says its address answers an ActivityStreams client
/// with the `Article` instead.
fn varies_by_accept(mut answer: HttpResponse) -> HttpResponse {
    answer.headers_mut().append(
        actix_web::http::header::VARY,
        actix_web::http::header::HeaderValue::from_static("Accept"),
    );
    answer
}

/// A redirect for good to `path`, with the request's query (a post asked for as a
/// page, or a page as a post).
fn moved_to(path: &str, request: &actix_web::HttpRequest) -> HttpResponse {
    match request.query_string() {
        "" => moved_permanently(path),
        query => moved_permanently(&format!("{path}?{query}")),
    }
}

/// The post's page again, with a comment that could not be taken and why.
pub(super) async fn page_with_comment(
    state: &AppState,
    user: &MaybeUser,
    csrf: &CsrfToken,
    post: &crate::domain::Post,
    lang: &Lang,
    draft: CommentDraft,
) -> Result<HttpResponse, WebError> {
    let page = post_page(
        state,
        user,
        csrf,
        post,
        lang,
        &CommentQuery::default(),
        Some(draft),
        false,
    )
    .await?;
    render(StatusCode::UNPROCESSABLE_ENTITY, &page)
}

#[expect(
    clippy::too_many_arguments,
    reason = "the page's parts, each from the request"
)]
async fn post_page(
    state: &AppState,
    user: &MaybeUser,
    csrf: &CsrfToken,
    post: &crate::domain::Post,
    lang: &Lang,
    comments: &CommentQuery,
    draft: Option<CommentDraft>,
    suggested: bool,
) -> Result<PostPage, WebError> {
    let editor = post.may_be_edited_by(user.0.as_ref());
    // A draft exists only for those who may edit it, in every language.
    if post.status == PostStatus::Draft && !editor {
        return Err(WebError::NotFound);
    }
    let text = Text::of(state, post, lang).await?;
    let shown = text.existing()?;
    if shown.status == PostStatus::Draft && !editor {
        return Err(text.missing());
    }
    // The translations, the comments and the link preview depend on the post alone: read
    // at once. Only editors see the unpublished translations, and pay the read that lists
    // them.
    let translations = async {
        if !editor {
            return Ok(Vec::new());
        }
        Ok::<_, WebError>(
            state
                .store
                .translations(&state.site, post.id)
                .await?
                .into_iter()
                .map(|t| TranslationLink {
                    url: urls::post_in(post.slug.as_str(), Some(&t.locale)),
                    label: t.locale.label(),
                    code: t.locale.code(),
                    draft: t.status == PostStatus::Draft,
                })
                .collect(),
        )
    };
    // A page takes no comments, and shows no section for them.
    let comments = async {
        if post.is_page() {
            return Ok(None);
        }
        super::comment_section::section(state, post, user, csrf, text.lang(), comments, draft)
            .await
            .map(Some)
    };
    let preview = async { Ok(preview(state, post, shown, text.lang()).await) };
    let (translations, comments, preview) =
        futures_util::future::try_join3(translations, comments, preview).await?;
    let slug = post.slug.as_str();
    let lang = text.lang();
    Ok(PostPage {
        layout: match text.translation() {
            // A translation's page speaks its language, where the interface does.
            Some(locale) => layout(user, csrf).speaking(locale),
            None => layout(user, csrf),
        }
        .describing(&shown.excerpt),
        preview,
        post: post_view(post, shown),
        text_lang: match &text.locale {
            Locale::Neutral => String::new(),
            other => other.hreflang(),
        },
        alternates: alternates(state, post, &text.locale),
        links: PostLinks {
            publish: urls::publish(slug, lang),
            unpublish: urls::unpublish(slug, lang),
            edit: urls::edit(slug, lang),
            history: urls::history(slug, lang),
            suggest: urls::suggest(slug),
            suggestions: urls::suggestions(slug),
            translate: urls::edit(slug, None),
            close_comments: urls::close_comments(slug),
            open_comments: urls::open_comments(slug),
            sign_in: urls::login(&urls::post(slug)),
            schedule: urls::schedule(slug),
            delete: urls::delete(slug),
        },
        original: text.original,
        translations,
        can_publish: editor && shown.status == PostStatus::Draft,
        published_before: (text.original && post.status == PostStatus::Draft)
            .then_some(post.first_published)
            .flatten()
            .map(Dated::new),
        scheduled: (text.original && post.status == PostStatus::Draft)
            .then_some(post.scheduled)
            .flatten()
            .map(Dated::with_time),
        can_edit: editor,
        can_suggest: text.original
            && user.0.is_some()
            && !editor
            && !post.is_page()
            && post.status == PostStatus::Published,
        suggested,
        comments,
        page: post.is_page(),
    })
}

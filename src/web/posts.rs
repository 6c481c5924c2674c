//! Writing, publishing and reading posts.

use super::auth::{Author, CsrfForm, CsrfOnly, CsrfToken, MaybeUser, csrf_field, layout};
use super::comment_section::CommentQuery;
use super::locales::{Lang, Text, alternates};
use super::pages::{
    CommentDraft, Dated, PostLinks, PostPage, PostView, Preview, TranslationLink, WritePage,
};
use super::{AppState, WebError, render, see_other};
use crate::app::posts;
use crate::domain::post::Body;
use crate::domain::{Locale, NewPost, PostKind, PostStatus, Role, Tags, Title, User, now};
use crate::store::ShortLink;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct WriteQuery {
    /// `page` for a static page; a post without it.
    #[serde(default)]
    kind: String,
}

/// What the editor makes: a post, or (for administrators) a static page.
fn kind_of(kind: &str, author: &User) -> Result<PostKind, WebError> {
    match kind {
        "" | "post" => Ok(PostKind::Post),
        "page" if author.role == Role::Admin => Ok(PostKind::Page),
        "page" => Err(WebError::Forbidden(
            "Only an administrator makes the site's pages.".into(),
        )),
        _ => Err(WebError::BadRequest(
            "A new text is a post or a page.".into(),
        )),
    }
}

pub async fn write_form(
    author: Author,
    csrf: CsrfToken,
    query: web::Query<WriteQuery>,
) -> Result<HttpResponse, WebError> {
    let kind = kind_of(&query.kind, &author.0)?;
    let page = WritePage {
        layout: layout(&MaybeUser(Some(author.0)), &csrf),
        error: None,
        title: String::new(),
        body: String::new(),
        tags: String::new(),
        lang: String::new(),
        preview: None,
        page: kind == PostKind::Page,
    };
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct WriteForm {
    csrf: String,
    title: String,
    body: String,
    #[serde(default)]
    tags: String,
    /// The language the post is written in: `en`, `fr_CA`, or empty for none.
    #[serde(default)]
    lang: String,
    /// Which button was pressed: `publish`, `draft`, `preview`, `files` (a draft, then
    /// its files) or `schedule` (a draft, then its schedule).
    action: String,
    /// `page` for a static page.
    #[serde(default)]
    kind: String,
}

csrf_field!(WriteForm);

pub async fn create(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    form: CsrfForm<WriteForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let kind = kind_of(&form.kind, &author.0)?;
    let publish = match form.action.as_str() {
        "publish" => true,
        "draft" | "preview" | "files" | "schedule" => false,
        _ => {
            return Err(WebError::BadRequest(
                "Choose Publish, Save and schedule, Save draft, Preview or Save draft and add files."
                    .into(),
            ));
        }
    };
    let parsed = (|| {
        Ok::<_, crate::domain::Invalid>((
            Title::parse(&form.title)?,
            Body::parse(&form.body)?,
            // Pages are listed under no tag.
            match kind {
                PostKind::Post => Tags::parse(&form.tags)?,
                PostKind::Page => Tags::default(),
            },
            Locale::parse(form.lang.trim())?,
        ))
    })();
    let page = |error: Option<String>, preview: Option<String>| WritePage {
        layout: layout(&MaybeUser(Some(author.0.clone())), &csrf),
        error,
        title: form.title.clone(),
        body: form.body.clone(),
        tags: form.tags.clone(),
        lang: form.lang.clone(),
        preview,
        page: kind == PostKind::Page,
    };
    let (title, body, tags, locale) = match parsed {
        Ok(fields) => fields,
        Err(e) => return render(StatusCode::UNPROCESSABLE_ENTITY, &page(Some(e.0), None)),
    };
    let text = match crate::app::formatting::rendered(&state.ctx(), body).await? {
        Ok(text) => text,
        Err(e) => return render(StatusCode::UNPROCESSABLE_ENTITY, &page(Some(e.0), None)),
    };
    if form.action == "preview" {
        // Rendered exactly as the saved post will be, and nothing is stored.
        return render(StatusCode::OK, &page(None, Some(text.html)));
    }
    let user = &author.0;
    let post = NewPost::new(
        state.site.clone(),
        title,
        text,
        tags,
        user.id,
        user.display_name.clone(),
        now(),
        publish,
    )
    .in_locale(locale);
    let post = match kind {
        PostKind::Post => post,
        PostKind::Page => post.as_page(),
    };
    let post = match posts::create_post(&state.ctx(), post).await? {
        Ok(post) => post,
        Err(full) => return render(StatusCode::UNPROCESSABLE_ENTITY, &page(Some(full.0), None)),
    };
    match form.action.as_str() {
        // Files hang from a saved post: on to the editor's, the post a draft.
        "files" => return Ok(see_other(&urls::edit_attachments(post.slug.as_str()))),
        // Saved as a draft, on to the time it goes live.
        "schedule" => return Ok(see_other(&urls::schedule(post.slug.as_str()))),
        _ => {}
    }
    Ok(see_other(&urls::text_url(
        post.slug.as_str(),
        post.is_page(),
        None,
    )))
}

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
    render(StatusCode::OK, &page)
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
    render(StatusCode::OK, &page)
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
    // Only editors see the unpublished translations, and pay the read that lists them.
    let translations = if editor {
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
            .collect()
    } else {
        Vec::new()
    };
    // A page takes no comments, and shows no section for them.
    let comments = if post.is_page() {
        None
    } else {
        Some(
            super::comment_section::section(state, post, user, csrf, text.lang(), comments, draft)
                .await?,
        )
    };
    let slug = post.slug.as_str();
    let lang = text.lang();
    let preview = preview(state, post, shown, text.lang()).await;
    Ok(PostPage {
        layout: layout(user, csrf).describing(&shown.excerpt),
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

/// Publishes a post, or with `?lang=` one of its translations.
pub async fn publish(
    state: web::Data<AppState>,
    author: Author,
    slug: web::Path<String>,
    lang: Lang,
    form: CsrfForm<PublishForm>,
) -> Result<HttpResponse, WebError> {
    let anew = form.0.anew.is_some();
    set_status(state, author, slug, lang, PostStatus::Published, anew).await
}

#[derive(Deserialize)]
pub struct PublishForm {
    csrf: String,
    /// Set: publish with today's date, not the earlier publication's.
    anew: Option<String>,
}

csrf_field!(PublishForm);

/// Takes a published post (or with `?lang=` one translation) back to draft.
pub async fn unpublish(
    state: web::Data<AppState>,
    author: Author,
    slug: web::Path<String>,
    lang: Lang,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    set_status(state, author, slug, lang, PostStatus::Draft, false).await
}

async fn set_status(
    state: web::Data<AppState>,
    author: Author,
    slug: web::Path<String>,
    lang: Lang,
    status: PostStatus,
    anew: bool,
) -> Result<HttpResponse, WebError> {
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    let text = Text::of(&state, &post, &lang).await?;
    if !posts::change_status(&state.ctx(), &post, text.translation(), status, anew).await? {
        return Err(text.not_there());
    }
    Ok(see_other(&urls::text_url(
        post.slug.as_str(),
        post.is_page(),
        text.lang(),
    )))
}

/// A post's link preview and structured data, in the language shown.
async fn preview(
    state: &AppState,
    p: &crate::domain::Post,
    text: &crate::domain::Translation,
    lang: Option<&Locale>,
) -> Preview {
    let site = state.site.as_str();
    let url = format!(
        "{site}{}",
        urls::text_url(p.slug.as_str(), p.is_page(), lang)
    );
    let image = crate::domain::markdown::first_binary_image(&text.body_html)
        .map(|path| format!("{site}{path}"));
    let published = text.published.or(p.published).unwrap_or(p.created);
    let mut json = serde_json::json!({
        "@context": "https://schema.org",
        "@type": if p.is_page() { "WebPage" } else { "BlogPosting" },
        "headline": text.title.as_str(),
        "description": text.excerpt,
        "url": url,
        "mainEntityOfPage": url,
        "datePublished": published.to_rfc3339(),
        "dateModified": p.updated.max(published).to_rfc3339(),
        "author": {
            "@type": "Person",
            "name": p.author_name,
            "url": format!("{site}{}", urls::author_by_id(p.author_id)),
        },
        "publisher": {
            "@type": "Organization",
            "name": state.identity().await.title,
            "url": site,
        },
    });
    if let Some(image) = &image {
        json["image"] = serde_json::Value::from(image.as_str());
    }
    Preview {
        title: text.title.as_str().to_owned(),
        description: text.excerpt.clone(),
        url,
        image,
        published: published.to_rfc3339(),
        modified: p.updated.max(published).to_rfc3339(),
        author: p.author_name.clone(),
        // Inside <script>, only "</" (and "<!--") could end or disturb the element.
        json_ld: json.to_string().replace('<', "\\u003c"),
    }
}

/// A post shown in one of its languages: the text's title, body and state, the post's
/// author, tags and short link.
fn post_view(p: &crate::domain::Post, text: &crate::domain::Translation) -> PostView {
    PostView {
        short_url: urls::short_link(p.short_id),
        title: text.title.as_str().to_owned(),
        body_html: text.body_html.clone(),
        author: p.author_name.clone(),
        author_url: urls::author_by_id(p.author_id),
        date: Dated::new(text.published.or(p.published).unwrap_or(p.created)),
        updated: p.revised_after_publication().map(Dated::new),
        tags: super::lists::tag_links(&p.tags),
        draft: p.status == PostStatus::Draft || text.status == PostStatus::Draft,
    }
}

//! Writing and publishing posts (reading them: [`super::post_page`]).

use super::auth::{Author, MaybeUser};
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, csrf_field, layout};
use super::locales::{Lang, Text};
use super::pages::WritePage;
use super::{AppState, WebError, render, see_other};
use crate::app::posts;
use crate::domain::post::Body;
use crate::domain::{Locale, NewPost, PostKind, PostStatus, Role, Tags, Title, User, now};
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

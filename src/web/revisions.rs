//! Editing a post as a chain of immutable revisions: the editor, its private drafts, and
//! saving a new revision (its history: [`super::history`]).

use super::auth::Author;
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken};
use super::editor::{EditForm, edit_page, render_editor};
use super::locales::{Lang, Text};
use super::{AppState, WebError, see_other};
use crate::app::posts;
use crate::domain::post::{Body, parse_message};
use crate::domain::{Draft, PostEdit, PostStatus, Tags, Title, now};
use crate::store::EditError;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

pub async fn edit_form(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
    lang: Lang,
) -> Result<HttpResponse, WebError> {
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    let text = Text::of(&state, &post, &lang).await?;
    let mut page = edit_page(&author.0, &csrf, &post, &text, None, None);
    if text.current.is_none() {
        page.notice = Some(format!(
            "You are starting the {} translation from the original text. It stays a draft until you publish it.",
            text.locale.label()
        ));
    }
    let draft = state
        .store
        .draft(&state.site, post.id, author.0.id, &text.locale)
        .await?;
    if let Some(draft) = draft {
        let changed = if draft.base == text.base() {
            String::new()
        } else {
            format!(" The text has moved on to revision {} since.", text.base())
        };
        page.notice = Some(format!(
            "This is your draft, saved {} from revision {}; it is not a revision yet.{changed}",
            draft.saved.format("%B %-d, %Y at %H:%M UTC"),
            draft.base
        ));
        page.has_draft = true;
        page.base = draft.base;
        page.title = draft.title;
        page.body = draft.body;
        page.tags = draft.tags;
    }
    render_editor(&state, StatusCode::OK, page, &post).await
}

pub async fn discard_draft(
    state: web::Data<AppState>,
    author: Author,
    slug: web::Path<String>,
    lang: Lang,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    let text = Text::of(&state, &post, &lang).await?;
    state
        .store
        .discard_draft(&state.site, post.id, author.0.id, &text.locale)
        .await?;
    Ok(see_other(&urls::edit(post.slug.as_str(), text.lang())))
}

pub async fn save(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
    lang: Lang,
    form: CsrfForm<EditForm>,
) -> Result<HttpResponse, WebError> {
    let user = author.0;
    let post = posts::editable(&state.ctx(), &user, &slug).await?;
    let text = Text::of(&state, &post, &lang).await?;
    if form.action == "draft" {
        return match Draft::parse(form.base, &form.title, &form.body, &form.tags, now()) {
            Ok(draft) => {
                state
                    .store
                    .save_draft(&state.site, post.id, user.id, &text.locale, &draft)
                    .await?;
                Ok(see_other(&urls::edit(post.slug.as_str(), text.lang())))
            }
            Err(e) => {
                let page = edit_page(&user, &csrf, &post, &text, Some(e.0), Some(&form));
                render_editor(&state, StatusCode::UNPROCESSABLE_ENTITY, page, &post).await
            }
        };
    }
    let default_message = if text.current.is_none() {
        crate::domain::post::FIRST_VERSION
    } else {
        "Edited"
    };
    let parsed = (|| {
        Ok::<_, crate::domain::Invalid>((
            Title::parse(&form.title)?,
            Body::parse(&form.body)?,
            // A translation has the post's tags; a page has none.
            if text.original && !post.is_page() {
                Tags::parse(&form.tags)?
            } else {
                post.tags.clone()
            },
            parse_message(&form.message, default_message)?,
        ))
    })();
    let fields = match parsed {
        Ok((title, body, tags, message)) => crate::app::formatting::rendered(&state.ctx(), body)
            .await?
            .map(|rendered| (title, rendered, tags, message)),
        Err(e) => Err(e),
    };
    let (title, rendered, tags, message) = match fields {
        Ok(fields) => fields,
        Err(e) => {
            let page = edit_page(&user, &csrf, &post, &text, Some(e.0), Some(&form));
            return render_editor(&state, StatusCode::UNPROCESSABLE_ENTITY, page, &post).await;
        }
    };
    if form.action == "preview" {
        // Rendered exactly as the revision will be, and nothing is stored.
        let mut page = edit_page(&user, &csrf, &post, &text, None, Some(&form));
        page.preview = Some(rendered.html);
        return render_editor(&state, StatusCode::OK, page, &post).await;
    }
    let edit = PostEdit::new(
        form.base,
        title,
        rendered,
        tags,
        user.id,
        user.display_name.clone(),
        now(),
        message,
    );
    match posts::save_text(&state.ctx(), &post, text.translation(), edit).await {
        Ok(()) => {
            state
                .store
                .discard_draft(&state.site, post.id, user.id, &text.locale)
                .await?;
            let ctx = state.ctx();
            if form.action == "publish" {
                // The text just saved goes out (a draft published before keeps its date);
                // a page's navigation is read again with it.
                let published = posts::change_status(
                    &ctx,
                    &post,
                    text.translation(),
                    PostStatus::Published,
                    false,
                )
                .await?;
                if !published {
                    return Err(text.not_there());
                }
            } else if post.is_page() {
                // Its title (and state) in the navigation.
                ctx.reread_frame().await;
            }
            if form.action == "schedule" && text.original && post.status == PostStatus::Draft {
                return Ok(see_other(&urls::schedule(post.slug.as_str())));
            }
            Ok(see_other(&urls::text_url(
                post.slug.as_str(),
                post.is_page(),
                text.lang(),
            )))
        }
        Err(EditError::Conflict) => {
            // Show the newest revision number, so that saving again is a deliberate act.
            let now_at = Text::of(&state, &post, &lang).await?;
            let error = format!(
                "Someone saved this text (revision {}) after you opened it. Your text is below: compare it with the history, then save again.",
                now_at.base()
            );
            let mut page = edit_page(&user, &csrf, &post, &now_at, Some(error), Some(&form));
            page.base = now_at.base();
            render_editor(&state, StatusCode::CONFLICT, page, &post).await
        }
        Err(e) => Err(posts::edit_failed(e).into()),
    }
}

//! The editor's page: a text as it stands or as its author sent it, with the post's files;
//! and the form it sends.

use super::auth::MaybeUser;
use super::csrf::{CsrfToken, csrf_field, layout};
use super::locales::Text;
use super::pages::EditPage;
use super::{AppState, WebError, render};
use crate::domain::{Post, PostStatus, User};
use crate::urls;
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use serde::Deserialize;

/// What the editor sends: the text, the revision it was based on, and what to do.
#[derive(Deserialize)]
pub struct EditForm {
    csrf: String,
    pub(super) base: u32,
    pub(super) title: String,
    pub(super) body: String,
    #[serde(default)]
    pub(super) tags: String,
    #[serde(default)]
    pub(super) message: String,
    /// `draft` keeps the text as a private draft; `publish` saves a revision and
    /// publishes the text (a draft's); `schedule` saves a revision and goes on to the
    /// draft's schedule; anything else saves a revision.
    #[serde(default)]
    pub(super) action: String,
}

csrf_field!(EditForm);

/// The editor, showing the text as it stands (a translation not yet begun starts from
/// the original) or as the author sent it.
pub(super) fn edit_page(
    author: &User,
    csrf: &CsrfToken,
    post: &Post,
    text: &Text,
    error: Option<String>,
    form: Option<&EditForm>,
) -> EditPage {
    let (title, body) = match &text.current {
        Some(t) => (t.title.as_str(), t.body.as_str()),
        None => (post.title.as_str(), post.body.as_str()),
    };
    let slug = post.slug.as_str();
    EditPage {
        layout: layout(&MaybeUser(Some(author.clone())), csrf),
        post_url: urls::text_url(slug, post.is_page(), None),
        text_url: urls::text_url(slug, post.is_page(), text.lang()),
        history_url: urls::history(slug, text.lang()),
        discard_draft_url: urls::discard_draft(slug, text.lang()),
        save_url: urls::edit(slug, text.lang()),
        upload_url: urls::attachments(slug),
        log_url: urls::binary_log(&crate::binaries::Context::post(post.id).to_string()),
        language: text.language(),
        error,
        notice: None,
        has_draft: false,
        base: form.map_or(text.base(), |f| f.base),
        title: form.map_or_else(|| title.to_owned(), |f| f.title.clone()),
        body: form.map_or_else(|| body.to_owned(), |f| f.body.clone()),
        tags: form.map_or_else(|| post.tags.to_strings().join(", "), |f| f.tags.clone()),
        message: form.map_or_else(String::new, |f| f.message.clone()),
        preview: None,
        attachments: Vec::new(),
        page: post.is_page(),
        can_publish: match &text.current {
            Some(current) => current.status == PostStatus::Draft,
            None => false,
        },
        schedule_url: (text.original && post.status == PostStatus::Draft)
            .then(|| urls::schedule(slug)),
        unpublish_url: text
            .current
            .as_ref()
            .filter(|current| current.status == PostStatus::Published)
            .map(|_| urls::unpublish(slug, text.lang())),
    }
}

/// Renders the editor with the post's files.
pub(super) async fn render_editor(
    state: &AppState,
    status: StatusCode,
    mut page: EditPage,
    post: &Post,
) -> Result<HttpResponse, WebError> {
    page.attachments = super::binaries::attachments_of(state, post).await?;
    render(status, &page)
}

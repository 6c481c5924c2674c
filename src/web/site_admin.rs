//! `/admin/site`: what the site calls itself (title, tagline, description, language and
//! footer), set by an administrator.

use super::auth::{Admin, CsrfForm, CsrfToken, MaybeUser, csrf_field, layout};
use super::pages::{PageRowView, PagesAdminPage, SiteAdminPage};
use super::paths;
use super::{AppState, WebError, render, see_other};
use crate::domain::{MAX_PAGES, PostStatus, SiteIdentity};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use std::sync::Arc;

#[derive(Deserialize)]
pub struct SavedQuery {
    #[serde(default)]
    saved: String,
}

pub async fn show(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    query: web::Query<SavedQuery>,
) -> Result<HttpResponse, WebError> {
    // The form shows what the store holds now, not an instance's copy.
    let identity = state.remember_identity(state.store.site_identity(&state.site).await?);
    let mut layout = layout(&MaybeUser(Some(admin.0)), &csrf);
    layout.site = Arc::clone(&identity);
    let page = SiteAdminPage {
        layout,
        title: identity.title.clone(),
        tagline: identity.tagline.clone(),
        description: identity.description.clone(),
        language: identity.lang(),
        footer: identity.footer.clone(),
        saved: query.saved == "1",
        error: None,
    };
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct SiteForm {
    csrf: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    tagline: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    language: String,
    #[serde(default)]
    footer: String,
}

csrf_field!(SiteForm);

pub async fn save(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    form: CsrfForm<SiteForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.0;
    let identity = match SiteIdentity::parse(
        &form.title,
        &form.tagline,
        &form.description,
        &form.language,
        &form.footer,
    ) {
        Ok(identity) => identity,
        Err(invalid) => {
            // The form again, as typed, with what is wrong; nothing is saved.
            let page = SiteAdminPage {
                layout: layout(&MaybeUser(Some(admin.0)), &csrf),
                title: form.title,
                tagline: form.tagline,
                description: form.description,
                language: form.language,
                footer: form.footer,
                saved: false,
                error: Some(invalid.0),
            };
            return render(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    state
        .store
        .save_site_identity(&state.site, &identity)
        .await?;
    state.remember_identity(identity);
    Ok(see_other("/admin/site?saved=1"))
}

/// `/admin/pages`: the site's pages, drafts too, with links to write a new one.
pub async fn pages(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    let pages = state.store.site_pages(&state.site).await?;
    let page = PagesAdminPage {
        layout: layout(&MaybeUser(Some(admin.0)), &csrf),
        pages: pages
            .into_iter()
            .map(|p| PageRowView {
                url: paths::page(p.slug.as_str()),
                edit_url: paths::edit(p.slug.as_str(), None),
                slug: p.slug.as_str().to_owned(),
                title: p.title,
                published: p.status == PostStatus::Published,
                made: super::pages::Dated::new(p.created),
            })
            .collect(),
        max: MAX_PAGES,
    };
    render(StatusCode::OK, &page)
}

//! `/network`: the deployment's sites, for its network administrators (set from the
//! shell, `sibyl user set-role NAME --network-admin`), on whichever site they signed in
//! at: every site a page at a time with its administrators and its counts, a form
//! that registers a site, and a button that suspends or serves each.

use super::auth::{MaybeUser, SignedIn};
use super::csrf::{CsrfForm, CsrfToken, csrf_field, layout};
use super::pages::{Dated, NetworkPage, NetworkRowView};
use super::{AppState, WebError, render, see_other};
use crate::domain::{Role, Site, SiteStatus, User};
use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use serde::Deserialize;
use std::future::Future;
use std::pin::Pin;

/// A signed-in network administrator: anyone else signed in is refused, anonymous
/// visitors are sent to sign in.
pub struct NetworkAdmin(pub User);

impl FromRequest for NetworkAdmin {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, WebError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let signed_in = SignedIn::from_request(req, payload);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let SignedIn(user) = signed_in.await?;
            let state =
                state.ok_or_else(|| WebError::Internal("application state missing".into()))?;
            if state.store.is_network_admin(user.id).await? {
                // A network administrator is an administrator of every site: covered as
                // one by this site's requirement of two-step sign-in.
                let ctx = state.ctx();
                if crate::app::factors::missing_required_as(&ctx, &user, Role::Admin).await? {
                    return Err(WebError::Forbidden(crate::app::factors::REQUIRED.into()));
                }
                Ok(Self(user))
            } else {
                Err(WebError::Forbidden(
                    "Only the network's administrators can do this.".into(),
                ))
            }
        })
    }
}

#[derive(Deserialize)]
pub struct NetworkQuery {
    /// Where the page begins (the registry's own cursor).
    #[serde(default)]
    after: Option<String>,
    /// The site just registered, suspended or served again.
    #[serde(default)]
    done: Option<String>,
}

#[derive(Deserialize)]
pub struct CreateForm {
    #[serde(default)]
    csrf: String,
    url: String,
    admin: String,
}

#[derive(Deserialize)]
pub struct StatusForm {
    #[serde(default)]
    csrf: String,
    url: String,
    status: String,
}

csrf_field!(CreateForm, StatusForm);

pub async fn show(
    state: web::Data<AppState>,
    who: NetworkAdmin,
    csrf: CsrfToken,
    query: web::Query<NetworkQuery>,
) -> Result<HttpResponse, WebError> {
    let notice = query.done.as_deref().map(|done| match done {
        "suspended" => "The site is suspended: its readers are told so.".to_owned(),
        "live" => "The site is served again.".to_owned(),
        _ => "The site is registered.".to_owned(),
    });
    page(
        &state,
        who.0,
        &csrf,
        query.after.as_deref(),
        notice,
        None,
        CreateForm::empty(),
    )
    .await
}

impl CreateForm {
    fn empty() -> Self {
        Self {
            csrf: String::new(),
            url: String::new(),
            admin: String::new(),
        }
    }
}

async fn page(
    state: &AppState,
    user: User,
    csrf: &CsrfToken,
    after: Option<&str>,
    notice: Option<String>,
    error: Option<String>,
    form: CreateForm,
) -> Result<HttpResponse, WebError> {
    let (rows, next) = crate::app::sites::network_page(state.store.as_ref(), after)
        .await
        .map_err(|e| match e {
            crate::store::StoreError::Corrupt(_) => {
                WebError::BadRequest("That is not a page of this list.".into())
            }
            other => other.into(),
        })?;
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let frame = layout(&MaybeUser(Some(user)), csrf);
    let rows = rows
        .into_iter()
        .map(|row| NetworkRowView {
            url: row.record.site.to_string(),
            status: row.record.status.as_str(),
            live: row.record.status == SiteStatus::Live,
            created: Dated::new(row.record.created),
            admins: if row.more_admins {
                frame.t1("network-admins-and-more", "admins", row.admins.join(", "))
            } else {
                row.admins.join(", ")
            },
            aliases: row
                .record
                .aliases
                .iter()
                .map(|a| a.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            posts: row.posts_written,
            comments: row.comments.approved,
            pending: row.comments.pending,
        })
        .collect();
    let next = next.map(|n| {
        let n = percent_encoding::utf8_percent_encode(&n, percent_encoding::NON_ALPHANUMERIC);
        format!("/network?after={n}")
    });
    render(
        status,
        &NetworkPage {
            layout: frame,
            rows,
            next,
            notice,
            error,
            url: form.url,
            admin: form.admin,
        },
    )
}

/// Registers a site, as `sibyl site create` does; a refusal (a bad URL, a site or host
/// taken, no such account) shows the form again with the reason, and changes nothing.
pub async fn create(
    state: web::Data<AppState>,
    who: NetworkAdmin,
    csrf: CsrfToken,
    form: CsrfForm<CreateForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let created = crate::app::sites::create(
        state.store.as_ref(),
        &state.sites.default_site,
        form.url.trim(),
        form.admin.trim(),
    )
    .await;
    match created {
        Ok(_) => Ok(see_other("/network?done=created")),
        Err(why) => page(&state, who.0, &csrf, None, None, Some(why), form).await,
    }
}

/// Suspends a site, or serves it again.
pub async fn set_status(
    state: web::Data<AppState>,
    _who: NetworkAdmin,
    form: CsrfForm<StatusForm>,
) -> Result<HttpResponse, WebError> {
    let site = Site::parse(&form.url).map_err(|e| WebError::BadRequest(e.0))?;
    let status = match form.status.as_str() {
        "live" => SiteStatus::Live,
        "suspended" => SiteStatus::Suspended,
        other => {
            return Err(WebError::BadRequest(format!(
                "{other:?} is not a status a site can be set to."
            )));
        }
    };
    state
        .store
        .set_site_status(&site, status)
        .await
        .map_err(|e| match e {
            crate::store::SiteError::Store(e) => e.into(),
            crate::store::SiteError::NotFound(_) => WebError::NotFoundWith(e.to_string()),
            other => WebError::Conflict(other.to_string()),
        })?;
    Ok(see_other(&format!("/network?done={}", status.as_str())))
}

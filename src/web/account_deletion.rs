//! Deleting an account: `/account/delete` for one's own (with the password), and
//! `/admin/users/{id}/delete` for an administrator deleting someone else's. Both ask for
//! confirmation on a page that says what happens (see [`crate::app::deletion`]): the
//! account's comments stay signed "deleted user" or go, as the site's policy says; its
//! user name and address are freed for anyone. An administrator's account and an account
//! with posts are kept, with the reason.

use super::auth::{Admin, MaybeUser, SignedIn};
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, csrf_field, layout};
use super::pages::{AccountDeletedPage, DeleteAccountPage};
use super::{AppState, WebError, render};
use crate::app::deletion::{Deleter, account_kept, delete_account, is_deleted};
use crate::domain::{User, UserId};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use uuid::Uuid;

/// The confirmation page for deleting `target`, by `viewer`.
async fn confirmation(
    state: &AppState,
    viewer: &User,
    csrf: &CsrfToken,
    target: &User,
    status: StatusCode,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let own = viewer.id == target.id;
    let kept = account_kept(&state.ctx(), target).await?;
    let remove = state
        .comment_settings()
        .await?
        .remove_deleted_accounts_comments;
    let page = DeleteAccountPage {
        layout: layout(&MaybeUser(Some(viewer.clone())), csrf),
        own,
        username: target.username.as_str().to_owned(),
        action: if own {
            "/account/delete".to_owned()
        } else {
            format!("/admin/users/{}/delete", target.id.0)
        },
        back: if own {
            "/account".to_owned()
        } else {
            "/admin/users".to_owned()
        },
        remove_comments: remove,
        kept: kept.map(|k| k.message().to_owned()),
        error,
    };
    render(status, &page)
}

pub async fn own_form(
    state: web::Data<AppState>,
    user: SignedIn,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    confirmation(&state, &user.0, &csrf, &user.0, StatusCode::OK, None).await
}

#[derive(Deserialize)]
pub struct OwnForm {
    csrf: String,
    #[serde(default)]
    current_password: String,
}

csrf_field!(OwnForm);

/// Deletes one's own account, once the password is given, and signs out.
pub async fn own(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<OwnForm>,
) -> Result<HttpResponse, WebError> {
    let me = user.0;
    let (hash, typed) = (me.password_hash.clone(), form.current_password.clone());
    let matches = web::block(move || hash.verify(&typed))
        .await
        .map_err(|e| WebError::Internal(format!("verifying: {e}")))?;
    if !matches {
        return confirmation(
            &state,
            &me,
            &csrf,
            &me,
            StatusCode::UNAUTHORIZED,
            Some("That is not your password.".into()),
        )
        .await;
    }
    let by = Deleter {
        id: me.id,
        name: me.display_name.clone(),
    };
    if let Err(kept) = delete_account(&state.ctx(), &me, &by).await? {
        return Err(WebError::Conflict(kept.message().into()));
    }
    let gone = super::auth::end_session(&state, &req).await?;
    let page = AccountDeletedPage {
        layout: layout(&MaybeUser(None), &csrf),
        own: true,
        username: me.username.as_str().to_owned(),
    };
    let mut response = render(StatusCode::OK, &page)?;
    response
        .add_cookie(&gone)
        .map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(response)
}

/// The account an administrator names in the path: someone else's, not deleted yet.
async fn target_of(state: &AppState, admin: &Admin, id: &str) -> Result<User, WebError> {
    let id = Uuid::parse_str(id)
        .map(UserId)
        .map_err(|_| WebError::NotFound)?;
    if id == admin.0.id {
        return Err(WebError::BadRequest(
            "Your own account is deleted from your account page.".into(),
        ));
    }
    // An account is the deployment's: on a site with roles of its own, its
    // administrators ban a member there, and cannot delete an account every site shares.
    if state.own_roles {
        return Err(WebError::Forbidden(
            "Accounts are shared with the other sites of this deployment: ban the member here instead.".into(),
        ));
    }
    match state.store.user(id).await? {
        Some(user) if !is_deleted(&user) => Ok(user),
        _ => Err(WebError::NotFound),
    }
}

pub async fn admin_form(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    id: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let target = target_of(&state, &admin, &id).await?;
    confirmation(&state, &admin.0, &csrf, &target, StatusCode::OK, None).await
}

pub async fn admin(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    id: web::Path<String>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let target = target_of(&state, &admin, &id).await?;
    let by = Deleter {
        id: admin.0.id,
        name: admin.0.display_name.clone(),
    };
    if let Err(kept) = delete_account(&state.ctx(), &target, &by).await? {
        return Err(WebError::Conflict(kept.message().into()));
    }
    let page = AccountDeletedPage {
        layout: layout(&MaybeUser(Some(admin.0.clone())), &csrf),
        own: false,
        username: target.username.as_str().to_owned(),
    };
    render(StatusCode::OK, &page)
}

//! The administrators' user directory: find accounts, change roles, ban and unban.

use super::auth::{Admin, MaybeUser};
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, csrf_field, layout};
use super::pages::{DirectoryRow, ShelfLink, UsersPage};
use super::{AppState, WebError, render, see_other};
use crate::domain::user::{Login, shelf_of, shelves};
use crate::domain::{Role, UserId, Username};
use crate::store::{AccountError, DirectoryEntry};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use uuid::Uuid;

const PAGE: usize = 50;

#[derive(Deserialize)]
pub struct UsersQuery {
    #[serde(default)]
    shelf: String,
    #[serde(default)]
    after: String,
    #[serde(default)]
    q: String,
    /// The newest accounts' page: signed up before `<millis>-<account id>`.
    #[serde(default)]
    before: String,
}

pub async fn users(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    query: web::Query<UsersQuery>,
) -> Result<HttpResponse, WebError> {
    let layout = layout(&MaybeUser(Some(admin.0.clone())), &csrf);
    let query = query.into_inner();
    let mut page = UsersPage {
        layout,
        // A site with roles of its own lists its members, newest first; the directory of
        // every account is the deployment's.
        shelves: if state.own_roles {
            Vec::new()
        } else {
            shelves()
                .map(|name| ShelfLink {
                    name,
                    url: urls::users_shelf(name),
                })
                .collect()
        },
        shelf: String::new(),
        query: query.q.trim().to_owned(),
        rows: Vec::new(),
        next: None,
        message: None,
        me: admin.0.id.0.to_string(),
        members_only: state.own_roles,
    };
    if !page.query.is_empty() {
        match Login::parse(&page.query) {
            Ok(login) => match member(&state, state.store.user_by_login(&login).await?).await? {
                Some(user) => page.rows.push(row(DirectoryEntry::from(&user))),
                None => page.message = Some(format!("No account is called {:?}.", page.query)),
            },
            Err(e) => page.message = Some(e.0),
        }
        return render(StatusCode::OK, &page);
    }
    if query.shelf.is_empty() || (state.own_roles && query.shelf == NEWEST) {
        return newest(&state, page, &query.before).await;
    }
    if state.own_roles {
        return Err(WebError::BadRequest(
            "This site lists its members newest first, without shelves.".into(),
        ));
    }
    let shelf = query.shelf;
    if !shelves().any(|s| s == shelf) {
        return Err(WebError::BadRequest(format!(
            "There is no shelf {shelf:?} in the directory."
        )));
    }
    let after = (!query.after.is_empty()).then_some(query.after.as_str());
    let mut entries = state.store.user_directory(&shelf, after, PAGE + 1).await?;
    if entries.len() > PAGE {
        entries.truncate(PAGE);
        let last = entries
            .last()
            .map(|e| key_of(&e.username))
            .unwrap_or_default();
        page.next = Some(urls::users_shelf_after(&shelf, &last));
    }
    if entries.is_empty() {
        page.message = Some("No accounts here.".into());
    }
    page.rows = entries.into_iter().map(row).collect();
    page.shelf = shelf;
    render(StatusCode::OK, &page)
}

/// The accounts newest first: what an administrator looks for after a sign-up.
async fn newest(
    state: &AppState,
    mut page: UsersPage,
    before: &str,
) -> Result<HttpResponse, WebError> {
    let before =
        if before.is_empty() {
            None
        } else {
            let parsed = before.split_once('-').and_then(|(at, id)| {
                let at = chrono::DateTime::from_timestamp_millis(at.parse().ok()?)?;
                Some((at, UserId(Uuid::parse_str(id).ok()?)))
            });
            Some(parsed.ok_or_else(|| {
                WebError::BadRequest("That page of accounts does not exist.".into())
            })?)
        };
    // Each account with the time it came: its sign-up, or on a registered site the time
    // it joined the site. The next page starts after the last one read, shown or not (a
    // member whose account is gone is not shown).
    let users: Vec<(chrono::DateTime<chrono::Utc>, crate::domain::User)> = if state.own_roles {
        let mut members = state
            .store
            .members_page(&state.site, before, PAGE + 1)
            .await?;
        if members.len() > PAGE {
            members.truncate(PAGE);
            page.next = members
                .last()
                .map(|(id, m)| urls::users_before(m.joined.timestamp_millis(), &id.0.to_string()));
        }
        let accounts =
            futures_util::future::try_join_all(members.iter().map(|(id, _)| state.store.user(*id)))
                .await?;
        members
            .into_iter()
            .zip(accounts)
            .filter_map(|((_, membership), account)| {
                account.map(|user| {
                    (
                        membership.joined,
                        crate::app::as_member(user, Some(membership)),
                    )
                })
            })
            .collect()
    } else {
        let mut users = state.store.newest_users(before, PAGE + 1).await?;
        if users.len() > PAGE {
            users.truncate(PAGE);
            page.next = users.last().map(|last| {
                urls::users_before(last.created.timestamp_millis(), &last.id.0.to_string())
            });
        }
        users.into_iter().map(|user| (user.created, user)).collect()
    };
    if users.is_empty() {
        page.message = Some("No accounts here.".into());
    }
    page.rows = users
        .iter()
        .map(|(at, user)| DirectoryRow {
            joined: Some(at.format("%Y-%m-%d %H:%M UTC").to_string()),
            ..row(DirectoryEntry::from(user))
        })
        .collect();
    page.shelf = NEWEST.to_owned();
    render(StatusCode::OK, &page)
}

/// The name of the newest accounts' view among the shelves.
const NEWEST: &str = "newest";

fn key_of(username: &str) -> String {
    Username::parse(username)
        .map(|u| u.key())
        .unwrap_or_else(|_| username.to_lowercase())
}

fn row(entry: DirectoryEntry) -> DirectoryRow {
    let id = entry.id.0.to_string();
    DirectoryRow {
        author_url: urls::author(&entry.username),
        role_url: urls::user_role(&id),
        delete_url: format!("/admin/users/{id}/delete"),
        deleted: entry.banned
            && entry.display_name == crate::domain::comment::DELETED_USER
            && entry
                .username
                .starts_with(crate::domain::user::RESERVED_NAME_PREFIX),
        ban_url: if entry.banned {
            urls::unban_user(&id)
        } else {
            urls::ban_user(&id)
        },
        id,
        desk_url: entry
            .role
            .can_write()
            .then(|| urls::desk("drafts", Some(&entry.username))),
        username: entry.username,
        display_name: entry.display_name,
        email: if crate::domain::user::is_unconfirmed(&entry.email) {
            "(none confirmed yet)".into()
        } else {
            entry.email
        },
        role: entry.role.as_str(),
        banned: entry.banned,
        joined: None,
    }
}

/// The account as it stands on this site, if it is one of the site's (every account is,
/// on a site whose roles are the accounts'; on a site with roles of its own, its members).
async fn member(
    state: &AppState,
    account: Option<crate::domain::User>,
) -> Result<Option<crate::domain::User>, WebError> {
    let Some(account) = account else {
        return Ok(None);
    };
    if !state.own_roles {
        return Ok(Some(account));
    }
    Ok(state
        .store
        .membership(&state.site, account.id)
        .await?
        .map(|membership| crate::app::as_member(account, Some(membership))))
}

/// An account of this site whose standing an administrator changes: a member of it on a
/// site with roles of its own.
async fn of_this_site(state: &AppState, id: UserId) -> Result<(), WebError> {
    match member(state, state.store.user(id).await?).await? {
        Some(_) => Ok(()),
        None => Err(WebError::NotFound),
    }
}

/// A target account named in the path, never the acting administrator.
fn target(admin: &Admin, id: &str, what: &str) -> Result<UserId, WebError> {
    let id = Uuid::parse_str(id)
        .map(UserId)
        .map_err(|_| WebError::NotFound)?;
    if id == admin.0.id {
        return Err(WebError::BadRequest(format!(
            "You cannot {what} your own account; ask another administrator."
        )));
    }
    Ok(id)
}

fn back_to(state: &AppState, user: &crate::domain::User) -> HttpResponse {
    if state.own_roles {
        return see_other(&urls::users_shelf(NEWEST));
    }
    see_other(&urls::users_shelf(shelf_of(&user.username.key())))
}

fn changed(
    result: Result<crate::domain::User, AccountError>,
) -> Result<crate::domain::User, WebError> {
    match result {
        Ok(user) => Ok(user),
        Err(AccountError::NoSuchUser) => Err(WebError::NotFound),
        Err(AccountError::Store(e)) => Err(e.into()),
        Err(AccountError::Taken(_)) => Err(WebError::Internal(
            "a role change cannot take a name".into(),
        )),
    }
}

#[derive(Deserialize)]
pub struct RoleForm {
    csrf: String,
    role: String,
}

csrf_field!(RoleForm);

pub async fn set_role(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
    form: CsrfForm<RoleForm>,
) -> Result<HttpResponse, WebError> {
    let id = target(&admin, &id, "change the role of")?;
    let role = Role::parse(&form.role).map_err(|e| WebError::BadRequest(format!("{}.", e.0)))?;
    of_this_site(&state, id).await?;
    let ctx = state.ctx();
    if role == Role::Admin
        && ctx.own_roles
        && !crate::app::members::room_for_admin(state.store.as_ref(), &ctx.site, id).await?
    {
        return Err(WebError::BadRequest(
            crate::app::members::TOO_MANY_ADMINS.into(),
        ));
    }
    let user = changed(ctx.set_standing(id, Some(role), None).await)?;
    Ok(back_to(&state, &user))
}

pub async fn ban(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    set_banned(&state, &admin, &id, true).await
}

pub async fn unban(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    set_banned(&state, &admin, &id, false).await
}

/// Bans (ending every session of the account) or unbans.
async fn set_banned(
    state: &AppState,
    admin: &Admin,
    id: &str,
    banned: bool,
) -> Result<HttpResponse, WebError> {
    let id = target(admin, id, if banned { "ban" } else { "unban" })?;
    of_this_site(state, id).await?;
    let user = changed(state.ctx().set_standing(id, None, Some(banned)).await)?;
    // An account's ban on a site with roles of its own ends nothing elsewhere: its
    // sessions here count for nothing while it stands banned.
    if banned && !state.own_roles {
        state.store.end_sessions(id, None).await?;
    }
    Ok(back_to(state, &user))
}

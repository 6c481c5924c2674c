//! `/desk/fediverse`: an author's followers on the fediverse, whether new ones wait for
//! the author's approval, and the follows waiting; `?actor=site` is the site's own actor,
//! for its administrators.

use super::auth::{Author, MaybeUser};
use super::csrf::{CsrfForm, CsrfToken, layout};
use super::pages::{Dated, FediverseFollowersPage, WaitingFollowView};
use super::{AppState, WebError, render, see_other};
use crate::app::federation::{Whose, requests, site_actor_name};
use crate::domain::User;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

/// The actor a page or form names: `site`, or the signed-in author's own.
fn whose(user: &User, actor: &str) -> Result<Whose, WebError> {
    match actor {
        "" => Ok(Whose::Author(user.id)),
        "site" => Ok(Whose::Site),
        _ => Err(WebError::BadRequest(
            "The actor is the site's (site) or your own (nothing).".into(),
        )),
    }
}

#[derive(Deserialize)]
pub struct FollowersQuery {
    #[serde(default)]
    actor: String,
    #[serde(default)]
    done: String,
}

pub async fn show(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    query: web::Query<FollowersQuery>,
) -> Result<HttpResponse, WebError> {
    let me = author.0;
    let whose = whose(&me, &query.actor)?;
    let ctx = state.ctx();
    let waiting = requests::waiting(&ctx, &me, whose, None).await?;
    let host = crate::app::federation::authority(&ctx).to_owned();
    let handle = match whose {
        Whose::Site => format!("@{}@{host}", site_actor_name(&ctx)),
        Whose::Author(_) => format!("@{}@{host}", me.username.as_str()),
    };
    let page = FediverseFollowersPage {
        layout: layout(&MaybeUser(Some(me.clone())), &csrf),
        handle,
        actor: query.actor.clone(),
        followers: ctx
            .store
            .remote_follower_count(&ctx.site, &whose.name())
            .await?,
        approves: requests::approves(&ctx, whose).await?,
        waiting: waiting
            .into_iter()
            .map(|w| WaitingFollowView {
                follower: w.follower,
                since: Dated::new(w.since),
            })
            .collect(),
        notice: match query.done.as_str() {
            "saved" => Some("Saved."),
            "approved" => Some("Approved: the account follows, and its server is told."),
            "rejected" => Some("Rejected: its server is told."),
            _ => None,
        },
    };
    render(StatusCode::OK, &page)
}

fn back(actor: &str, done: &str) -> HttpResponse {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    if !actor.is_empty() {
        query.append_pair("actor", actor);
    }
    query.append_pair("done", done);
    see_other(&format!("/desk/fediverse?{}", query.finish()))
}

#[derive(Deserialize)]
pub struct ApprovalForm {
    csrf: String,
    #[serde(default)]
    actor: String,
    #[serde(default)]
    approve: Option<String>,
}

super::csrf::csrf_field!(ApprovalForm);

pub async fn set_approval(
    state: web::Data<AppState>,
    author: Author,
    form: CsrfForm<ApprovalForm>,
) -> Result<HttpResponse, WebError> {
    let whose = whose(&author.0, &form.actor)?;
    requests::set_approval(&state.ctx(), &author.0, whose, form.approve.is_some()).await?;
    Ok(back(&form.actor, "saved"))
}

#[derive(Deserialize)]
pub struct DecisionForm {
    csrf: String,
    #[serde(default)]
    actor: String,
    #[serde(default)]
    follower: String,
    #[serde(default)]
    decision: String,
}

super::csrf::csrf_field!(DecisionForm);

pub async fn decide(
    state: web::Data<AppState>,
    author: Author,
    form: CsrfForm<DecisionForm>,
) -> Result<HttpResponse, WebError> {
    let whose = whose(&author.0, &form.actor)?;
    let approve = match form.decision.as_str() {
        "approve" => true,
        "reject" => false,
        _ => {
            return Err(WebError::BadRequest(
                "The decision is approve or reject.".into(),
            ));
        }
    };
    requests::decide(
        &state.ctx(),
        &author.0,
        whose,
        form.follower.trim(),
        approve,
    )
    .await?;
    Ok(back(
        &form.actor,
        if approve { "approved" } else { "rejected" },
    ))
}

//! The fediverse's side of the site: WebFinger, host-meta and NodeInfo, the site's and
//! its authors' actors, their outboxes, and each published post as an `Article` (also at
//! the post's own address for a client that asks for `application/activity+json`).
//! Everything here is public and answers without a signature.

use super::AppState;
use crate::app::federation::activities;
use crate::app::federation::inbox::{self, InboxError, Posted, Received};
use crate::app::federation::{self, ArticleAnswer, Whose};
use crate::app::{AppError, Ctx};
use crate::domain::federation::documents::{self, ACTIVITY_JSON};
use crate::domain::{PostId, UserId};
use crate::urls;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::{Value, json};

/// The routes, outside the pages' scope (no session, no CSRF cookie).
pub fn mount(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("")
            .guard(actix_web::guard::fn_guard(|ctx| {
                let path = ctx.head().uri.path();
                path.starts_with("/ap/")
                    || path == "/ap"
                    || path.starts_with("/.well-known/")
                    || path.starts_with("/nodeinfo/")
            }))
            .app_data(web::PathConfig::default().error_handler(|_err, _req| {
                Failure(StatusCode::NOT_FOUND, "no such document".into()).into()
            }))
            .app_data(web::QueryConfig::default().error_handler(|err, _req| {
                Failure(
                    StatusCode::BAD_REQUEST,
                    format!("the query cannot be read: {err}"),
                )
                .into()
            }))
            .app_data(web::PayloadConfig::new(inbox::MAX_ACTIVITY))
            .wrap(actix_web::middleware::from_fn(unless_off))
            .service(web::resource("/ap/inbox").route(web::post().to(shared_inbox)))
            .service(web::resource("/ap/site/inbox").route(web::post().to(site_inbox)))
            .service(web::resource("/ap/users/{id}/inbox").route(web::post().to(author_inbox)))
            .service(web::resource("/.well-known/webfinger").route(get().to(webfinger)))
            .service(web::resource("/.well-known/host-meta").route(get().to(host_meta)))
            .service(web::resource("/.well-known/nodeinfo").route(get().to(nodeinfo_links)))
            .service(web::resource("/nodeinfo/2.1").route(get().to(nodeinfo)))
            .service(web::resource("/ap/site").route(get().to(site_actor)))
            .service(web::resource("/ap/site/outbox").route(get().to(site_outbox)))
            .service(web::resource("/ap/site/following").route(get().to(site_following)))
            .service(web::resource("/ap/site/followers").route(get().to(site_followers)))
            .service(web::resource("/ap/users/{id}").route(get().to(author_actor)))
            .service(web::resource("/ap/users/{id}/outbox").route(get().to(author_outbox)))
            .service(web::resource("/ap/users/{id}/following").route(get().to(author_following)))
            .service(web::resource("/ap/users/{id}/followers").route(get().to(author_followers)))
            .service(web::resource("/ap/posts/{id}").route(get().to(article)))
            .service(
                web::resource("/ap/posts/{id}/comments/{comment}").route(get().to(comment_note)),
            )
            .default_service(web::to(|| async {
                Err::<HttpResponse, _>(Failure(StatusCode::NOT_FOUND, "no such document".into()))
            })),
    );
}

fn get() -> actix_web::Route {
    use actix_web::guard;
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// A refusal, as JSON.
#[derive(Debug)]
pub struct Failure(StatusCode, String);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.1)
    }
}

impl actix_web::ResponseError for Failure {
    fn status_code(&self) -> StatusCode {
        self.0
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.0)
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .json(json!({ "error": self.1 }))
    }
}

impl From<AppError> for Failure {
    fn from(e: AppError) -> Self {
        match e {
            AppError::NotFound => Failure(StatusCode::NOT_FOUND, "no such document".into()),
            AppError::Invalid(why) => Failure(StatusCode::BAD_REQUEST, why),
            AppError::Unavailable(why) => {
                tracing::warn!(error = %why, "a federation document could not be read");
                Failure(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the store is unavailable; try again".into(),
                )
            }
            other => {
                tracing::error!(error = %other, "a federation document failed");
                Failure(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "something went wrong".into(),
                )
            }
        }
    }
}

impl From<crate::store::StoreError> for Failure {
    fn from(e: crate::store::StoreError) -> Self {
        AppError::from(e).into()
    }
}

/// An ActivityStreams document, cacheable for a minute.
pub fn activity(status: StatusCode, doc: &Value) -> HttpResponse {
    HttpResponse::build(status)
        .content_type(format!("{ACTIVITY_JSON}; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=60"))
        .insert_header((header::VARY, "Accept"))
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .body(doc.to_string())
}

#[derive(Debug, Deserialize)]
pub struct WebfingerQuery {
    resource: Option<String>,
}

/// `/.well-known/webfinger?resource=acct:name@host`.
async fn webfinger(
    state: web::Data<AppState>,
    query: web::Query<WebfingerQuery>,
) -> Result<HttpResponse, Failure> {
    let resource = query
        .resource
        .as_deref()
        .filter(|r| !r.trim().is_empty())
        .ok_or_else(|| {
            Failure(
                StatusCode::BAD_REQUEST,
                "name a resource: ?resource=acct:name@host".into(),
            )
        })?;
    if resource.len() > 1024 {
        return Err(Failure(
            StatusCode::BAD_REQUEST,
            "the resource is too long".into(),
        ));
    }
    let found = federation::webfinger(&state.ctx(), resource)
        .await?
        .ok_or_else(|| Failure(StatusCode::NOT_FOUND, "no actor by that name here".into()))?;
    Ok(HttpResponse::Ok()
        .content_type("application/jrd+json; charset=utf-8")
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=60"))
        .body(documents::webfinger(&found.subject, &found.actor, &found.page).to_string()))
}

/// `/.well-known/host-meta`.
async fn host_meta(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/xrd+xml; charset=utf-8")
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .body(documents::host_meta(state.site.as_str()))
}

/// `/.well-known/nodeinfo`.
async fn nodeinfo_links(state: web::Data<AppState>) -> HttpResponse {
    let ctx = state.ctx();
    HttpResponse::Ok()
        .content_type("application/json; charset=utf-8")
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .body(documents::nodeinfo_links(&ctx.absolute("/nodeinfo/2.1")).to_string())
}

/// `/nodeinfo/2.1`.
async fn nodeinfo(state: web::Data<AppState>) -> Result<HttpResponse, Failure> {
    let info = federation::nodeinfo(&state.ctx()).await?;
    Ok(HttpResponse::Ok()
        .content_type(
            "application/json; profile=\"http://nodeinfo.diaspora.software/ns/schema/2.1#\"",
        )
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .body(info.document().to_string()))
}

/// An account id from the path (a made-up one finds nothing).
fn user_id(id: &str) -> Result<UserId, Failure> {
    uuid::Uuid::try_parse(id)
        .map(UserId)
        .map_err(|_| Failure(StatusCode::NOT_FOUND, "no such actor".into()))
}

/// A browser sent to an actor's id goes to its page.
fn for_a_browser(req: &HttpRequest) -> bool {
    let accept = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    !documents::wants_activity(accept) && accept.contains("text/html")
}

async fn actor_answer(ctx: &Ctx, whose: Whose, req: &HttpRequest) -> Result<HttpResponse, Failure> {
    let actor = federation::actor(ctx, whose)
        .await?
        .ok_or_else(|| Failure(StatusCode::NOT_FOUND, "no such actor".into()))?;
    if for_a_browser(req) {
        return Ok(HttpResponse::SeeOther()
            .insert_header((header::LOCATION, actor.url.clone()))
            .insert_header((header::VARY, "Accept"))
            .finish());
    }
    Ok(activity(StatusCode::OK, &actor.document()))
}

/// `/ap/site`: the site's actor.
async fn site_actor(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, Failure> {
    actor_answer(&state.ctx(), Whose::Site, &req).await
}

/// `/ap/users/{id}`: an author's actor.
async fn author_actor(
    state: web::Data<AppState>,
    id: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, Failure> {
    actor_answer(&state.ctx(), Whose::Author(user_id(&id)?), &req).await
}

#[derive(Debug, Deserialize)]
pub struct OutboxQuery {
    page: Option<String>,
    after: Option<String>,
}

async fn outbox(ctx: &Ctx, whose: Whose, query: &OutboxQuery) -> Result<HttpResponse, Failure> {
    let outbox = ctx.absolute(&urls::ap_part(&whose.path(), "outbox"));
    let first = format!("{outbox}?page=true");
    if query.page.is_none() && query.after.is_none() {
        // Is it an actor at all?
        federation::outbox_page(ctx, whose, None)
            .await?
            .ok_or_else(|| Failure(StatusCode::NOT_FOUND, "no such actor".into()))?;
        return Ok(activity(
            StatusCode::OK,
            &documents::collection(&outbox, None, Some(&first)),
        ));
    }
    let (items, older) = federation::outbox_page(ctx, whose, query.after.as_deref())
        .await?
        .ok_or_else(|| Failure(StatusCode::NOT_FOUND, "no such actor".into()))?;
    let id = match &query.after {
        Some(after) => format!("{first}&after={}", urls::encode_component(after)),
        None => first,
    };
    let next = older.map(|o| format!("{outbox}?page=true&after={}", urls::encode_component(&o)));
    Ok(activity(
        StatusCode::OK,
        &documents::collection_page(&id, &outbox, items, next.as_deref()),
    ))
}

/// `/ap/site/outbox`: the `Create` of every published post, a page at a time.
async fn site_outbox(
    state: web::Data<AppState>,
    query: web::Query<OutboxQuery>,
) -> Result<HttpResponse, Failure> {
    outbox(&state.ctx(), Whose::Site, &query).await
}

/// `/ap/users/{id}/outbox`: the `Create` of the author's published posts.
async fn author_outbox(
    state: web::Data<AppState>,
    id: web::Path<String>,
    query: web::Query<OutboxQuery>,
) -> Result<HttpResponse, Failure> {
    outbox(&state.ctx(), Whose::Author(user_id(&id)?), &query).await
}

/// Whom an actor follows: nobody (Sibyl's actors publish; they follow no one).
async fn following(ctx: &Ctx, whose: Whose) -> Result<HttpResponse, Failure> {
    federation::actor(ctx, whose)
        .await?
        .ok_or_else(|| Failure(StatusCode::NOT_FOUND, "no such actor".into()))?;
    let id = ctx.absolute(&urls::ap_part(&whose.path(), "following"));
    Ok(activity(
        StatusCode::OK,
        &documents::collection(&id, Some(0), None),
    ))
}

async fn site_following(state: web::Data<AppState>) -> Result<HttpResponse, Failure> {
    following(&state.ctx(), Whose::Site).await
}

async fn author_following(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, Failure> {
    following(&state.ctx(), Whose::Author(user_id(&id)?)).await
}

/// An actor's followers: how many, not who (their list is the author's to see).
async fn followers(ctx: &Ctx, whose: Whose) -> Result<HttpResponse, Failure> {
    federation::actor(ctx, whose)
        .await?
        .ok_or_else(|| Failure(StatusCode::NOT_FOUND, "no such actor".into()))?;
    let id = ctx.absolute(&urls::ap_part(&whose.path(), "followers"));
    let count = federation::follower_count(ctx, whose).await?;
    Ok(activity(
        StatusCode::OK,
        &documents::collection(&id, Some(count), None),
    ))
}

async fn site_followers(state: web::Data<AppState>) -> Result<HttpResponse, Failure> {
    followers(&state.ctx(), Whose::Site).await
}

async fn author_followers(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, Failure> {
    followers(&state.ctx(), Whose::Author(user_id(&id)?)).await
}

/// `/ap/posts/{id}`: a published post's `Article`; a deleted one's `Tombstone` (410).
async fn article(
    state: web::Data<AppState>,
    id: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, Failure> {
    let id = uuid::Uuid::try_parse(&id)
        .map(PostId)
        .map_err(|_| Failure(StatusCode::NOT_FOUND, "no such post".into()))?;
    let ctx = state.ctx();
    match federation::article(&ctx, id).await? {
        ArticleAnswer::Article(article) if for_a_browser(&req) => Ok(HttpResponse::SeeOther()
            .insert_header((header::LOCATION, article.url.clone()))
            .insert_header((header::VARY, "Accept"))
            .finish()),
        ArticleAnswer::Article(article) => Ok(activity(StatusCode::OK, &article.document())),
        ArticleAnswer::Gone => Ok(activity(
            StatusCode::GONE,
            &documents::tombstone(&ctx.absolute(&urls::ap_post(id))),
        )),
        ArticleAnswer::Missing => Err(Failure(StatusCode::NOT_FOUND, "no such post".into())),
    }
}

/// `/ap/posts/{id}/comments/{comment}`: a member's approved comment on a post on the
/// fediverse, as a `Note` (a browser is sent to it on the post's page).
async fn comment_note(
    state: web::Data<AppState>,
    ids: web::Path<(String, String)>,
    req: HttpRequest,
) -> Result<HttpResponse, Failure> {
    let missing = || Failure(StatusCode::NOT_FOUND, "no such comment".into());
    let post = uuid::Uuid::try_parse(&ids.0)
        .map(PostId)
        .map_err(|_| missing())?;
    let comment = crate::domain::CommentId::parse(&ids.1).map_err(|_| missing())?;
    let reply = federation::answers::note(&state.ctx(), post, comment)
        .await?
        .ok_or_else(missing)?;
    if for_a_browser(&req) {
        return Ok(HttpResponse::SeeOther()
            .insert_header((header::LOCATION, reply.url.clone()))
            .insert_header((header::VARY, "Accept"))
            .finish());
    }
    Ok(activity(StatusCode::OK, &reply.document()))
}

/// The `Article` of a post asked for at its page's address with
/// `Accept: application/activity+json`, or none when a page is wanted (or the post does
/// not federate, which then gets its page as anyone does).
pub async fn negotiated(
    ctx: &Ctx,
    post: &crate::domain::Post,
    req: &HttpRequest,
) -> Result<Option<HttpResponse>, Failure> {
    let accept = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let identity = ctx.identity().await;
    if !federation::wants_activity(accept)
        || identity.fediverse_off
        || !federation::federates(post, identity.fediverse_pages)
    {
        return Ok(None);
    }
    let article = federation::article_of(ctx, post).await?;
    Ok(Some(activity(StatusCode::OK, &article.document())))
}

/// A POST to an inbox: 202 once verified (signed by the activity's own actor), 401 when
/// it is not, 400 for what is not an activity, 413 past [`inbox::MAX_ACTIVITY`].
async fn receive(
    state: &AppState,
    req: &HttpRequest,
    body: &[u8],
    whose: Option<Whose>,
) -> Result<HttpResponse, Failure> {
    let ctx = state.ctx();
    if let Some(whose) = whose {
        federation::actor(&ctx, whose)
            .await?
            .ok_or_else(|| Failure(StatusCode::NOT_FOUND, "no such actor".into()))?;
    }
    let headers: Vec<(String, String)> = req
        .headers()
        .iter()
        .filter_map(|(name, value)| {
            Some((name.as_str().to_owned(), value.to_str().ok()?.to_owned()))
        })
        .collect();
    let target = req
        .uri()
        .path_and_query()
        .map_or_else(|| req.path().to_owned(), |p| p.as_str().to_owned());
    let posted = Posted {
        target: &target,
        headers: &headers,
        body,
    };
    let activity = match inbox::receive(&ctx, &state.fetcher, posted).await {
        Ok(Received::Verified(activity)) => activity,
        Ok(Received::ActorGone) => return Ok(HttpResponse::Accepted().finish()),
        Err(e) => return refused(e),
    };
    match activities::handle(&ctx, &state.fetcher, &activity).await {
        Ok(handled) => {
            // A reply, a reaction, a follower, a deletion: what readers see may have
            // changed. (Inboxes are left out of the writes every request counts: most of
            // what arrives changes nothing.)
            if matches!(handled, activities::Handled::Done) {
                ctx.pages_changed().await;
            }
            tracing::info!(
                kind = %activity.kind,
                actor = %activity.actor,
                id = activity.id.as_deref().unwrap_or(""),
                ?handled,
                "an activity was received"
            );
            Ok(HttpResponse::Accepted().finish())
        }
        Err(e) => refused(e),
    }
}

/// Everything here is 404 while the site's administrators keep it off the fediverse.
async fn unless_off(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    let off = match req.app_data::<web::Data<AppState>>() {
        Some(state) => state.identity().await.fediverse_off,
        None => false,
    };
    if off {
        let failure = Failure(
            StatusCode::NOT_FOUND,
            "this site is not on the fediverse".into(),
        );
        return Ok(req.error_response(failure));
    }
    Ok(next.call(req).await?.map_into_boxed_body())
}

/// The answer to an activity refused (logged once, here).
fn refused(e: InboxError) -> Result<HttpResponse, Failure> {
    let status = match &e {
        InboxError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
        InboxError::Malformed(_) => StatusCode::BAD_REQUEST,
        InboxError::Unknown(_) => StatusCode::NOT_FOUND,
        InboxError::Blocked(_) => StatusCode::FORBIDDEN,
        InboxError::TooMany {
            message,
            retry_after,
        } => {
            tracing::info!(reason = %message, "an activity was refused");
            return Ok(HttpResponse::TooManyRequests()
                .insert_header((header::RETRY_AFTER, retry_after.to_string()))
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .json(json!({ "error": message })));
        }
        InboxError::Unavailable(why) => {
            tracing::warn!(error = %why, "an activity could not be checked");
            return Err(Failure(
                StatusCode::SERVICE_UNAVAILABLE,
                "the activity cannot be checked now; try again".into(),
            ));
        }
    };
    let why = e.to_string();
    tracing::info!(reason = %why, "an activity was refused");
    Err(Failure(status, why))
}

/// `/ap/inbox`: the inbox every actor of the site shares.
async fn shared_inbox(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, Failure> {
    receive(&state, &req, &body, None).await
}

/// `/ap/site/inbox`.
async fn site_inbox(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, Failure> {
    receive(&state, &req, &body, Some(Whose::Site)).await
}

/// `/ap/users/{id}/inbox`.
async fn author_inbox(
    state: web::Data<AppState>,
    id: web::Path<String>,
    req: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, Failure> {
    receive(&state, &req, &body, Some(Whose::Author(user_id(&id)?))).await
}

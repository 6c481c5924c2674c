//! The JSON API under `/api`: the RealWorld ("Conduit") backend specification, so that
//! the front ends written for it work against a Sibyl site unchanged.
//!
//! It is Sibyl's own model seen through the specification's shapes, not a second one:
//! users are the site's accounts (the same uniqueness claims, argon2id, rate limits and
//! bans), articles its posts (made and changed by revisions, as the editor does), tags
//! its tags. Requests carry `Authorization: Token <jwt>`: a JWT signed with the site's
//! own secret that names one of the account's sessions, so that it expires, and logging
//! out or changing the password ends it ([`crate::domain::api_token`]). Session cookies
//! count for nothing here, so no request of this API can be forged from another site's
//! page; browsers on other origins are let in by `--api-cors-origins`.
//!
//! Errors have the specification's shape, `{"errors": {"body": ["..."]}}`: 401 without
//! a valid token, 403 for what the caller may not do, 404, and 422 for any request that
//! cannot be read or is not valid (malformed JSON, wrong types, unknown fields, values
//! out of bounds), which changes nothing.
//!
//! `/api/openapi.json` is made from the handlers themselves: each route's path and
//! method come from its actix-web attribute, which utoipa reads.

mod articles;
mod comments;
mod favorites;
mod lists;
mod profiles;
mod tags;
mod users;

use super::{AppState, WebError};
use crate::domain::api_token::{self, Claims};
use crate::domain::{User, now};
use crate::store::StoreError;
use actix_web::dev::Payload;
use actix_web::http::{StatusCode, header};
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use serde::Serialize;
use std::future::Future;
use std::pin::Pin;
use std::sync::LazyLock;
use utoipa::ToSchema;
use utoipa_actix_web::OpenApiFactory;

/// The largest request body read: an article's Markdown (256 KiB at most) with room for
/// its escaping; larger bodies are refused before they are read.
const JSON_LIMIT: usize = 2 * 1024 * 1024;

pub use crate::domain::site::CorsOrigin;

/// The API's CORS: the configured origins, the methods and headers the specification
/// uses, no cookies (tokens travel in a header).
fn cors(origins: &[CorsOrigin]) -> actix_cors::Cors {
    let mut cors = actix_cors::Cors::default()
        .allowed_methods(["GET", "POST", "PUT", "DELETE"])
        .allowed_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            header::ACCEPT,
            header::HeaderName::from_static("x-requested-with"),
        ])
        .max_age(3600);
    for origin in origins {
        cors = match origin {
            CorsOrigin::Any => cors.allow_any_origin(),
            CorsOrigin::Origin(o) => cors.allowed_origin(o),
        };
    }
    cors
}

/// An API error: a status and what went wrong, as `{"errors": {"body": [...]}}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    messages: Vec<String>,
    /// Seconds to wait before trying again (429s, from the rate limit that refused).
    retry_after: Option<u64>,
}

/// The specification's error body.
#[derive(Serialize, ToSchema)]
pub struct Errors {
    errors: ErrorList,
}

#[derive(Serialize, ToSchema)]
struct ErrorList {
    body: Vec<String>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self {
            status,
            messages: vec![message.into()],
            retry_after: None,
        }
    }

    /// 422: the request cannot be read, or what it asks is not valid.
    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(StatusCode::NOT_FOUND, format!("{what} not found"))
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.messages.join("; "))
    }
}

impl actix_web::ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        if self.status.is_server_error() {
            tracing::warn!(error = %self, "API");
        }
        let mut response = HttpResponse::build(self.status);
        if self.status == StatusCode::UNAUTHORIZED {
            response.insert_header((header::WWW_AUTHENTICATE, "Token"));
        }
        if let Some(retry) = self.retry_after {
            response.insert_header((header::RETRY_AFTER, retry.to_string()));
        }
        response.json(Errors {
            errors: ErrorList {
                body: self.messages.clone(),
            },
        })
    }
}

impl From<crate::app::AppError> for ApiError {
    fn from(e: crate::app::AppError) -> Self {
        WebError::from(e).into()
    }
}

impl From<WebError> for ApiError {
    fn from(e: WebError) -> Self {
        use actix_web::ResponseError;
        let status = e.status_code();
        let message = match e {
            WebError::LoginRequired { .. } => {
                return ApiError::unauthorized("sign in first: send Authorization: Token <jwt>");
            }
            WebError::Unavailable(_) => {
                "the store is unavailable; nothing was changed: try again shortly".into()
            }
            WebError::Internal(_) => "an unexpected error happened; it has been logged".into(),
            WebError::NotFound => "not found".into(),
            WebError::Gone => "deleted".into(),
            // What the request asked is not valid, whatever the page would have said.
            WebError::BadRequest(m) => return ApiError::invalid(m),
            WebError::TooManyRequests {
                message,
                retry_after,
            } => {
                return ApiError {
                    retry_after: Some(retry_after),
                    ..ApiError::new(status, message)
                };
            }
            other => other.to_string(),
        };
        if status.is_server_error() {
            tracing::warn!(status = status.as_u16(), "API: {message}");
        }
        ApiError::new(status, message)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        WebError::from(e).into()
    }
}

impl From<crate::domain::Invalid> for ApiError {
    fn from(e: crate::domain::Invalid) -> Self {
        ApiError::invalid(e.0)
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// A list that could not be read: the store's failure (a cursor it made itself is never
/// refused).
pub(super) fn page_failed(e: crate::store::PageError) -> ApiError {
    match e {
        crate::store::PageError::BadCursor => {
            ApiError::from(WebError::Internal("a list's own cursor was refused".into()))
        }
        crate::store::PageError::Store(e) => e.into(),
    }
}

/// A request body that could not be read: 422, and why (413 past the size limit).
fn bad_json(err: actix_web::error::JsonPayloadError) -> ApiError {
    use actix_web::error::JsonPayloadError;
    match err {
        JsonPayloadError::Overflow { limit }
        | JsonPayloadError::OverflowKnownLength { limit, .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the request body is too large: at most {} KiB",
                limit / 1024
            ),
        ),
        JsonPayloadError::ContentType => {
            ApiError::invalid("the request body must be JSON (Content-Type: application/json)")
        }
        JsonPayloadError::Deserialize(e) => {
            ApiError::invalid(format!("the request body could not be read: {e}"))
        }
        other => ApiError::invalid(format!("the request body could not be read: {other}")),
    }
}

/// The account a request's token names: the token must be signed with the site's secret,
/// made for this site, unexpired, and its session live; the account must not be banned.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: User,
    /// The token as sent: what the specification's user object gives back.
    pub token: String,
}

/// A caller who may or may not have sent a token. A token that is sent must be valid.
#[derive(Debug, Clone)]
pub struct MaybeCaller(pub Option<Caller>);

impl MaybeCaller {
    pub fn user(&self) -> Option<&User> {
        self.0.as_ref().map(|c| &c.user)
    }
}

async fn caller_of(req: &HttpRequest) -> ApiResult<Option<Caller>> {
    let Some(value) = req.headers().get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let token = value
        .to_str()
        .ok()
        .and_then(api_token::from_header)
        .ok_or_else(|| ApiError::unauthorized("send the token as Authorization: Token <jwt>"))?;
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::from(WebError::Internal("application state missing".into())))?;
    let secret = state.api_secret().await?;
    let claims = api_token::verify(token, secret, state.site.as_str(), now())
        .map_err(|e| ApiError::unauthorized(e.to_string()))?;
    let user = state
        .store
        .session_user(&api_token::session_key(secret, &claims.sid), now())
        .await?
        .filter(|u| u.id.0 == claims.sub)
        .ok_or_else(|| ApiError::unauthorized("the token's session has ended; sign in again"))?;
    // A banned account's tokens count for nothing, as its browsers' sessions.
    if user.banned {
        return Err(ApiError::unauthorized("this account has been suspended"));
    }
    Ok(Some(Caller {
        user,
        token: token.to_owned(),
    }))
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            caller_of(&req).await?.ok_or_else(|| {
                ApiError::unauthorized("sign in first: send Authorization: Token <jwt>")
            })
        })
    }
}

impl FromRequest for MaybeCaller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { Ok(MaybeCaller(caller_of(&req).await?)) })
    }
}

/// A new token for `user`: a new session of the site's session lifetime, and the JWT
/// that names it.
pub(super) async fn issue_token(state: &AppState, user: &User) -> ApiResult<String> {
    let secret = state.api_secret().await?.to_vec();
    let (session, created, expires) =
        super::auth::new_session(state, user, |t| api_token::session_key(&secret, t)).await?;
    let claims = Claims {
        sub: user.id.0,
        sid: session,
        iss: state.site.as_str().to_owned(),
        iat: created.timestamp(),
        exp: expires.timestamp(),
    };
    Ok(api_token::sign(&claims, &secret))
}

/// The session a valid token names, for logging out.
pub(super) fn session_of(state_secret: &[u8], site: &str, token: &str) -> Option<Vec<u8>> {
    api_token::verify(token, state_secret, site, now())
        .ok()
        .map(|claims| api_token::session_key(state_secret, &claims.sid))
}

/// A time as the specification writes it: ISO 8601 in UTC with milliseconds.
pub(super) fn timestamp(at: chrono::DateTime<chrono::Utc>) -> String {
    at.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// The `limit` and `offset` of a list: 20 and 0 unless given; a limit of 1 to
/// [`MAX_LIMIT`], an offset up to [`MAX_OFFSET`].
#[derive(Debug, Clone, Copy, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct Window {
    /// How many items, 1 to 100 (20 when not given).
    limit: Option<i64>,
    /// How many items to skip first, 0 to 10,000 (0 when not given).
    offset: Option<i64>,
}

pub(super) const MAX_LIMIT: usize = 100;
pub(super) const MAX_OFFSET: usize = 10_000;

impl Window {
    pub(super) fn checked(&self) -> ApiResult<(usize, usize)> {
        let limit = self.limit.unwrap_or(20);
        let offset = self.offset.unwrap_or(0);
        if !(1..=MAX_LIMIT as i64).contains(&limit) {
            return Err(ApiError::invalid(format!(
                "limit must be between 1 and {MAX_LIMIT}"
            )));
        }
        if !(0..=MAX_OFFSET as i64).contains(&offset) {
            return Err(ApiError::invalid(format!(
                "offset must be between 0 and {MAX_OFFSET}"
            )));
        }
        Ok((limit as usize, offset as usize))
    }
}

/// The API's routes, each registered with its OpenAPI description.
fn routes() -> utoipa_actix_web::scope::Scope<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    utoipa_actix_web::scope("/api")
        .service(users::register_user)
        .service(users::login)
        .service(users::logout)
        .service(users::current_user)
        .service(users::update_user)
        .service(profiles::show_profile)
        .service(profiles::follow)
        .service(profiles::unfollow)
        .service(tags::list_tags)
        .service(lists::list_articles)
        // Before the article at a slug, which would take "feed" for one.
        .service(lists::feed)
        .service(articles::create_article)
        .service(articles::show_article)
        .service(articles::update_article)
        .service(articles::delete_article)
        .service(comments::list_comments)
        .service(comments::add_comment)
        .service(comments::delete_comment)
        .service(favorites::favorite)
        .service(favorites::unfavorite)
}

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Sibyl API",
        description = "The RealWorld (Conduit) backend API, served by a Sibyl site.",
        license(name = "MIT OR Apache-2.0")
    ),
    modifiers(&TokenScheme),
    components(schemas(Errors))
)]
struct Document;

/// The `Token` security scheme of the specification: `Authorization: Token <jwt>`.
struct TokenScheme;

impl utoipa::Modify for TokenScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "Token",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Authorization",
                "Token <jwt>, as given by POST /api/users and POST /api/users/login",
            ))),
        );
    }
}

/// The OpenAPI document of every route `routes` mounts, as JSON.
#[expect(
    clippy::expect_used,
    reason = "the OpenAPI document is built from constants at start"
)]
pub fn openapi_json() -> &'static str {
    static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
        use utoipa::OpenApi;
        let mounted = routes();
        let mut document = Document::openapi();
        document.paths = mounted.paths();
        let mut schemas = Vec::new();
        mounted.schemas(&mut schemas);
        document
            .components
            .get_or_insert_with(Default::default)
            .schemas
            .extend(schemas);
        document
            .to_pretty_json()
            .expect("the OpenAPI document serializes")
    });
    &DOCUMENT
}

/// The methods each path of the API takes, from its OpenAPI document: each path's
/// segments (`None` for a parameter) and its `Allow` header's value.
#[expect(
    clippy::expect_used,
    reason = "the OpenAPI document is built from constants at start"
)]
fn allowed() -> &'static [(Vec<Option<String>>, String)] {
    static ALLOWED: LazyLock<Vec<(Vec<Option<String>>, String)>> = LazyLock::new(|| {
        let document: serde_json::Value =
            serde_json::from_str(openapi_json()).expect("the OpenAPI document is JSON");
        let mut paths: Vec<(String, Vec<String>)> = document["paths"]
            .as_object()
            .map(|paths| {
                paths
                    .iter()
                    .map(|(path, item)| {
                        let methods = item
                            .as_object()
                            .map(|m| m.keys().map(|k| k.to_ascii_uppercase()).collect())
                            .unwrap_or_default();
                        (path.clone(), methods)
                    })
                    .collect()
            })
            .unwrap_or_default();
        paths.push(("/api/openapi.json".into(), vec!["GET".into()]));
        paths
            .into_iter()
            .map(|(path, methods)| {
                let segments = path
                    .split('/')
                    .map(|s| (!s.starts_with('{')).then(|| s.to_owned()))
                    .collect();
                (segments, methods)
            })
            .collect::<Vec<(Vec<Option<String>>, Vec<String>)>>()
            .into_iter()
            .map(|(segments, methods)| (segments, methods.join(", ")))
            .collect()
    });
    &ALLOWED
}

/// The methods `path` takes (HEAD with GET, OPTIONS always), or `None` for no route.
fn allow_header(path: &str) -> Option<String> {
    let asked: Vec<&str> = path.split('/').collect();
    let mut methods: Vec<&str> = Vec::new();
    for (segments, allow) in allowed() {
        let matches = segments.len() == asked.len()
            && segments
                .iter()
                .zip(&asked)
                .all(|(s, a)| s.as_deref().map_or(!a.is_empty(), |s| s == *a));
        if matches {
            methods.extend(allow.split(", "));
        }
    }
    if methods.is_empty() {
        return None;
    }
    if methods.contains(&"GET") {
        methods.push("HEAD");
    }
    methods.push("OPTIONS");
    let order = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"];
    methods.sort_by_key(|m| order.iter().position(|o| o == m).unwrap_or(order.len()));
    methods.dedup();
    Some(methods.join(", "))
}

/// HEAD is answered as GET is (the server sends no body), and OPTIONS (a CORS preflight
/// aside, which `cors` answers first) with the methods the path takes.
async fn head_and_options(
    mut req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    use actix_web::http::Method;
    if req.method() == Method::OPTIONS {
        let response = match allow_header(req.path()) {
            Some(allow) => HttpResponse::NoContent()
                .insert_header((header::ALLOW, allow))
                .finish(),
            None => actix_web::ResponseError::error_response(&ApiError::not_found("route")),
        };
        return Ok(req.into_response(response));
    }
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    Ok(next.call(req).await?.map_into_boxed_body())
}

async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(openapi_json())
}

/// Mounts the API (before the pages, whose scope takes every other path).
pub(super) fn mount(cfg: &mut web::ServiceConfig, origins: &[CorsOrigin]) {
    cfg.service(
        web::scope("")
            .guard(actix_web::guard::fn_guard(|ctx| {
                let path = ctx.head().uri.path();
                path == "/api" || path.starts_with("/api/")
            }))
            .app_data(
                web::JsonConfig::default()
                    .limit(JSON_LIMIT)
                    .error_handler(|err, _req| bad_json(err).into()),
            )
            .app_data(web::QueryConfig::default().error_handler(|err, _req| {
                ApiError::invalid(format!("the query could not be read: {err}")).into()
            }))
            .app_data(
                web::PathConfig::default()
                    .error_handler(|_err, _req| ApiError::not_found("route").into()),
            )
            .wrap(actix_web::middleware::from_fn(head_and_options))
            .wrap(cors(origins))
            .wrap(
                actix_web::middleware::DefaultHeaders::new()
                    .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
                    .add((header::CACHE_CONTROL, "no-store"))
                    .add((header::VARY, "Authorization")),
            )
            .route("/api/openapi.json", web::get().to(openapi))
            .service(routes().default_service(web::to(|| async {
                Err::<HttpResponse, _>(ApiError::not_found("route"))
            }))),
    );
}

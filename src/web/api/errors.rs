//! The API's errors: the specification's `{"errors": {"body": [...]}}` with a status, and
//! how the application's errors, an unreadable body and a failed list become one.

use crate::store::StoreError;
use crate::web::WebError;
use actix_web::HttpResponse;
use actix_web::http::{StatusCode, header};
use serde::Serialize;
use utoipa::ToSchema;

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
            WebError::SecondFactorRequired => {
                return ApiError::forbidden(crate::app::factors::REQUIRED);
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
pub(super) fn bad_json(err: actix_web::error::JsonPayloadError) -> ApiError {
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

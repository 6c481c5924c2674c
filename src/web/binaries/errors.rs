//! The binary service's JSON errors: `{"error": "..."}` with a status, and how the
//! application's errors become one.

use super::super::WebError;
use crate::binaries::IngestError;
use crate::store::StoreError;
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use serde::Serialize;

/// A JSON error: `{"error": "..."}` with its status.
#[derive(Debug)]
pub struct ApiError(pub(super) StatusCode, pub(super) String);

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.1)
    }
}

impl actix_web::ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.0
    }

    fn error_response(&self) -> HttpResponse {
        if self.0.is_server_error() {
            tracing::warn!(error = %self.1, "binary service");
        }
        HttpResponse::build(self.0).json(serde_json_error(&self.1))
    }
}

#[derive(Serialize)]
pub(super) struct ErrorBody<'a> {
    pub(super) error: &'a str,
}

fn serde_json_error(message: &str) -> ErrorBody<'_> {
    ErrorBody { error: message }
}

impl From<WebError> for ApiError {
    fn from(e: WebError) -> Self {
        use actix_web::ResponseError;
        let status = e.status_code();
        let message = match e {
            WebError::LoginRequired { .. } => {
                return ApiError(StatusCode::UNAUTHORIZED, "Sign in first.".into());
            }
            WebError::Unavailable(_) => {
                "The store is unavailable; nothing was changed. Try again shortly.".into()
            }
            WebError::Internal(_) => "An unexpected error happened; it has been logged.".into(),
            WebError::NotFound => "Not found.".into(),
            other => other.to_string(),
        };
        ApiError(status, message)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        WebError::from(e).into()
    }
}

impl From<IngestError> for ApiError {
    fn from(e: IngestError) -> Self {
        match e {
            IngestError::TooLarge(m) | IngestError::Quota(m) => {
                ApiError(StatusCode::PAYLOAD_TOO_LARGE, m)
            }
            IngestError::TooMany(m) => ApiError(StatusCode::CONFLICT, m),
            IngestError::Body(_) => ApiError(StatusCode::BAD_REQUEST, e.to_string()),
            IngestError::Busy => ApiError(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
            IngestError::Store(e) => e.into(),
        }
    }
}

pub(super) fn bad_request(message: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, message.into())
}

impl ApiError {
    /// A JSON body that could not be read.
    pub fn bad_json(err: actix_web::error::JsonPayloadError) -> Self {
        use actix_web::error::JsonPayloadError;
        match err {
            JsonPayloadError::Overflow { limit }
            | JsonPayloadError::OverflowKnownLength { limit, .. } => ApiError(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("The request is too large: at most {limit} bytes of JSON."),
            ),
            JsonPayloadError::ContentType => {
                bad_request("Send JSON, with Content-Type: application/json.")
            }
            other => bad_request(format!("The JSON could not be read: {other}.")),
        }
    }
}

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

mod article_writes;
mod articles;
mod caller;
mod comments;
mod errors;
mod favorites;
mod feed;
mod lists;
mod openapi;
mod profiles;
mod routes;
mod table;
mod tags;
mod user_update;
mod users;
mod walk;

pub(crate) use caller::issue_token;
pub use caller::{Caller, MaybeCaller};
pub use errors::{ApiError, ApiResult, Errors};
pub use openapi::openapi_json;
pub(super) use routes::mount;

pub use crate::domain::site::CorsOrigin;

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

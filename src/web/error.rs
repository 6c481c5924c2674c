use super::auth::MaybeUser;
use super::csrf::{CsrfToken, layout};
use super::pages::{ErrorPage, Layout};
use crate::store::StoreError;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage};
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

/// What can go wrong in a request, mapped to a status and a page at the edge. User
/// errors explain themselves; store and internal errors are logged and shown plainly.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("not found")]
    NotFound,
    /// What was here was deleted.
    #[error("gone")]
    Gone,
    /// What was here no longer works, and why.
    #[error("{0}")]
    GoneWith(String),
    #[error("{0}")]
    NotFoundWith(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("sign in required")]
    LoginRequired { next: String },
    /// The site requires two-step sign-in of the account, which has no second factor
    /// yet: it is sent to add one.
    #[error("a second factor required")]
    SecondFactorRequired,
    #[error("{0}")]
    TooLarge(String),
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// The server has more of some work than it takes on at once; nothing was changed.
    #[error("{0}")]
    Busy(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<StoreError> for WebError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Unavailable(msg) => WebError::Unavailable(msg),
            StoreError::Corrupt(msg) => WebError::Internal(format!("corrupt record: {msg}")),
        }
    }
}

impl From<crate::app::AppError> for WebError {
    fn from(e: crate::app::AppError) -> Self {
        use crate::app::AppError;
        match e {
            AppError::NotFound => WebError::NotFound,
            AppError::NotFoundWith(m) => WebError::NotFoundWith(m),
            AppError::Gone => WebError::Gone,
            AppError::GoneWith(m) => WebError::GoneWith(m),
            AppError::Conflict(m) => WebError::Conflict(m),
            AppError::Invalid(m) => WebError::BadRequest(m),
            AppError::Forbidden(m) => WebError::Forbidden(m),
            AppError::SignInRequired { next } => WebError::LoginRequired { next },
            AppError::TooLarge(m) => WebError::TooLarge(m),
            AppError::TooManyRequests {
                message,
                retry_after,
            } => WebError::TooManyRequests {
                message,
                retry_after,
            },
            AppError::Unavailable(m) => WebError::Unavailable(m),
            AppError::Busy(m) => WebError::Busy(m),
            AppError::Internal(m) => WebError::Internal(m),
        }
    }
}

impl WebError {
    pub fn csrf() -> Self {
        WebError::Forbidden(
            "This form has expired or did not come from this site. Go back, reload the page and try again."
                .into(),
        )
    }

    pub fn from_form(err: actix_web::error::UrlencodedError) -> Self {
        use actix_web::error::UrlencodedError;
        match err {
            UrlencodedError::Overflow { limit, .. } => WebError::TooLarge(format!(
                "The form is too large: at most {} KiB can be sent.",
                limit / 1024
            )),
            UrlencodedError::ContentType => {
                WebError::BadRequest("The form was not sent as a web form.".into())
            }
            // Every form carries the token; one without it was not made by this site.
            other if other.to_string().contains("missing field `csrf`") => WebError::csrf(),
            other => WebError::BadRequest(format!("The form could not be read: {other}.")),
        }
    }

    /// The page's title (a message id) and what it says (in English, said in the page's
    /// language by the template).
    fn page(&self) -> (&'static str, String) {
        match self {
            WebError::NotFound => ("error-not-found", "There is nothing at this address.".into()),
            WebError::Gone => (
                "error-gone",
                "What was here was deleted, and nothing will take its place.".into(),
            ),
            WebError::GoneWith(m) => ("error-no-longer-here", m.clone()),
            WebError::NotFoundWith(m) => ("error-not-found", m.clone()),
            WebError::Conflict(m) => ("error-conflict", m.clone()),
            WebError::BadRequest(m) => ("error-bad-request", m.clone()),
            WebError::Forbidden(m) => ("error-forbidden", m.clone()),
            WebError::LoginRequired { .. } => ("error-sign-in-required", "Please sign in.".into()),
            WebError::SecondFactorRequired => (
                "error-second-factor-required",
                crate::app::factors::REQUIRED.into(),
            ),
            WebError::TooLarge(m) => ("error-too-large", m.clone()),
            WebError::TooManyRequests { message, .. } => ("error-too-many-attempts", message.clone()),
            WebError::Unavailable(_) => (
                "error-unavailable",
                "The blog cannot reach its storage right now. Nothing was changed; please try again in a moment."
                    .into(),
            ),
            WebError::Busy(m) => ("error-busy", m.clone()),
            WebError::Internal(_) => (
                "error-internal",
                "An unexpected error happened on our side. It has been logged.".into(),
            ),
        }
    }
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        match self {
            WebError::NotFound | WebError::NotFoundWith(_) => StatusCode::NOT_FOUND,
            WebError::Gone | WebError::GoneWith(_) => StatusCode::GONE,
            WebError::Conflict(_) => StatusCode::CONFLICT,
            WebError::BadRequest(_) => StatusCode::BAD_REQUEST,
            WebError::Forbidden(_) => StatusCode::FORBIDDEN,
            WebError::LoginRequired { .. } | WebError::SecondFactorRequired => {
                StatusCode::SEE_OTHER
            }
            WebError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            WebError::Unavailable(_) | WebError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            WebError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            WebError::Unavailable(m) => tracing::warn!(error = %m, "store unavailable"),
            WebError::Busy(m) => tracing::warn!(error = %m, "busy"),
            WebError::Internal(m) => tracing::error!(error = %m, "internal error"),
            _ => {}
        }
        if let WebError::LoginRequired { next } = self {
            let location = crate::urls::login(next);
            return HttpResponse::SeeOther()
                .insert_header((header::LOCATION, location))
                .finish();
        }
        if let WebError::SecondFactorRequired = self {
            return HttpResponse::SeeOther()
                .insert_header((header::LOCATION, crate::app::factors::SET_UP_URL))
                .finish();
        }
        let (title, message) = self.page();
        let reference = self
            .status_code()
            .is_server_error()
            .then(super::observe::current_request_id)
            .flatten();
        let page = ErrorPage {
            layout: Layout::anonymous(),
            title,
            message: message.clone(),
            reference: reference.clone(),
        };
        let mut response = HttpResponse::build(self.status_code());
        // For [`signed_in_errors`], which knows who asked.
        response.extensions_mut().insert(Shown {
            title,
            message: message.clone(),
            reference,
        });
        match self {
            WebError::Unavailable(_) => {
                response.insert_header((header::RETRY_AFTER, "30"));
            }
            WebError::Busy(_) => {
                response.insert_header((header::RETRY_AFTER, "5"));
            }
            WebError::TooManyRequests { retry_after, .. } => {
                response.insert_header((header::RETRY_AFTER, retry_after.to_string()));
            }
            _ => {}
        }
        match page.render() {
            Ok(html) => response.content_type("text/html; charset=utf-8").body(html),
            Err(_) => response
                .content_type("text/plain; charset=utf-8")
                .body(message),
        }
    }
}

/// What an error page says, kept with its response.
#[derive(Clone)]
struct Shown {
    title: &'static str,
    message: String,
    reference: Option<String>,
}

/// Renders error pages again for a signed-in visitor, so that their header shows who is
/// signed in (with "Log out"), not "Log in" and "Sign up", and for a reader whose pages
/// speak another language than English: errors are made without the request, which only
/// this wrapper sees.
pub async fn signed_in_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let response = next.call(req).await?.map_into_boxed_body();
    // Who is signed in, if a handler already read it.
    let known = response.request().extensions().get::<MaybeUser>().cloned();
    // A store that failed once is not asked again just to name the visitor: a server
    // error names them only if they were read before it.
    if response.status().is_server_error() && known.is_none() {
        return Ok(response);
    }
    let Some(shown) = response.response().extensions().get::<Shown>().cloned() else {
        return Ok(response);
    };
    let csrf = response.request().extensions().get::<CsrfToken>().cloned();
    let secure = super::auth::secure_site(response.request());
    let signed_in = response
        .request()
        .cookie(super::auth::session_cookie(secure))
        .is_some();
    let Some(csrf) = csrf else {
        return Ok(response);
    };
    if !signed_in {
        if csrf.speaks_english() {
            return Ok(response);
        }
        return Ok(rendered_again(response, &MaybeUser(None), &csrf, shown));
    }
    // Read before the error if a handler asked; else read now (error pages are rare).
    let user = match known {
        Some(user) => user,
        None => match MaybeUser::extract(response.request()).await {
            Ok(user) => user,
            Err(_) => return Ok(response),
        },
    };
    if user.0.is_none() && csrf.speaks_english() {
        return Ok(response);
    }
    Ok(rendered_again(response, &user, &csrf, shown))
}

/// The error page of `response` in the frame `user` and `csrf` give it.
fn rendered_again(
    response: ServiceResponse<BoxBody>,
    user: &MaybeUser,
    csrf: &CsrfToken,
    shown: Shown,
) -> ServiceResponse<BoxBody> {
    let page = ErrorPage {
        layout: layout(user, csrf),
        title: shown.title,
        message: shown.message,
        reference: shown.reference,
    };
    match page.render() {
        Ok(html) => response.map_body(|_, _| BoxBody::new(html)),
        Err(_) => response,
    }
}

#[cfg(test)]
mod tests {
    use super::WebError;

    /// Every error page is named, and says what it says, in the reader's language.
    #[test]
    fn every_error_page_speaks_the_reader_s_language() {
        let errors = [
            WebError::NotFound,
            WebError::Gone,
            WebError::GoneWith("x".into()),
            WebError::NotFoundWith("x".into()),
            WebError::Conflict("x".into()),
            WebError::BadRequest("x".into()),
            WebError::Forbidden("x".into()),
            WebError::LoginRequired { next: "/".into() },
            WebError::SecondFactorRequired,
            WebError::TooLarge("x".into()),
            WebError::TooManyRequests {
                message: "x".into(),
                retry_after: 1,
            },
            WebError::Unavailable("x".into()),
            WebError::Busy("x".into()),
            WebError::Internal("x".into()),
        ];
        let languages = crate::i18n::languages();
        let (english, german) = (languages.english(), languages.matching("de").unwrap());
        for error in errors {
            let (title, message) = error.page();
            assert_ne!(english.t(title), title, "{title} has an English message");
            assert_ne!(german.t(title), english.t(title), "{title} in German");
            if message != "x" {
                assert_ne!(german.said(&message), message, "{message:?} in German");
            }
        }
    }
}

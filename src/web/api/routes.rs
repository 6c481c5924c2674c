//! The API's routes, and the scope that mounts them with their CORS, limits and errors.

use super::errors::bad_json;
use super::openapi::{allow_header, openapi_json};
use super::table::served;
use super::{ApiError, CorsOrigin};
use actix_web::http::header;
use actix_web::{HttpResponse, web};

/// The largest request body read: an article's Markdown (256 KiB at most) with room for
/// its escaping; larger bodies are refused before they are read.
const JSON_LIMIT: usize = 2 * 1024 * 1024;

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
pub(in crate::web) fn mount(cfg: &mut web::ServiceConfig, origins: &[CorsOrigin]) {
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
            .service(served().default_service(web::to(|| async {
                Err::<HttpResponse, _>(ApiError::not_found("route"))
            }))),
    );
}

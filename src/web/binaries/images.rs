//! Images in IIIF Image API 3.0 syntax: their information, and scaled, cropped or turned
//! renditions, each with its entity tag.

use super::super::limits::{Subject, client_ip};
use super::super::{AppState, WebError};
use super::serve::none_match;
use crate::binaries::{Original, RefId, Reference};
use crate::urls;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};

const IIIF_PROFILE_LINK: &str = "<http://iiif.io/api/image/3/level2.json>;rel=\"profile\"";

/// A IIIF error: plain text, with the status the specification gives it.
fn iiif_error(status: u16, message: &str) -> HttpResponse {
    let mut response =
        HttpResponse::build(StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST));
    if status == 503 {
        response.insert_header((header::RETRY_AFTER, "10"));
    }
    response
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .content_type("text/plain; charset=utf-8")
        .body(message.to_owned())
}

/// The reference and original of an image request; a 404 for anything else.
async fn image_of(
    state: &AppState,
    reference: &str,
) -> Result<(Reference, Original), HttpResponse> {
    let not_found = || iiif_error(404, "There is no image here.");
    let id = RefId::parse(reference).map_err(|_| not_found())?;
    match state.binaries.find(&state.site, &id).await {
        Ok(Some(found)) => Ok(found),
        Ok(None) => Err(not_found()),
        Err(e) => Err(iiif_error(503, &WebError::from(e).to_string())),
    }
}

/// `GET /binary/{ref}/info.json`: the IIIF image information.
pub async fn info(
    state: web::Data<AppState>,
    reference: web::Path<String>,
    req: HttpRequest,
) -> HttpResponse {
    let (reference, original) = match image_of(&state, &reference).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    let (Some(width), Some(height)) = (original.width, original.height) else {
        return iiif_error(404, "This file is not an image.");
    };
    if !original.has_bytes() {
        return iiif_error(404, "This image could not be stored.");
    }
    let mut sizes: Vec<(u32, u32)> = crate::binaries::delivery::rendition_sizes(width, height)
        .into_iter()
        .rev()
        .map(|(_, w, h)| (w, h))
        .collect();
    // A small image is its own size at several renditions: each size is listed once.
    sizes.dedup();
    let id = format!(
        "{}{}",
        state.site.as_str().trim_end_matches('/'),
        urls::binary(&reference.id.to_string())
    );
    let body =
        crate::domain::iiif::info_json(&id, width, height, &state.binaries.iiif_limits, &sizes);
    let wants_ld = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/ld+json"));
    let content_type = if wants_ld {
        "application/ld+json;profile=\"http://iiif.io/api/image/3/context.json\""
    } else {
        "application/json"
    };
    HttpResponse::Ok()
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .insert_header((header::LINK, IIIF_PROFILE_LINK))
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        // Weak: compression may send the same document in other bytes.
        .insert_header((header::ETAG, format!("W/\"{}-info\"", original.checksum)))
        .content_type(content_type)
        .body(body)
}

/// `GET /binary/{ref}/{region}/{size}/{rotation}/{quality}.{format}`.
pub async fn iiif(
    state: web::Data<AppState>,
    path: web::Path<(String, String, String, String, String)>,
    req: HttpRequest,
) -> HttpResponse {
    let (reference, region, size, rotation, quality_format) = path.into_inner();
    scaled_image(
        &state,
        &req,
        &reference,
        &region,
        &size,
        &rotation,
        &quality_format,
    )
    .await
}

/// `GET /binary/{ref}/{region}/{size}/{quality}.{format}`: the binary service's form,
/// unturned.
pub async fn iiif_unturned(
    state: web::Data<AppState>,
    path: web::Path<(String, String, String, String)>,
    req: HttpRequest,
) -> HttpResponse {
    let (reference, region, size, quality_format) = path.into_inner();
    scaled_image(
        &state,
        &req,
        &reference,
        &region,
        &size,
        "0",
        &quality_format,
    )
    .await
}

async fn scaled_image(
    state: &AppState,
    req: &HttpRequest,
    reference: &str,
    region: &str,
    size: &str,
    rotation: &str,
    quality_format: &str,
) -> HttpResponse {
    // The request's syntax is checked before anything is read.
    let request =
        match crate::domain::iiif::IiifRequest::parse(region, size, rotation, quality_format) {
            Ok(request) => request,
            Err(e) => {
                let status = if e.kind == crate::domain::iiif::IiifErrorKind::NotImplemented {
                    501
                } else {
                    400
                };
                return iiif_error(status, &e.message);
            }
        };
    let (_, original) = match image_of(state, reference).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    if state.binaries.must_compute(&original, &request) {
        let ip = client_ip(req);
        let subject = || Subject::ScaleFromIp(&ip);
        match state
            .check_limit(subject(), "Many images were scaled for you just now.")
            .await
        {
            Ok(()) => {
                if let Err(e) = state.record_attempt(subject()).await {
                    return iiif_error(503, &e.to_string());
                }
            }
            Err(WebError::TooManyRequests {
                message,
                retry_after,
            }) => {
                return HttpResponse::TooManyRequests()
                    .insert_header((header::RETRY_AFTER, retry_after.to_string()))
                    .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
                    .content_type("text/plain; charset=utf-8")
                    .body(message);
            }
            Err(e) => return iiif_error(503, &e.to_string()),
        }
    }
    let scaled = match state.binaries.scaled(&original, &request).await {
        Ok(scaled) => scaled,
        Err(e) => return iiif_error(e.status(), &e.to_string()),
    };
    // An uploaded original never changes, so neither does anything made of it; one
    // fetched from a URL can, when its origin changes.
    let cache = if original.url.is_none() {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=86400"
    };
    let not_modified = none_match(req, &scaled.etag);
    let mut response = if not_modified {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .insert_header((header::LINK, IIIF_PROFILE_LINK))
        .insert_header((header::CACHE_CONTROL, cache))
        .insert_header((header::ETAG, scaled.etag))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"));
    if not_modified {
        return response.finish();
    }
    response.content_type(scaled.mime).body(scaled.bytes)
}

//! Giving files out: the original with its entity tag, conditional and range requests,
//! and images in IIIF Image API 3.0 syntax with their information.

use super::super::limits::{Subject, client_ip};
use super::super::{AppState, WebError};
use crate::binaries::{Original, RefId, Reference};
use crate::urls;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};

fn quoted_etag(checksum: &str) -> String {
    format!("\"{checksum}\"")
}

/// Whether an If-None-Match header names this entity tag (or is `*`).
pub fn none_match(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == "*" || t == etag)
}

/// A single byte range of a `Range` header, resolved against the length. `None`: no
/// usable Range (serve everything); `Some(Err)`: unsatisfiable.
pub fn byte_range(req: &HttpRequest, len: u64, etag: &str) -> Option<Result<(u64, u64), ()>> {
    let value = req.headers().get(header::RANGE)?.to_str().ok()?;
    // A Range conditioned on another version of the file is ignored.
    if let Some(if_range) = req.headers().get(header::IF_RANGE)
        && if_range.to_str().ok()? != etag
    {
        return None;
    }
    let spec = value.strip_prefix("bytes=")?.trim();
    if spec.contains(',') {
        // Several ranges are allowed to be answered with the whole file.
        return None;
    }
    let (first, last) = spec.split_once('-')?;
    let parse = |s: &str| -> Option<u64> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            None
        } else {
            s.parse().ok()
        }
    };
    let range = match (first.is_empty(), last.is_empty()) {
        (false, _) => {
            let start = parse(first)?;
            let end = if last.is_empty() {
                len
            } else {
                parse(last)?.saturating_add(1).min(len)
            };
            if !last.is_empty() && end <= start && start < len {
                return None;
            }
            (start, end)
        }
        (true, false) => {
            let suffix = parse(last)?;
            (len.saturating_sub(suffix), len)
        }
        (true, true) => return None,
    };
    if range.0 >= len || range.0 >= range.1 {
        return Some(Err(()));
    }
    Some(Ok(range))
}

/// `Content-Disposition`: raster images inline, everything else (SVG included, which can
/// carry script) as a download.
fn disposition(original: &Original, name: &str) -> String {
    let kind = if original.is_raster() {
        "inline"
    } else {
        "attachment"
    };
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded: String = name
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("{kind}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// `GET /binary/{ref}`: the original, with a strong ETag, conditional and Range
/// requests, and its sniffed type.
pub async fn original(
    state: web::Data<AppState>,
    reference: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, WebError> {
    let id = RefId::parse(&reference).map_err(|_| WebError::NotFound)?;
    let (reference, original) = state
        .binaries
        .find(&state.site, &id)
        .await?
        .ok_or(WebError::NotFound)?;
    if !original.has_bytes() {
        return Err(WebError::NotFoundWith(format!(
            "This file could not be stored: {}",
            original
                .error
                .as_deref()
                .unwrap_or("it is not available yet.")
        )));
    }
    let etag = quoted_etag(&original.checksum);
    let not_modified = none_match(&req, &etag);
    let mut response = if not_modified {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, etag.clone()))
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .insert_header((header::ACCEPT_RANGES, "bytes"))
        // Sent as stored: ranges and the strong tag name these very bytes, so the
        // compression middleware must leave them alone.
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            disposition(&original, &reference.name),
        ));
    if !original.is_raster() {
        // Opened directly, a non-image runs in a sandbox with no script and no origin.
        response.insert_header((
            header::CONTENT_SECURITY_POLICY,
            "sandbox; default-src 'none'",
        ));
    }
    if not_modified {
        return Ok(response.finish());
    }
    let len = original.size;
    let (start, end) = match byte_range(&req, len, &etag) {
        Some(Ok(range)) => {
            response.status(StatusCode::PARTIAL_CONTENT).insert_header((
                header::CONTENT_RANGE,
                format!("bytes {}-{}/{len}", range.0, range.1 - 1),
            ));
            range
        }
        Some(Err(())) => {
            return Ok(HttpResponse::RangeNotSatisfiable()
                .insert_header((header::CONTENT_RANGE, format!("bytes */{len}")))
                .insert_header((header::ETAG, etag))
                .finish());
        }
        None => (0, len),
    };
    response.content_type(original.mime.as_str());
    let body = state.binaries.read_range(&original, start, end);
    Ok(response.no_chunking(end - start).streaming(body))
}

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

//! Giving files out: the original with its entity tag, conditional and range requests.
//! Images in IIIF syntax are [`super::images`]'s.

use super::super::{AppState, WebError};
use crate::binaries::{Original, RefId};
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

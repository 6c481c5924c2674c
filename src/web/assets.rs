use actix_web::HttpResponse;
use actix_web::http::header;

const STYLESHEET: &str = include_str!("../../static/sibyl.css");

pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(STYLESHEET)
}

const FAVICON: &str = include_str!("../../static/favicon.svg");

/// The site's icon, for browsers' tabs and bookmarks.
pub async fn favicon() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .body(FAVICON)
}

/// `/favicon.ico`, which browsers ask for by themselves: the icon is an SVG.
pub async fn favicon_ico() -> HttpResponse {
    HttpResponse::MovedPermanently()
        .insert_header((header::LOCATION, "/static/favicon.svg"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .finish()
}

const AUTOSAVE: &str = include_str!("../../static/autosave.js");
const ATTACHMENTS: &str = include_str!("../../static/attachments.js");
const SCHEDULE: &str = include_str!("../../static/schedule.js");
const PASSKEY: &str = include_str!("../../static/passkey.js");

fn script(body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(body)
}

pub async fn autosave_script() -> HttpResponse {
    script(AUTOSAVE)
}

pub async fn attachments_script() -> HttpResponse {
    script(ATTACHMENTS)
}

pub async fn schedule_script() -> HttpResponse {
    script(SCHEDULE)
}

pub async fn passkey_script() -> HttpResponse {
    script(PASSKEY)
}

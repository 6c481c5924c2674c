use actix_web::HttpResponse;
use actix_web::http::header;

const STYLESHEET: &str = include_str!("../../static/sibyl.css");

pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(STYLESHEET)
}

const AUTOSAVE: &str = include_str!("../../static/autosave.js");
const ATTACHMENTS: &str = include_str!("../../static/attachments.js");

pub async fn autosave_script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(AUTOSAVE)
}

pub async fn attachments_script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(ATTACHMENTS)
}

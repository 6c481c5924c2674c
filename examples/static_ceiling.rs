//! The benchmark's ceiling: the exact bytes of a page, served by a minimal actix-web
//! handler with nothing else to do. `scripts/bench` compares Sibyl's pages with it.
//!
//! Usage: static_ceiling LISTEN_ADDR FILE

// Tests and benchmark helpers: a failed unwrap is the run failing, with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use actix_web::{App, HttpResponse, HttpServer, web};

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let [_, listen, file] = args.as_slice() else {
        eprintln!("usage: static_ceiling LISTEN_ADDR FILE");
        std::process::exit(2);
    };
    let bytes = web::Bytes::from(std::fs::read(file)?);
    HttpServer::new(move || {
        let bytes = bytes.clone();
        App::new().default_service(web::to(move || {
            let bytes = bytes.clone();
            async move {
                HttpResponse::Ok()
                    .content_type("text/html; charset=utf-8")
                    .body(bytes)
            }
        }))
    })
    .bind(listen.as_str())?
    .run()
    .await
}

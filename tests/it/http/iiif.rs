//! Images in IIIF Image API 3.0 syntax over HTTP, on both stores: the named renditions,
//! every parameter form, the errors and headers the specification requires, info.json.

use crate::both_stores;
use crate::fixtures::jpeg;
use crate::fixtures::post_of;
use crate::helpers::{TestApp, TestStore, spawn_app, spawn_app_with};
use crate::http::binaries::{api_upload, context_of};
use reqwest::multipart::Part;
use serde_json::Value;

async fn image_app(t: TestStore) -> (TestApp, String, String) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Pictures", "Text.").await;
    let post = post_of(&app, &path).await;
    let context = context_of(&post);
    let (status, json) = api_upload(
        &app,
        &context,
        vec![
            Part::bytes(jpeg(1200, 900)).file_name("photo.jpg"),
            Part::bytes(b"%PDF-1.4 not an image".to_vec()).file_name("doc.pdf"),
        ],
    )
    .await;
    assert_eq!(status, 201, "{json}");
    let image = json[0]["reference"].as_str().unwrap().to_owned();
    let pdf = json[1]["reference"].as_str().unwrap().to_owned();
    (app, image, pdf)
}

async fn fetch(app: &TestApp, path: &str) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let response = app.anonymous_get(path).await;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.bytes().await.unwrap().to_vec())
}

fn dims(bytes: &[u8]) -> (u32, u32) {
    let img = image::load_from_memory(bytes).unwrap();
    (img.width(), img.height())
}

async fn named_renditions_are_served_from_the_store(t: TestStore) {
    let (app, image, _) = image_app(t).await;
    for (size, want) in [
        ("!800,600", (800, 600)),
        ("!440,330", (440, 330)),
        ("!140,105", (140, 105)),
        ("!116,87", (116, 87)),
    ] {
        let path = format!("/binary/{image}/full/{size}/0/default.jpg");
        let (status, headers, body) = fetch(&app, &path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(headers["content-type"], "image/jpeg");
        assert_eq!(dims(&body), want, "{path}");
        assert_eq!(
            headers["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert_eq!(headers["access-control-allow-origin"], "*");
        assert!(headers["link"].to_str().unwrap().contains("level2"));
        let etag = headers["etag"].to_str().unwrap();
        assert!(
            etag.ends_with(&format!(
                "-{}x{}\"",
                size[1..].split(',').next().unwrap(),
                size.split(',').nth(1).unwrap()
            )),
            "{etag}"
        );
        let again = app
            .anonymous()
            .get(app.url(&path))
            .header("if-none-match", etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304);
        // The binary service's form, without a rotation, is the same image.
        let seed = format!("/binary/{image}/full/{size}/default.jpg");
        let (status, _, same) = fetch(&app, &seed).await;
        assert_eq!(status, 200);
        assert_eq!(same, body, "{seed}");
    }
}

async fn every_parameter_form_gives_the_size_it_asks_for(t: TestStore) {
    let (app, image, _) = image_app(t).await;
    for (region, size, rotation, qf, mime, want) in [
        ("full", "max", "0", "default.jpg", "image/jpeg", (1200, 900)),
        (
            "full",
            "^max",
            "0",
            "default.jpg",
            "image/jpeg",
            (4000, 3000),
        ),
        (
            "square",
            "max",
            "0",
            "default.jpg",
            "image/jpeg",
            (900, 900),
        ),
        (
            "100,100,300,200",
            "max",
            "0",
            "default.jpg",
            "image/jpeg",
            (300, 200),
        ),
        (
            "1100,800,300,300",
            "max",
            "0",
            "default.jpg",
            "image/jpeg",
            (100, 100),
        ),
        (
            "pct:25,25,50,50",
            "max",
            "0",
            "default.jpg",
            "image/jpeg",
            (600, 450),
        ),
        ("full", "300,", "0", "default.jpg", "image/jpeg", (300, 225)),
        ("full", ",300", "0", "default.jpg", "image/jpeg", (400, 300)),
        (
            "full",
            "pct:10",
            "0",
            "default.jpg",
            "image/jpeg",
            (120, 90),
        ),
        (
            "full",
            "200,200",
            "0",
            "default.jpg",
            "image/jpeg",
            (200, 200),
        ),
        (
            "full",
            "!200,200",
            "0",
            "default.jpg",
            "image/jpeg",
            (200, 150),
        ),
        (
            "0,0,100,100",
            "^200,",
            "0",
            "default.jpg",
            "image/jpeg",
            (200, 200),
        ),
        (
            "0,0,100,100",
            "^,150",
            "0",
            "default.jpg",
            "image/jpeg",
            (150, 150),
        ),
        (
            "0,0,100,100",
            "^pct:150",
            "0",
            "default.jpg",
            "image/jpeg",
            (150, 150),
        ),
        (
            "0,0,100,50",
            "^300,300",
            "0",
            "default.jpg",
            "image/jpeg",
            (300, 300),
        ),
        (
            "0,0,100,50",
            "^!300,300",
            "0",
            "default.jpg",
            "image/jpeg",
            (300, 150),
        ),
        (
            "full",
            "300,",
            "90",
            "default.jpg",
            "image/jpeg",
            (225, 300),
        ),
        ("full", "300,", "180", "gray.png", "image/png", (300, 225)),
        (
            "full",
            "300,",
            "!270",
            "bitonal.png",
            "image/png",
            (225, 300),
        ),
        ("full", "300,", "!0", "color.webp", "image/webp", (300, 225)),
        ("full", "120,", "0", "default.gif", "image/gif", (120, 90)),
    ] {
        let path = format!("/binary/{image}/{region}/{size}/{rotation}/{qf}");
        let (status, headers, body) = fetch(&app, &path).await;
        assert_eq!(status, 200, "{path}: {}", String::from_utf8_lossy(&body));
        assert_eq!(headers["content-type"], mime, "{path}");
        assert_eq!(dims(&body), want, "{path}");
    }
    // A computed image is the same the second time (from the bounded cache).
    let path = format!("/binary/{image}/square/150,/90/gray.jpg");
    let (_, first_headers, first) = fetch(&app, &path).await;
    let (_, second_headers, second) = fetch(&app, &path).await;
    assert_eq!(first, second);
    assert_eq!(first_headers["etag"], second_headers["etag"]);
}

async fn bad_iiif_requests_get_the_status_the_specification_gives(t: TestStore) {
    let (app, image, pdf) = image_app(t).await;
    for (path, want) in [
        (format!("/binary/{image}/fullish/max/0/default.jpg"), 400),
        (format!("/binary/{image}/1,2,3/max/0/default.jpg"), 400),
        (format!("/binary/{image}/0,0,0,10/max/0/default.jpg"), 400),
        (
            format!("/binary/{image}/1200,0,10,10/max/0/default.jpg"),
            400,
        ),
        (format!("/binary/{image}/full/0,/0/default.jpg"), 400),
        (format!("/binary/{image}/full/1201,/0/default.jpg"), 400),
        (format!("/binary/{image}/full/pct:101/0/default.jpg"), 400),
        (format!("/binary/{image}/full/^5000,/0/default.jpg"), 400),
        (format!("/binary/{image}/full/max/361/default.jpg"), 400),
        (format!("/binary/{image}/full/max/-90/default.jpg"), 400),
        (format!("/binary/{image}/full/max/0/best.jpg"), 400),
        (format!("/binary/{image}/full/max/0/default.bmp"), 400),
        (format!("/binary/{image}/full/max/0/default"), 400),
        (format!("/binary/{image}/full/max/45/default.jpg"), 501),
        (format!("/binary/{image}/full/max/0/default.tif"), 501),
        (format!("/binary/{pdf}/full/max/0/default.jpg"), 400),
        (
            "/binary/0000000000000000/full/max/0/default.jpg".to_owned(),
            404,
        ),
        ("/binary/nonsense/full/max/0/default.jpg".to_owned(), 404),
        ("/binary/0000000000000000/info.json".to_owned(), 404),
        (format!("/binary/{pdf}/info.json"), 404),
    ] {
        let (status, headers, body) = fetch(&app, &path).await;
        assert_eq!(status, want, "{path}: {}", String::from_utf8_lossy(&body));
        assert!(!body.is_empty(), "{path}: the error says why");
        assert_eq!(headers["access-control-allow-origin"], "*", "{path}");
    }
}

async fn info_json_describes_the_image(t: TestStore) {
    let (app, image, _) = image_app(t).await;
    let (status, headers, body) = fetch(&app, &format!("/binary/{image}/info.json")).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "application/json");
    assert_eq!(headers["access-control-allow-origin"], "*");
    let info: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(info["@context"], "http://iiif.io/api/image/3/context.json");
    assert_eq!(info["type"], "ImageService3");
    assert_eq!(info["protocol"], "http://iiif.io/api/image");
    assert_eq!(info["profile"], "level2");
    assert_eq!(
        info["id"],
        format!("{}/binary/{image}", app.site.as_str().trim_end_matches('/'))
    );
    assert_eq!(
        (info["width"].as_u64(), info["height"].as_u64()),
        (Some(1200), Some(900))
    );
    let sizes: Vec<(u64, u64)> = info["sizes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["width"].as_u64().unwrap(), s["height"].as_u64().unwrap()))
        .collect();
    assert_eq!(sizes, [(116, 87), (140, 105), (440, 330), (800, 600)]);
    let ld = app
        .anonymous()
        .get(app.url(&format!("/binary/{image}/info.json")))
        .header("accept", "application/ld+json")
        .send()
        .await
        .unwrap();
    assert_eq!(
        ld.headers()["content-type"],
        "application/ld+json;profile=\"http://iiif.io/api/image/3/context.json\""
    );
    // An image smaller than the renditions is its own size at each: listed once.
    let path = app.publish("Small", "Text.").await;
    let context = context_of(&post_of(&app, &path).await);
    let (status, json) = api_upload(
        &app,
        &context,
        vec![Part::bytes(jpeg(100, 80)).file_name("small.jpg")],
    )
    .await;
    assert_eq!(status, 201, "{json}");
    let small = json[0]["reference"].as_str().unwrap();
    let (_, _, body) = fetch(&app, &format!("/binary/{small}/info.json")).await;
    let info: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        info["sizes"],
        serde_json::json!([{"type": "Size", "width": 100, "height": 80}])
    );
}

/// HEAD answers what GET would, headers only: the original, info.json and images.
async fn head_requests_get_the_headers_of_get(t: TestStore) {
    let (app, image, _) = image_app(t).await;
    for path in [
        format!("/binary/{image}"),
        format!("/binary/{image}/info.json"),
        format!("/binary/{image}/full/max/0/default.jpg"),
        format!("/binary/{image}/full/!140,105/0/default.jpg"),
    ] {
        let (status, get_headers, body) = fetch(&app, &path).await;
        assert_eq!(status, 200, "{path}");
        let head = app.anonymous().head(app.url(&path)).send().await.unwrap();
        assert_eq!(head.status(), 200, "{path}");
        let headers = head.headers().clone();
        for name in ["content-type", "etag"] {
            assert_eq!(headers.get(name), get_headers.get(name), "{path}: {name}");
        }
        assert_eq!(
            headers["content-length"].to_str().unwrap(),
            body.len().to_string(),
            "{path}"
        );
        assert!(head.bytes().await.unwrap().is_empty(), "{path}");
    }
    let missing = app
        .anonymous()
        .head(app.url("/binary/0000000000000000"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
}

async fn computing_images_is_rate_limited_per_address(t: TestStore) {
    let app = spawn_app_with(t, |config| {
        config.rate_limits.scale_per_ip = sibyl::web::Limit {
            max: 2,
            window: std::time::Duration::from_secs(600),
        };
    })
    .await;
    app.set_up().await;
    let path = app.publish("Limits", "Text.").await;
    let post = post_of(&app, &path).await;
    let (_, json) = api_upload(
        &app,
        &context_of(&post),
        vec![Part::bytes(jpeg(600, 400)).file_name("a.jpg")],
    )
    .await;
    let image = json[0]["reference"].as_str().unwrap().to_owned();
    for size in ["100,", "200,"] {
        let (status, _, _) =
            fetch(&app, &format!("/binary/{image}/full/{size}/0/default.jpg")).await;
        assert_eq!(status, 200, "{size}");
    }
    // A cached image and the stored renditions cost nothing and stay available.
    let (status, _, _) = fetch(&app, &format!("/binary/{image}/full/100,/0/default.jpg")).await;
    assert_eq!(status, 200);
    let (status, _, _) = fetch(
        &app,
        &format!("/binary/{image}/full/!440,330/0/default.jpg"),
    )
    .await;
    assert_eq!(status, 200);
    let (status, headers, body) =
        fetch(&app, &format!("/binary/{image}/full/300,/0/default.jpg")).await;
    assert_eq!(status, 429, "{}", String::from_utf8_lossy(&body));
    assert_eq!(headers["retry-after"], "600");
}

both_stores!(
    computing_images_is_rate_limited_per_address,
    named_renditions_are_served_from_the_store,
    every_parameter_form_gives_the_size_it_asks_for,
    bad_iiif_requests_get_the_status_the_specification_gives,
    info_json_describes_the_image,
    head_requests_get_the_headers_of_get,
);

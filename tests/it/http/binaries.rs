//! The binary service over HTTP, on both stores: uploads (API and editor), serving with
//! ETags, Range and sniffed types, deletion, the log and the admins' list.

use crate::both_stores;
use crate::fixtures::post_of;
use crate::fixtures::{jpeg, png, png_bomb, random_bytes};
use crate::helpers::{TestApp, TestStore, csrf_in, location, spawn_app, spawn_app_with};
use reqwest::multipart::{Form, Part};
use serde_json::Value;
use sibyl::domain::Post;

pub fn context_of(post: &Post) -> String {
    format!("post:{}", post.id.0.simple())
}

async fn token(app: &TestApp) -> String {
    csrf_in(&app.get_html("/login").await)
}

fn file(name: &str, data: Vec<u8>, claimed: &str) -> Part {
    Part::bytes(data)
        .file_name(name.to_owned())
        .mime_str(claimed)
        .unwrap()
}

/// Uploads files through `POST /binaries`; returns the status and the JSON answer.
pub async fn api_upload(app: &TestApp, context: &str, files: Vec<Part>) -> (u16, Value) {
    let mut form = Form::new().text("context", context.to_owned());
    for part in files {
        form = form.part("file", part);
    }
    let response = app
        .client
        .post(app.url("/binaries"))
        .header("x-csrf-token", token(app).await)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

async fn an_author_uploads_files_and_readers_get_them_back(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Holiday", "Pictures follow.").await;
    let post = post_of(&app, &path).await;
    let photo = jpeg(1200, 900);
    let pdf = b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n".to_vec();
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec();
    let (status, json) = api_upload(
        &app,
        &context_of(&post),
        vec![
            // The client's claimed types are ignored: what counts is the content.
            file("beach.jpg", photo.clone(), "text/html"),
            file("notes.pdf", pdf.clone(), "image/png"),
            file("logo.svg", svg.clone(), "image/png"),
        ],
    )
    .await;
    assert_eq!(status, 201, "{json}");
    let list = json.as_array().unwrap();
    assert_eq!(list.len(), 3);
    assert_eq!(list[0]["status"], "OK");
    assert_eq!(list[0]["mime"], "image/jpeg");
    assert_eq!(list[0]["width"], 1200);
    assert_eq!(list[0]["height"], 900);
    let reference = list[0]["reference"].as_str().unwrap();
    assert_eq!(reference.len(), 16);
    assert_eq!(
        list[0]["markdown"],
        format!("![beach.jpg](/binary/{reference}?size=1200x900)")
    );
    assert_eq!(list[1]["mime"], "application/pdf");
    assert_eq!(list[2]["mime"], "image/svg+xml");

    let reader = app.anonymous();
    let photo_url = app.url(&format!("/binary/{reference}"));
    let response = reader.get(&photo_url).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "image/jpeg");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["accept-ranges"], "bytes");
    assert!(
        headers["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("inline; filename=\"beach.jpg\"")
    );
    let etag = headers["etag"].to_str().unwrap().to_owned();
    assert!(etag.starts_with('"') && etag.len() == 66, "{etag}");
    assert_eq!(response.bytes().await.unwrap().to_vec(), photo);

    // Conditional requests.
    let again = reader
        .get(&photo_url)
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"], etag.as_str());
    assert!(again.bytes().await.unwrap().is_empty());
    let other = reader
        .get(&photo_url)
        .header("if-none-match", "\"something-else\"")
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 200);

    // Ranges: a middle, an open end, a suffix, one that cannot be satisfied, and one
    // conditioned on another version (answered whole).
    let len = photo.len();
    for (range, start, end) in [
        ("bytes=10-99".to_owned(), 10, 100),
        (format!("bytes={}-", len - 5), len - 5, len),
        ("bytes=-7".to_owned(), len - 7, len),
        ("bytes=0-0".to_owned(), 0, 1),
    ] {
        let response = reader
            .get(&photo_url)
            .header("range", &range)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 206, "{range}");
        assert_eq!(
            response.headers()["content-range"],
            format!("bytes {start}-{}/{len}", end - 1).as_str(),
            "{range}"
        );
        assert_eq!(
            response.bytes().await.unwrap().to_vec(),
            photo[start..end],
            "{range}"
        );
    }
    let unsatisfiable = reader
        .get(&photo_url)
        .header("range", format!("bytes={len}-"))
        .send()
        .await
        .unwrap();
    assert_eq!(unsatisfiable.status(), 416);
    assert_eq!(
        unsatisfiable.headers()["content-range"],
        format!("bytes */{len}").as_str()
    );
    let stale = reader
        .get(&photo_url)
        .header("range", "bytes=0-9")
        .header("if-range", "\"old\"")
        .send()
        .await
        .unwrap();
    assert_eq!(stale.status(), 200);

    // Not raster images: downloads, sandboxed, never inline.
    for (i, mime) in [(1, "application/pdf"), (2, "image/svg+xml")] {
        let r = list[i]["reference"].as_str().unwrap();
        let response = reader
            .get(app.url(&format!("/binary/{r}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], mime);
        assert!(
            response.headers()["content-disposition"]
                .to_str()
                .unwrap()
                .starts_with("attachment;"),
            "{mime}"
        );
        assert!(
            response.headers()["content-security-policy"]
                .to_str()
                .unwrap()
                .contains("sandbox")
        );
    }
    for missing in [
        "/binary/0000000000000000",
        "/binary/not-a-reference",
        "/binary/../etc",
    ] {
        let response = reader.get(app.url(missing)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{missing}");
    }
}

async fn the_editor_lists_uploads_inserts_them_and_removes_them(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Gallery", "Text.").await;
    let post = post_of(&app, &path).await;
    let editor = app.get_html(&format!("{path}/edit")).await;
    assert!(editor.contains("No files yet."));
    let csrf = csrf_in(&editor);
    let form = Form::new()
        .text("csrf", csrf.clone())
        .part("file", file("a.png", png(40, 30, 3), "image/png"))
        .part("file", file("b.txt", b"plain words".to_vec(), "text/plain"));
    let response = app
        .client
        .post(app.url(&format!("{path}/attachments")))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303, "{}", response.text().await.unwrap());
    assert_eq!(location(&response), format!("{path}/edit#attachments"));
    let editor = app.get_html(&format!("{path}/edit")).await;
    let references = app
        .store
        .binaries()
        .references_in(&app.site, &sibyl::binaries::Context::post(post.id))
        .await
        .unwrap();
    assert_eq!(references.len(), 2);
    let image = references.iter().find(|r| r.name == "a.png").unwrap();
    let text = references.iter().find(|r| r.name == "b.txt").unwrap();
    assert!(editor.contains(&format!("![a.png](/binary/{}?size=40x30)", image.id)));
    assert!(editor.contains(&format!("[b.txt](/binary/{})", text.id)));
    assert!(editor.contains("data-insert="));
    assert!(editor.contains(&format!("/binary/logs/{}", context_of(&post))));

    // Without the form's token nothing is stored.
    let forged = Form::new().part("file", file("c.png", png(4, 4, 1), "image/png"));
    let response = app
        .client
        .post(app.url(&format!("{path}/attachments")))
        .multipart(forged)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);

    // A refused file says why, by name, and is listed with its status; the good file
    // sent with it is not kept (an upload is all or nothing); the error page knows who
    // is signed in.
    let bomb = Form::new()
        .text("csrf", csrf.clone())
        .part(
            "file",
            file(
                "c.txt",
                b"kept only with its neighbour".to_vec(),
                "text/plain",
            ),
        )
        .part("file", file("bomb.png", png_bomb(), "image/png"));
    let response = app
        .client
        .post(app.url(&format!("{path}/attachments")))
        .multipart(bomb)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let page = response.text().await.unwrap();
    assert!(page.contains("“bomb.png”"), "{page}");
    assert!(page.contains("100000×100000"), "{page}");
    assert!(
        page.contains("Log out") && !page.contains("Sign up"),
        "{page}"
    );
    let editor = app.get_html(&format!("{path}/edit")).await;
    assert!(editor.contains("data-status=\"ERROR\""));
    let names: Vec<String> = app
        .store
        .binaries()
        .references_in(&app.site, &sibyl::binaries::Context::post(post.id))
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.name)
        .collect();
    assert!(!names.contains(&"c.txt".to_owned()), "{names:?}");
    assert!(names.contains(&"bomb.png".to_owned()), "{names:?}");

    let response = app
        .post_form(
            &format!("{path}/attachments/{}/delete", text.id),
            &[("csrf", &csrf)],
        )
        .await;
    assert_eq!(response.status(), 303);
    let editor = app.get_html(&format!("{path}/edit")).await;
    assert!(!editor.contains(&format!("/binary/{}", text.id)));
    let gone = app.get(&format!("/binary/{}", text.id)).await;
    assert_eq!(gone.status(), 404);

    // The log tells the story, in order.
    let log = app
        .get_html(&format!("/binary/logs/{}", context_of(&post)))
        .await;
    let stored = log.find("stored a.png").expect("upload logged");
    let removed = log.find("removed b.txt").expect("removal logged");
    assert!(stored < removed);
    assert!(log.contains("refused bomb.png"));
    assert!(log.contains("upload refused: “bomb.png”"), "{log}");
    let admin_list = app.get_html("/admin/binaries").await;
    assert!(admin_list.contains(&image.id.to_string()));
    assert!(admin_list.contains("ERROR"));
    assert!(
        admin_list.contains(">Refused <span class=\"error\">"),
        "{admin_list}"
    );
    // In German: the state, the size and the date as German writes them.
    let german = app.html_in(&app.client, "/admin/binaries", "de").await;
    assert!(
        german.contains(">Abgewiesen <span class=\"error\">"),
        "{german}"
    );
    assert!(
        german.contains(" Byte</td>") && !german.contains(" bytes</td>"),
        "{german}"
    );
    assert!(!german.contains(" UTC</td>"), "{german}");

    // One file's own log: its story only.
    assert!(log.contains(&format!("/binary/logs/{}", image.id)));
    let own = app.get_html(&format!("/binary/logs/{}", image.id)).await;
    assert!(own.contains("<h1>a.png</h1>"), "{own}");
    assert!(own.contains("stored a.png"));
    assert!(!own.contains("b.txt"));
    // A removed file's reference is gone, with its page; the post's log keeps its story.
    let removed = app.get(&format!("/binary/logs/{}", text.id)).await;
    assert_eq!(removed.status(), 404);
    let unknown = app.get("/binary/logs/0000000000000000").await;
    assert_eq!(unknown.status(), 404);
}

async fn api_deletes_need_the_token_and_the_right_to_edit(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Files", "Text.").await;
    let post = post_of(&app, &path).await;
    let context = context_of(&post);
    let (_, json) = api_upload(
        &app,
        &context,
        vec![
            file("1.bin", random_bytes(1000, 1), "application/octet-stream"),
            file("2.bin", random_bytes(1000, 2), "application/octet-stream"),
            file("3.bin", random_bytes(1000, 3), "application/octet-stream"),
        ],
    )
    .await;
    let refs: Vec<String> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["reference"].as_str().unwrap().to_owned())
        .collect();
    let delete = |path: String, token: Option<String>| {
        let mut request = app.client.delete(app.url(&path));
        if let Some(token) = token {
            request = request.header("x-csrf-token", token);
        }
        request.send()
    };
    let no_token = delete(format!("/binaries/reference/{}", refs[0]), None)
        .await
        .unwrap();
    assert_eq!(no_token.status(), 403);
    let wrong = delete(
        format!("/binaries/reference/{}", refs[0]),
        Some("0".repeat(64)),
    )
    .await
    .unwrap();
    assert_eq!(wrong.status(), 403);
    assert_eq!(app.get(&format!("/binary/{}", refs[0])).await.status(), 200);

    // Another author may not touch this post's files.
    let (other, other_name) = app.sign_up("a long enough password").await;
    let other_id = app
        .store
        .user_by_login(&sibyl::domain::user::Login::parse(&other_name).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id;
    app.submit(
        "/",
        &format!("/admin/users/{}/role", other_id.0),
        &[("role", "author")],
    )
    .await;
    let theirs = other
        .client
        .delete(other.url(&format!("/binaries/reference/{}", refs[0])))
        .header("x-csrf-token", token(&other).await)
        .send()
        .await
        .unwrap();
    assert_eq!(theirs.status(), 403);
    let (status, json) = api_upload(&other, &context, vec![file("x.bin", vec![1], "a/b")]).await;
    assert_eq!(status, 403, "{json}");
    assert!(json["error"].as_str().unwrap().contains("author"));

    let ok = delete(
        format!("/binaries/reference/{}", refs[0]),
        Some(token(&app).await),
    )
    .await
    .unwrap();
    assert_eq!(ok.status(), 204);
    assert_eq!(app.get(&format!("/binary/{}", refs[0])).await.status(), 404);
    let again = delete(
        format!("/binaries/reference/{}", refs[0]),
        Some(token(&app).await),
    )
    .await
    .unwrap();
    assert_eq!(again.status(), 404);

    let bad = delete(
        "/binaries/context/post:nonsense".into(),
        Some(token(&app).await),
    )
    .await
    .unwrap();
    assert_eq!(bad.status(), 400);
    let all = delete(
        format!("/binaries/context/{context}"),
        Some(token(&app).await),
    )
    .await
    .unwrap();
    assert_eq!(all.status(), 200);
    let body: Value = all.json().await.unwrap();
    assert_eq!(body["removed"], 2);
    for r in &refs[1..] {
        assert_eq!(app.get(&format!("/binary/{r}")).await.status(), 404);
    }
}

async fn uploads_refuse_bad_requests_clearly(t: TestStore) {
    let app = spawn_app_with(t, |config| {
        config.binary_limits.max_file = 100_000;
    })
    .await;
    app.set_up().await;
    let path = app.publish("Limits", "Text.").await;
    let post = post_of(&app, &path).await;
    let context = context_of(&post);
    let (status, json) = api_upload(
        &app,
        &context,
        vec![file(
            "big.bin",
            random_bytes(100_001, 4),
            "application/octet-stream",
        )],
    )
    .await;
    assert_eq!(status, 413, "{json}");
    assert_eq!(
        json["error"],
        "“big.bin”: Files can be at most 97.7 KiB. Nothing of this upload was stored."
    );
    // A request is all or nothing: a small file before a file that is too large is not
    // kept, the error names the file, and the post's processing log says so.
    let (status, json) = api_upload(
        &app,
        &context,
        vec![
            file("small.txt", b"small and fine".to_vec(), "text/plain"),
            file(
                "huge.bin",
                random_bytes(100_001, 5),
                "application/octet-stream",
            ),
        ],
    )
    .await;
    assert_eq!(status, 413, "{json}");
    assert!(
        json["error"].as_str().unwrap().starts_with("“huge.bin”: "),
        "{json}"
    );
    let context_id = sibyl::binaries::Context::post(post.id);
    let kept = app
        .store
        .binaries()
        .references_in(&app.site, &context_id)
        .await
        .unwrap();
    assert!(kept.is_empty(), "{kept:?}");
    let log = app
        .store
        .binaries()
        .log_of_context(&app.site, &context_id)
        .await
        .unwrap();
    let refused = log
        .iter()
        .filter(|l| l.message.contains("upload refused: “huge.bin”"))
        .count();
    assert_eq!(
        refused, 2,
        "the small file's removal and the refused file: {log:?}"
    );
    let (status, json) = api_upload(
        &app,
        "post:42",
        vec![file("a.txt", b"a".to_vec(), "text/plain")],
    )
    .await;
    assert_eq!(status, 400);
    assert!(json["error"].as_str().unwrap().contains("is not a context"));
    let nobody = format!("post:{}", uuid::Uuid::new_v4().simple());
    let (status, _) = api_upload(
        &app,
        &nobody,
        vec![file("a.txt", b"a".to_vec(), "text/plain")],
    )
    .await;
    assert_eq!(status, 404);
    let (status, json) = api_upload(&app, &context, vec![]).await;
    assert_eq!(status, 400);
    assert_eq!(json["error"], "The upload held no file.");
    let many: Vec<Part> = (0..21)
        .map(|i| file(&format!("n{i}.bin"), random_bytes(100, 100 + i), "a/b"))
        .collect();
    let (status, json) = api_upload(&app, &context, many).await;
    assert_eq!(status, 400);
    assert_eq!(
        json["error"],
        "At most 20 files can be uploaded at once; nothing was stored."
    );
    let (status, json) = api_upload(
        &app,
        &context,
        vec![file("fake.png", jpeg(10, 10), "image/png")],
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(json[0]["status"], "ERROR");
    assert!(
        json[0]["error"]
            .as_str()
            .unwrap()
            .contains("content is image/jpeg")
    );
    // The editor offers nothing to insert for a file in ERROR.
    let refused = json[0]["reference"].as_str().unwrap().to_owned();
    let editor = app.get_html(&format!("{path}/edit")).await;
    let item = editor
        .split(&format!("id=\"attachment-{refused}\""))
        .nth(1)
        .and_then(|rest| rest.split("</li>").next())
        .unwrap_or_else(|| panic!("the ERROR file is listed: {editor}"));
    assert!(item.contains("ERROR"), "{item}");
    assert!(!item.contains("Insert into the text"), "{item}");
    // Nothing of the refused uploads is listed but the ERROR record.
    let listed = app
        .store
        .binaries()
        .references_in(&app.site, &sibyl::binaries::Context::post(post.id))
        .await
        .unwrap();
    assert_eq!(listed.len(), 1);
}

async fn a_published_post_shows_its_images_scaled_to_fit(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Trip", "Draft text.").await;
    let post = post_of(&app, &path).await;
    let (_, json) = api_upload(
        &app,
        &context_of(&post),
        vec![
            file("view.jpg", jpeg(1600, 1000), "image/jpeg"),
            file("notes.pdf", b"%PDF-1.4 x".to_vec(), "application/pdf"),
        ],
    )
    .await;
    let image = json[0]["reference"].as_str().unwrap().to_owned();
    let body = format!(
        "Look:\n\n{}\n\nAnd {}",
        json[0]["markdown"].as_str().unwrap(),
        json[1]["markdown"].as_str().unwrap()
    );
    let editor = app.get_html(&format!("{path}/edit")).await;
    let response = app
        .post_form(
            &format!("{path}/edit"),
            &[
                ("csrf", &csrf_in(&editor)),
                ("base", "1"),
                ("title", "Trip"),
                ("body", &body),
                ("tags", "notes"),
                ("message", "pictures"),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(response.status(), 303, "{}", response.text().await.unwrap());
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(
        page.contains(&format!("<a href=\"/binary/{image}\"")),
        "{page}"
    );
    assert!(page.contains("width=\"800\" height=\"500\""), "{page}");
    let srcset_start = page.find("srcset=\"").unwrap() + 8;
    let srcset = &page[srcset_start..srcset_start + page[srcset_start..].find('"').unwrap()];
    let candidates: Vec<&str> = srcset.split(", ").collect();
    assert_eq!(candidates.len(), 4, "{srcset}");
    for (candidate, want) in candidates.iter().zip([116, 140, 440, 800]) {
        let (url, width) = candidate.split_once(' ').unwrap();
        assert_eq!(width, format!("{want}w"));
        let response = app.anonymous_get(url).await;
        assert_eq!(response.status(), 200, "{url}");
        let bytes = response.bytes().await.unwrap();
        let img = image::load_from_memory(&bytes).unwrap();
        assert_eq!(img.width(), want, "{url}");
    }
    let pdf = json[1]["reference"].as_str().unwrap();
    assert!(
        page.contains(&format!("<a href=\"/binary/{pdf}\"")),
        "{page}"
    );
    crate::http::xss::assert_inert(
        &page[page.find("<article").unwrap()..page.find("</article>").unwrap()],
        "post with images",
    );
}

/// The admins' list of files, newest first, 50 to a page, with a link to the older ones.
async fn the_admins_list_of_files_is_paged_newest_first(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Many files", "Text.").await;
    let context = context_of(&post_of(&app, &path).await);
    let mut names = Vec::new();
    for batch in 0..3 {
        let count = if batch < 2 { 20 } else { 11 };
        let files: Vec<Part> = (0..count)
            .map(|i| {
                let name = format!("file-{batch}-{i:02}.txt");
                names.push(name.clone());
                file(&name, name.clone().into_bytes(), "text/plain")
            })
            .collect();
        let (status, json) = api_upload(&app, &context, files).await;
        assert_eq!(status, 201, "{json}");
    }
    let first = app.get_html("/admin/binaries").await;
    let shown = |page: &str| names.iter().filter(|n| page.contains(n.as_str())).count();
    assert_eq!(shown(&first), 50);
    // Newest first: the last batch comes before the first.
    let (newest, oldest) = (
        first.find("file-2-").expect("the newest batch"),
        first.find("file-0-").expect("the oldest batch"),
    );
    assert!(newest < oldest);
    let older = first
        .split("id=\"older-files\"")
        .next()
        .and_then(|head| head.rsplit("href=\"").next())
        .and_then(|tail| tail.split('"').next())
        .expect("a link to the older files")
        .replace("&amp;", "&");
    let second = app.get_html(&older).await;
    assert_eq!(shown(&second), 1);
    // Exactly newest first, even for files uploaded within the same millisecond.
    let both = format!("{first}{second}");
    let mut at: Vec<(usize, &String)> = names
        .iter()
        .map(|n| (both.find(n.as_str()).unwrap(), n))
        .collect();
    at.sort();
    let listed: Vec<&String> = at.into_iter().map(|(_, n)| n).collect();
    let newest_first: Vec<&String> = names.iter().rev().collect();
    assert_eq!(listed, newest_first);
    assert!(second.contains("Newest files"));
    assert!(!second.contains("older-files"));
    assert_eq!(shown(&first) + shown(&second), names.len());
    let bad = app.get("/admin/binaries?after=yesterday").await;
    assert_eq!(bad.status(), 400);
}

both_stores!(
    a_published_post_shows_its_images_scaled_to_fit,
    an_author_uploads_files_and_readers_get_them_back,
    the_editor_lists_uploads_inserts_them_and_removes_them,
    api_deletes_need_the_token_and_the_right_to_edit,
    uploads_refuse_bad_requests_clearly,
    the_admins_list_of_files_is_paged_newest_first,
);

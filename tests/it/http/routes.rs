//! Every route with every role: the status each gets, and where a redirect leads.
//! A table, walked route by route (sign-out last, since it ends the sessions).

use crate::helpers::{TestApp, TestStore, csrf_in, location, spawn_app_with};
use sibyl::domain::user::Login;

#[derive(Clone, Copy, Debug)]
enum Who {
    Anonymous,
    Reader,
    Author,
    Admin,
    Banned,
}

const EVERYONE: [Who; 5] = [
    Who::Anonymous,
    Who::Reader,
    Who::Author,
    Who::Admin,
    Who::Banned,
];

/// What a role gets: a status, and for redirects the start of the location.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Expect(u16, &'static str);

const OK: Expect = Expect(200, "");

/// The archive's page of the current month, in which the table's posts are published.
fn this_month() -> String {
    use chrono::Datelike;
    let now = sibyl::domain::now();
    format!("/archive/{}/{:02}", now.year(), now.month())
}

/// The sitemap of the current month.
fn this_months_sitemap() -> String {
    use chrono::Datelike;
    let now = sibyl::domain::now();
    format!("/sitemaps/{}-{:02}.xml", now.year(), now.month())
}

const LOGIN: Expect = Expect(303, "/login");
const FORBIDDEN: Expect = Expect(403, "");

pub(super) struct Route {
    /// GET, POST (a form), UPLOAD (a multipart form with a file) or DELETE (with the
    /// CSRF token in its header).
    pub(super) method: &'static str,
    pub(super) path: String,
    pub(super) form: Vec<(&'static str, String)>,
    /// Anonymous, reader, author, admin, banned.
    expect: [Expect; 5],
}

/// How long the test's instance trusts what it read of the registry of sites.
pub(super) const RECHECK: std::time::Duration = std::time::Duration::from_millis(200);

fn get(path: impl Into<String>, expect: [Expect; 5]) -> Route {
    Route {
        method: "GET",
        path: path.into(),
        form: vec![],
        expect,
    }
}

fn upload(path: impl Into<String>, form: &[(&'static str, &str)], expect: [Expect; 5]) -> Route {
    Route {
        method: "UPLOAD",
        ..post(path, form, expect)
    }
}

/// A JSON PUT (its form fields become the JSON object), the CSRF token in its header.
fn put(path: impl Into<String>, form: &[(&'static str, &str)], expect: [Expect; 5]) -> Route {
    Route {
        method: "PUT",
        ..post(path, form, expect)
    }
}

fn delete(path: impl Into<String>, expect: [Expect; 5]) -> Route {
    Route {
        method: "DELETE",
        ..get(path, expect)
    }
}

fn post(path: impl Into<String>, form: &[(&'static str, &str)], expect: [Expect; 5]) -> Route {
    let form = form.iter().map(|(k, v)| (*k, (*v).to_owned())).collect();
    Route {
        method: "POST",
        path: path.into(),
        form,
        expect,
    }
}

async fn id_of(app: &TestApp, name: &str) -> String {
    app.store
        .user_by_login(&Login::parse(name).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id
        .0
        .to_string()
}

mod every_route_answers_every_role_as_declared {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        super::every_route_answers_every_role_as_declared(crate::helpers::TestStore::sqlite().await)
            .await
    }

    /// In a keyspace of its own: the admin's list of accounts is global, and HEAD must
    /// see the same list as GET while other tests sign up.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn cassandra() {
        super::every_route_answers_every_role_as_declared(
            crate::helpers::TestStore::cassandra_alone("sibyl_routes_test").await,
        )
        .await
    }
}

async fn every_route_answers_every_role_as_declared(t: TestStore) {
    let app = spawn_app_with(t, |config| config.sites_recheck = RECHECK).await;
    let admin = app.set_up().await;
    let password = "role test password";
    let (reader, reader_name) = app.sign_up(password).await;
    let (author, author_name) = app.sign_up(password).await;
    let (banned, banned_name) = app.sign_up(password).await;
    let (_, spare_name) = app.sign_up(password).await;
    let author_id = id_of(&app, &author_name).await;
    let spare_id = id_of(&app, &spare_name).await;
    let (_, leaver_name) = app.sign_up(password).await;
    let leaver_id = id_of(&app, &leaver_name).await;
    let own_id = id_of(&app, &admin.username).await;
    app.submit(
        "/",
        &format!("/admin/users/{author_id}/role"),
        &[("role", "author")],
    )
    .await;
    app.submit(
        "/",
        &format!("/admin/users/{}/ban", id_of(&app, &banned_name).await),
        &[],
    )
    .await;
    let published = app.publish("Matrix post", "Body.").await;
    let doomed = app.publish("Matrix doomed", "Body.").await;
    let page = app.get_html(&published).await;
    let start = page
        .find("/authors/id/")
        .expect("the post links its author");
    let author_page = page[start..start + page[start..].find('"').unwrap()].to_owned();
    let slug = sibyl::domain::Slug::parse(published.trim_start_matches("/posts/")).unwrap();
    let short_id = app
        .store
        .post_by_slug(&app.site, &slug)
        .await
        .unwrap()
        .unwrap()
        .short_id;
    let draft = location(&app.write("Matrix draft", "Body.", "", "draft").await);
    let about = location(
        &app.submit(
            "/write?kind=page",
            "/write",
            &[
                ("title", "Matrix about"),
                ("body", "About the matrix."),
                ("kind", "page"),
                ("action", "publish"),
            ],
        )
        .await,
    );
    assert!(about.starts_with("/pages/matrix-about"), "{about}");
    let spare = sibyl::domain::UserId(uuid::Uuid::parse_str(&spare_id).unwrap());
    let post_id = app
        .store
        .post_by_slug(&app.site, &slug)
        .await
        .unwrap()
        .unwrap()
        .id;
    for id in ["matrix/1", "matrix/2"] {
        let suggestion = sibyl::domain::Suggestion {
            id: id.to_owned(),
            post_id,
            base: 1,
            title: sibyl::domain::Title::parse("Matrix post").unwrap(),
            body: sibyl::domain::post::Body::parse("Suggested.").unwrap(),
            tags: sibyl::domain::Tags::parse("notes").unwrap(),
            note: String::new(),
            suggester_id: spare,
            suggester_name: "Someone".into(),
            created: sibyl::domain::now(),
            state: sibyl::domain::SuggestionState::Open,
        };
        app.store
            .create_suggestion(&app.site, &suggestion)
            .await
            .unwrap();
    }
    let reader_id =
        sibyl::domain::UserId(uuid::Uuid::parse_str(&id_of(&app, &reader_name).await).unwrap());
    let mut comments = Vec::new();
    for text in ["To be edited", "To be deleted"] {
        let comment = sibyl::domain::NewComment::new(
            sibyl::domain::CommentedPost {
                id: post_id,
                slug: slug.as_str().to_owned(),
                title: "Matrix post".into(),
            },
            None,
            sibyl::domain::Commenter::Member {
                id: reader_id,
                name: "Reader".into(),
            },
            sibyl::domain::CommentBody::parse(text).unwrap(),
            sibyl::domain::CommentState::Approved,
            sibyl::domain::now(),
        );
        app.store.add_comment(&app.site, &comment).await.unwrap();
        comments.push(comment.id);
    }
    let (edited, deleted) = (comments[0], comments[1]);
    let context = sibyl::binaries::Context::post(post_id).to_string();
    let files = sibyl::binaries::Binaries::new(app.store.binaries(), Default::default());
    let admin_id =
        sibyl::domain::UserId(uuid::Uuid::parse_str(&id_of(&app, &admin.username).await).unwrap());
    let mut refs = Vec::new();
    for i in 0..3 {
        let up = sibyl::binaries::service::Upload {
            site: app.site.clone(),
            context: sibyl::binaries::Context::parse(&context).unwrap(),
            owner: admin_id,
            name: format!("f{i}.txt"),
        };
        let data = bytes::Bytes::from(format!("file {i} {}", uuid::Uuid::new_v4()));
        let body = futures_util::stream::iter([Ok::<_, std::io::Error>(data)]);
        refs.push(
            files
                .ingest(up, body)
                .await
                .unwrap()
                .reference
                .id
                .to_string(),
        );
    }
    let picture = {
        let up = sibyl::binaries::service::Upload {
            site: app.site.clone(),
            context: sibyl::binaries::Context::parse(&context).unwrap(),
            owner: admin_id,
            name: "picture.png".into(),
        };
        let mut data = std::io::Cursor::new(Vec::new());
        image::RgbImage::from_fn(30, 20, |x, y| image::Rgb([x as u8, y as u8, 7]))
            .write_to(&mut data, image::ImageFormat::Png)
            .unwrap();
        let body = futures_util::stream::iter([Ok::<_, std::io::Error>(bytes::Bytes::from(
            data.into_inner(),
        ))]);
        files
            .ingest(up, body)
            .await
            .unwrap()
            .reference
            .id
            .to_string()
    };
    let draft_post = app
        .store
        .post_by_slug(
            &app.site,
            &sibyl::domain::Slug::parse(draft.trim_start_matches("/posts/")).unwrap(),
        )
        .await
        .unwrap()
        .unwrap();
    let draft_context = sibyl::binaries::Context::post(draft_post.id).to_string();
    let anonymous = app.another_browser();
    let browsers = [&anonymous, &reader, &author, &app, &banned];

    let signup_form: &[(&str, &str)] = &[
        ("username", "x"),
        ("email", "bad"),
        ("password", "p"),
        ("password_confirm", "p"),
    ];
    let routes = vec![
        get("/", [OK; 5]),
        get("/static/sibyl.css", [OK; 5]),
        get("/static/autosave.js", [OK; 5]),
        get("/login", [OK; 5]),
        get(
            "/signup",
            [
                OK,
                Expect(303, "/account"),
                Expect(303, "/account"),
                Expect(303, "/account"),
                OK,
            ],
        ),
        get(
            "/setup",
            [
                Expect(303, "/login"),
                Expect(303, "/"),
                Expect(303, "/"),
                Expect(303, "/"),
                Expect(303, "/login"),
            ],
        ),
        get("/write", [LOGIN, FORBIDDEN, OK, OK, LOGIN]),
        get("/write?kind=page", [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN]),
        post(
            "/write",
            &[
                ("title", "Matrix page"),
                ("body", "Body."),
                ("kind", "page"),
                ("action", "draft"),
            ],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/pages/matrix-page"),
                LOGIN,
            ],
        ),
        get("/admin/pages", [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN]),
        get("/desk", [LOGIN, FORBIDDEN, OK, OK, LOGIN]),
        get("/desk/download", [LOGIN, FORBIDDEN, OK, OK, LOGIN]),
        get("/desk/fediverse", [LOGIN, FORBIDDEN, OK, OK, LOGIN]),
        // The site's actor is its administrators' to manage.
        get(
            "/desk/fediverse?actor=site",
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        post(
            "/desk/fediverse/approval",
            &[],
            [
                LOGIN,
                FORBIDDEN,
                Expect(303, "/desk/fediverse?done=saved"),
                Expect(303, "/desk/fediverse?done=saved"),
                LOGIN,
            ],
        ),
        // Nothing is waiting: nothing to decide.
        post(
            "/desk/fediverse/decide",
            &[
                ("follower", "https://nowhere.example/u"),
                ("decision", "approve"),
            ],
            [LOGIN, FORBIDDEN, Expect(404, ""), Expect(404, ""), LOGIN],
        ),
        get("/desk?tab=published", [LOGIN, FORBIDDEN, OK, OK, LOGIN]),
        get("/desk?tab=scheduled", [LOGIN, FORBIDDEN, OK, OK, LOGIN]),
        get("/static/schedule.js", [OK; 5]),
        get("/password/forgot", [OK; 5]),
        get(
            format!("/password/reset/{}", "0".repeat(64)),
            [Expect(410, ""); 5],
        ),
        get(
            format!("/account/email/confirm/{}", "0".repeat(64)),
            [Expect(410, ""); 5],
        ),
        get("/healthz", [OK; 5]),
        get("/readyz", [OK; 5]),
        // Read by the networks --metrics-allow names only, whoever is signed in.
        get("/metrics", [Expect(404, ""); 5]),
        get("/subscribe", [OK; 5]),
        get(format!("/subscribe?author={}", admin.username), [OK; 5]),
        get(
            format!("/subscribe/confirm/{}", "0".repeat(64)),
            [Expect(410, ""); 5],
        ),
        get(
            format!("/unsubscribe/{}", "0".repeat(64)),
            [Expect(410, ""); 5],
        ),
        post(
            "/subscribe",
            &[("email", "someone@example.com")],
            [Expect(409, ""); 5],
        ),
        post(
            format!("/unsubscribe/{}", "0".repeat(64)),
            &[],
            [Expect(410, ""); 5],
        ),
        get(
            format!("{draft}/schedule"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        get(
            format!("{published}/schedule"),
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(409, ""), LOGIN],
        ),
        get(
            format!("{published}/delete"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        get(about.clone(), [OK; 5]),
        get(
            about.replace("/pages/", "/posts/"),
            [Expect(301, "/pages/matrix-about"); 5],
        ),
        get(published.clone(), [OK; 5]),
        get(
            draft.clone(),
            [
                Expect(404, ""),
                Expect(404, ""),
                Expect(404, ""),
                OK,
                Expect(404, ""),
            ],
        ),
        get(format!("/authors/{}", admin.username), [OK; 5]),
        get(
            format!("{published}/edit"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        get(
            format!("{published}/history"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        get(
            format!("{published}/revisions/1"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        get(
            format!("{published}/diff?from=1&to=1"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        get("/account", [LOGIN, OK, OK, OK, LOGIN]),
        get(format!("{published}/suggest"), [LOGIN, OK, OK, OK, LOGIN]),
        get(
            format!("{published}/suggestions"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        get("/admin/users", [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN]),
        // The network's pages: a site's administrator is not the network's.
        get("/network", [LOGIN, FORBIDDEN, FORBIDDEN, FORBIDDEN, LOGIN]),
        post(
            "/network/sites",
            &[("url", "https://matrix.example"), ("admin", "nobody")],
            [LOGIN, FORBIDDEN, FORBIDDEN, FORBIDDEN, LOGIN],
        ),
        post(
            "/network/sites/status",
            &[("url", "https://matrix.example"), ("status", "suspended")],
            [LOGIN, FORBIDDEN, FORBIDDEN, FORBIDDEN, LOGIN],
        ),
        get("/no/such/page", [Expect(404, ""); 5]),
        get(
            format!("/p/{short_id}"),
            [Expect(301, "/posts/matrix-post"); 5],
        ),
        post(
            "/setup",
            &[
                ("username", "x"),
                ("email", "x@x.x"),
                ("password", "p"),
                ("password_confirm", "p"),
            ],
            [FORBIDDEN; 5],
        ),
        post(
            "/login",
            &[("login", "nobody_at_all"), ("password", "wrong password")],
            [Expect(401, ""); 5],
        ),
        post("/signup", signup_form, [Expect(422, ""); 5]),
        post(
            "/write",
            &[
                ("title", "Matrix write"),
                ("body", "b"),
                ("action", "draft"),
            ],
            [
                LOGIN,
                FORBIDDEN,
                Expect(303, "/posts/"),
                Expect(303, "/posts/"),
                LOGIN,
            ],
        ),
        post(
            format!("{draft}/schedule"),
            &[("at", "2000-01-01T00:00"), ("zone", "UTC")],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(422, ""), LOGIN],
        ),
        post(
            "/password/forgot",
            &[("email", "someone@example.com")],
            [Expect(409, ""); 5],
        ),
        post(
            "/admin/site/test-mail",
            &[],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(409, ""), LOGIN],
        ),
        post(
            format!("{doomed}/delete"),
            &[],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(303, "/desk"), LOGIN],
        ),
        get(doomed.clone(), [Expect(410, ""); 5]),
        post(
            format!("{draft}/unschedule"),
            &[],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(303, "/posts/"), LOGIN],
        ),
        post(
            format!("{draft}/publish"),
            &[],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(303, "/posts/"), LOGIN],
        ),
        post(
            format!("{draft}/unpublish"),
            &[],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(303, "/posts/"), LOGIN],
        ),
        post(
            format!("{published}/suggest"),
            &[("base", "1"), ("title", ""), ("body", "b")],
            [
                LOGIN,
                Expect(422, ""),
                Expect(422, ""),
                Expect(422, ""),
                LOGIN,
            ],
        ),
        post(
            format!("{published}/draft/discard"),
            &[],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/posts/matrix-post/edit"),
                LOGIN,
            ],
        ),
        post(
            "/account/profile",
            &[("display_name", "Someone")],
            [
                LOGIN,
                Expect(303, "/account?saved"),
                Expect(303, "/account?saved"),
                Expect(303, "/account?saved"),
                LOGIN,
            ],
        ),
        post(
            "/account/language",
            &[("language", "")],
            [
                LOGIN,
                Expect(303, "/account?saved=language"),
                Expect(303, "/account?saved=language"),
                Expect(303, "/account?saved=language"),
                LOGIN,
            ],
        ),
        post(
            "/account/username",
            &[("username", "x"), ("current_password", "p")],
            [
                LOGIN,
                Expect(422, ""),
                Expect(422, ""),
                Expect(422, ""),
                LOGIN,
            ],
        ),
        post(
            "/account/email",
            &[("email", "bad"), ("current_password", "p")],
            [
                LOGIN,
                Expect(422, ""),
                Expect(422, ""),
                Expect(422, ""),
                LOGIN,
            ],
        ),
        post(
            format!("/account/email/confirm/{}", "0".repeat(64)),
            &[],
            [Expect(410, ""); 5],
        ),
        post(
            "/account/password",
            &[
                ("current_password", "p"),
                ("new_password", "short"),
                ("new_password_confirm", "short"),
            ],
            [
                LOGIN,
                Expect(422, ""),
                Expect(422, ""),
                Expect(422, ""),
                LOGIN,
            ],
        ),
        post(
            format!("/admin/users/{spare_id}/role"),
            &[("role", "reader")],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/admin/users"),
                LOGIN,
            ],
        ),
        post(
            format!("/admin/users/{spare_id}/ban"),
            &[],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/admin/users"),
                LOGIN,
            ],
        ),
        post(
            format!("/admin/users/{spare_id}/unban"),
            &[],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/admin/users"),
                LOGIN,
            ],
        ),
        get(
            format!("/admin/users/{leaver_id}/delete"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        post(
            format!("/admin/users/{leaver_id}/delete"),
            &[],
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        get(
            format!("/admin/users/{leaver_id}/delete"),
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(404, ""), LOGIN],
        ),
        post(
            format!("/admin/users/{own_id}/delete"),
            &[],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(400, ""), LOGIN],
        ),
        get("/account/security", [LOGIN, OK, OK, OK, LOGIN]),
        post(
            "/account/sessions/end",
            &[("session", "0123456789abcdef0123456789abcdef")],
            [
                LOGIN,
                Expect(404, ""),
                Expect(404, ""),
                Expect(404, ""),
                LOGIN,
            ],
        ),
        post(
            "/account/tokens",
            &[("label", ""), ("current_password", "p")],
            [
                LOGIN,
                Expect(422, ""),
                Expect(422, ""),
                Expect(422, ""),
                LOGIN,
            ],
        ),
        get("/account/authenticator", [LOGIN, OK, OK, OK, LOGIN]),
        post(
            "/account/authenticator",
            &[
                ("offered", "00"),
                ("code", "000000"),
                ("current_password", "not the password"),
            ],
            [
                LOGIN,
                Expect(401, ""),
                Expect(401, ""),
                Expect(401, ""),
                LOGIN,
            ],
        ),
        post(
            "/account/recovery-codes",
            &[("current_password", "p")],
            [
                LOGIN,
                Expect(409, ""),
                Expect(409, ""),
                Expect(409, ""),
                LOGIN,
            ],
        ),
        post(
            "/account/second-factors/remove",
            &[("current_password", "p")],
            [
                LOGIN,
                Expect(409, ""),
                Expect(409, ""),
                Expect(409, ""),
                LOGIN,
            ],
        ),
        post(
            "/login/second-step",
            &[("ticket", "no such ticket"), ("code", "000000")],
            [Expect(410, ""); 5],
        ),
        // The test's site is served over plain HTTP under a name other than localhost,
        // where browsers offer no passkeys: the ceremonies are refused.
        post("/login/passkey/options", &[], [Expect(400, ""); 5]),
        post(
            "/login/passkey",
            &[("ceremony", "no such ceremony"), ("credential", "{}")],
            [Expect(401, ""); 5],
        ),
        post(
            "/account/passkeys/options",
            &[("name", "Laptop"), ("current_password", "not the password")],
            [
                LOGIN,
                Expect(401, ""),
                Expect(401, ""),
                Expect(401, ""),
                LOGIN,
            ],
        ),
        post(
            "/login/second-step/passkey/options",
            &[("ticket", "no such ticket")],
            [Expect(410, ""); 5],
        ),
        post(
            "/login/second-step/passkey",
            &[
                ("ticket", "no such ticket"),
                ("ceremony", "no such ceremony"),
                ("credential", "{}"),
            ],
            [Expect(410, ""); 5],
        ),
        // Without the authenticator's answer (a browser without the page script).
        post(
            "/account/passkeys",
            &[
                ("ceremony", "no such ceremony"),
                ("credential", ""),
                ("name", "Laptop"),
                ("current_password", "not the password"),
            ],
            [
                LOGIN,
                Expect(422, ""),
                Expect(422, ""),
                Expect(422, ""),
                LOGIN,
            ],
        ),
        post(
            "/account/passkeys/remove",
            &[
                ("passkey", "AAAA"),
                ("current_password", "not the password"),
            ],
            [
                LOGIN,
                Expect(401, ""),
                Expect(401, ""),
                Expect(401, ""),
                LOGIN,
            ],
        ),
        post(
            "/account/sessions/end-others",
            &[],
            [
                LOGIN,
                Expect(303, "/account/security?done=others"),
                Expect(303, "/account/security?done=others"),
                Expect(303, "/account/security?done=others"),
                LOGIN,
            ],
        ),
        get("/account/delete", [LOGIN, OK, OK, OK, LOGIN]),
        post(
            "/account/delete",
            &[("current_password", "not the password")],
            [
                LOGIN,
                Expect(401, ""),
                Expect(401, ""),
                Expect(401, ""),
                LOGIN,
            ],
        ),
        get("/tags/notes", [OK; 5]),
        get("/archive", [OK; 5]),
        get("/tags", [OK; 5]),
        get("/search?q=words", [OK; 5]),
        get("/search", [OK; 5]),
        get("/robots.txt", [OK; 5]),
        get("/static/favicon.svg", [OK; 5]),
        get("/favicon.ico", [Expect(301, "/static/favicon.svg"); 5]),
        // A remote commenter's picture (the silhouette when none is kept).
        get(
            "/fediverse/avatars/0123456789abcdef0123456789abcdef.jpg",
            [OK; 5],
        ),
        get("/sitemap.xml", [OK; 5]),
        get(this_months_sitemap(), [OK; 5]),
        get("/feed.xml", [OK; 5]),
        // The fediverse's documents: public, whoever asks (no signature needed).
        get(
            format!(
                "/.well-known/webfinger?resource=acct:{}@{}",
                admin.username,
                app.site.as_str().split_once("://").unwrap().1
            ),
            [OK; 5],
        ),
        get("/.well-known/webfinger", [Expect(400, ""); 5]),
        get("/.well-known/host-meta", [OK; 5]),
        get("/.well-known/nodeinfo", [OK; 5]),
        get("/nodeinfo/2.1", [OK; 5]),
        get("/ap/site", [OK; 5]),
        get("/ap/site/outbox", [OK; 5]),
        get("/ap/site/outbox?page=true", [OK; 5]),
        get("/ap/site/following", [OK; 5]),
        get("/ap/site/followers", [OK; 5]),
        get(format!("/ap/users/{own_id}"), [OK; 5]),
        get(format!("/ap/users/{author_id}/outbox?page=true"), [OK; 5]),
        get(format!("/ap/users/{author_id}/following"), [OK; 5]),
        get(format!("/ap/users/{author_id}/followers"), [OK; 5]),
        get(
            format!("/ap/users/{spare_id}/followers"),
            [Expect(404, ""); 5],
        ),
        // A reader is not an actor.
        get(format!("/ap/users/{spare_id}"), [Expect(404, ""); 5]),
        get(format!("/ap/posts/{}", post_id.0), [OK; 5]),
        get("/ap/posts/not-an-id", [Expect(404, ""); 5]),
        // Inboxes take what a fediverse actor signed; a session or a form counts for
        // nothing there.
        post("/ap/inbox", &[("type", "Like")], [Expect(401, ""); 5]),
        post(
            format!("/ap/users/{own_id}/inbox"),
            &[],
            [Expect(401, ""); 5],
        ),
        post(
            format!("/ap/users/{spare_id}/inbox"),
            &[],
            [Expect(404, ""); 5],
        ),
        get(author_page.clone(), [Expect(302, "/authors/"); 5]),
        get("/tags/notes/feed.xml", [OK; 5]),
        get(format!("/authors/{}/feed.xml", admin.username), [OK; 5]),
        get(this_month(), [OK; 5]),
        get(
            format!("{published}/suggestions/matrix/1"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        post(
            format!("{published}/suggestions/matrix/1/reject"),
            &[],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/posts/matrix-post/suggestions"),
                LOGIN,
            ],
        ),
        post(
            format!("{published}/suggestions/matrix/2/accept"),
            &[],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/posts/matrix-post"),
                LOGIN,
            ],
        ),
        get("/admin/comments", [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN]),
        get("/admin/site", [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN]),
        get(
            "/admin/federation",
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        // No such failing server: nothing to deliver again.
        post(
            "/admin/federation/retry",
            &[("server", "nowhere.example")],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(404, ""), LOGIN],
        ),
        post(
            "/admin/federation/block",
            &[("target", "matrix.example")],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(
                    303,
                    "/admin/federation?blocked=matrix.example&ended=0&deleted=0",
                ),
                LOGIN,
            ],
        ),
        // Not blocked: nothing to unblock.
        post(
            "/admin/federation/unblock",
            &[("target", "nowhere.example")],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(404, ""), LOGIN],
        ),
        post(
            "/admin/site",
            &[("title", "Matrix"), ("language", "en")],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/admin/site?saved=1"),
                LOGIN,
            ],
        ),
        get(
            "/admin/comments/log",
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        get(
            "/admin/comments/settings",
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        post(
            "/admin/comments",
            &[("action", "approve")],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(400, ""), LOGIN],
        ),
        post(
            "/admin/comments/settings",
            &[("close_after_days", "0")],
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        post(
            "/admin/commenters",
            &[("action", "unban"), ("username", &spare_name)],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/admin/comments"),
                LOGIN,
            ],
        ),
        get(
            format!("{published}/comments/moderate"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        post(
            format!("{published}/comments/moderate"),
            &[("action", "approve")],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(400, ""), LOGIN],
        ),
        // Without the form's signed timestamp: refused for those who may comment.
        post(
            format!("{published}/comments"),
            &[("body", "A comment")],
            [
                LOGIN,
                Expect(400, ""),
                Expect(400, ""),
                Expect(400, ""),
                LOGIN,
            ],
        ),
        get(
            format!("{published}/comments/{edited}/edit"),
            [LOGIN, OK, FORBIDDEN, FORBIDDEN, LOGIN],
        ),
        post(
            format!("{published}/comments/{edited}"),
            &[("body", "Edited by its author")],
            [
                LOGIN,
                Expect(303, "/posts/matrix-post#comment-"),
                FORBIDDEN,
                FORBIDDEN,
                LOGIN,
            ],
        ),
        // Once its author deleted it, the comment is gone for everyone after them.
        post(
            format!("{published}/comments/{deleted}/delete"),
            &[],
            [
                LOGIN,
                Expect(303, "/posts/matrix-post#comments"),
                Expect(404, ""),
                Expect(404, ""),
                LOGIN,
            ],
        ),
        post(
            format!("{published}/comments/close"),
            &[],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/posts/matrix-post#comments"),
                LOGIN,
            ],
        ),
        post(
            format!("{published}/comments/open"),
            &[],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/posts/matrix-post#comments"),
                LOGIN,
            ],
        ),
        get(format!("/binary/{}", refs[0]), [OK; 5]),
        get("/binary/0000000000000000", [Expect(404, ""); 5]),
        get(format!("/binary/{picture}/info.json"), [OK; 5]),
        get(
            format!("/binary/{picture}/full/!140,105/0/default.jpg"),
            [OK; 5],
        ),
        get(
            format!("/binary/{picture}/full/!800,600/default.jpg"),
            [OK; 5],
        ),
        get("/static/attachments.js", [OK; 5]),
        get(
            format!("/binary/logs/{context}"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        get(
            format!("/binary/logs/{picture}"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        get("/admin/binaries", [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN]),
        // The admin's request reaches the fetcher, which refuses a private address.
        put(
            "/binaries",
            &[("url", "http://10.0.0.1/x.png"), ("context", &context)],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(400, ""), LOGIN],
        ),
        upload(
            "/binaries",
            &[("context", &context)],
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(201, ""), LOGIN],
        ),
        upload(
            format!("{published}/attachments"),
            &[],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/posts/matrix-post/edit#attachments"),
                LOGIN,
            ],
        ),
        post(
            format!("{published}/attachments/{}/delete", refs[0]),
            &[],
            [
                LOGIN,
                FORBIDDEN,
                FORBIDDEN,
                Expect(303, "/posts/matrix-post/edit#attachments"),
                LOGIN,
            ],
        ),
        delete(
            format!("/binaries/reference/{}", refs[1]),
            [LOGIN, FORBIDDEN, FORBIDDEN, Expect(204, ""), LOGIN],
        ),
        delete(
            format!("/binaries/context/{draft_context}"),
            [LOGIN, FORBIDDEN, FORBIDDEN, OK, LOGIN],
        ),
        post("/logout", &[], [Expect(303, "/"); 5]),
    ];

    let mut failures = Vec::new();
    for route in &routes {
        for (i, who) in EVERYONE.iter().enumerate() {
            let browser = browsers[i];
            let response = if route.method == "GET" {
                browser.get(&route.path).await
            } else if route.method == "PUT" {
                let csrf = csrf_in(&browser.get_html("/login").await);
                let body: serde_json::Map<String, serde_json::Value> = route
                    .form
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), serde_json::Value::from(v.as_str())))
                    .collect();
                browser
                    .client
                    .put(browser.url(&route.path))
                    .header("x-csrf-token", csrf)
                    .json(&body)
                    .send()
                    .await
                    .unwrap()
            } else if route.method == "DELETE" {
                let csrf = csrf_in(&browser.get_html("/login").await);
                browser
                    .client
                    .delete(browser.url(&route.path))
                    .header("x-csrf-token", csrf)
                    .send()
                    .await
                    .unwrap()
            } else if route.method == "UPLOAD" {
                let csrf = csrf_in(&browser.get_html("/login").await);
                let mut form = reqwest::multipart::Form::new().text("csrf", csrf);
                for (k, v) in &route.form {
                    form = form.text(*k, v.clone());
                }
                let data = format!("upload by {who:?} {}", uuid::Uuid::new_v4()).into_bytes();
                let part = reqwest::multipart::Part::bytes(data).file_name("note.txt");
                browser
                    .client
                    .post(browser.url(&route.path))
                    .multipart(form.part("file", part))
                    .send()
                    .await
                    .unwrap()
            } else {
                let csrf = csrf_in(&browser.get_html("/login").await);
                let mut form: Vec<(&str, &str)> = vec![("csrf", csrf.as_str())];
                form.extend(route.form.iter().map(|(k, v)| (*k, v.as_str())));
                browser.post_form(&route.path, &form).await
            };
            let got = (response.status().as_u16(), location(&response));
            let want = route.expect[i];
            if route.method == "GET" {
                // HEAD answers as GET does, without the body.
                let head = browser
                    .client
                    .head(browser.url(&route.path))
                    .send()
                    .await
                    .unwrap();
                let head_got = (head.status().as_u16(), location(&head));
                let length = |r: &reqwest::Response| r.headers().get("content-length").cloned();
                if head_got != got || length(&head) != length(&response) {
                    failures.push(format!(
                        "HEAD {} as {who:?}: got {head_got:?} {:?}, GET got {got:?} {:?}",
                        route.path,
                        length(&head),
                        length(&response)
                    ));
                }
                if !head.bytes().await.unwrap().is_empty() {
                    failures.push(format!("HEAD {} as {who:?} has a body", route.path));
                }
            }
            if got.0 != want.0 || !got.1.starts_with(want.1) {
                failures.push(format!(
                    "{} {} as {who:?}: got {got:?}, want {want:?}",
                    route.method, route.path
                ));
            }
        }
    }
    // Any other method on a route's path is a 405 that names the route's method.
    for route in routes.iter().filter(|r| r.expect[0].0 != 404) {
        let response = anonymous
            .client
            .request(reqwest::Method::OPTIONS, anonymous.url(&route.path))
            .send()
            .await
            .unwrap();
        let allow = response
            .headers()
            .get("allow")
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default();
        let method = match route.method {
            "UPLOAD" => "POST",
            other => other,
        };
        if response.status() != 405 || !allow.split(", ").any(|m| m == method) {
            failures.push(format!(
                "OPTIONS {}: got {} with Allow {allow:?}, want 405 allowing {method}",
                route.path,
                response.status()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    super::borrowed::another_sites_credentials_open_nothing(&app, &admin, &routes, slug.as_str())
        .await;
}

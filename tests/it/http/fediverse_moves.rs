//! A follower moving to another account, on both stores: fediverse-pasture's one_actor (a
//! server nobody here wrote) follows an author, then sends a `Move` to an account whose
//! document names it in `alsoKnownAs`: that account follows in its place, with its own
//! inbox. A Move to an account that does not name the mover is refused (401) and changes
//! nothing; one of someone else is left alone.

use super::federation::{actor_of, authority, fetch, reachable, webfinger};
use super::fediverse_follows::OneActor;
use crate::both_stores;
use crate::helpers::TestStore;
use serde_json::{Value, json};

both_stores!(a_follower_that_moves_is_followed_by_its_new_account,);

/// A server serving each of `docs` (a path and a document, where `$BASE` stands for its
/// own address) as ActivityPub: its address.
fn serve(docs: Vec<(&'static str, Value)>) -> String {
    use actix_web::{App, HttpResponse, HttpServer, web};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let docs: Vec<(&'static str, String)> = docs
        .into_iter()
        .map(|(path, doc)| (path, doc.to_string().replace("$BASE", &base)))
        .collect();
    let server = HttpServer::new(move || {
        let mut app = App::new();
        for (path, doc) in docs.clone() {
            app = app.route(
                path,
                web::get().to(move || {
                    let doc = doc.clone();
                    async move {
                        HttpResponse::Ok()
                            .content_type("application/activity+json")
                            .body(doc)
                    }
                }),
            );
        }
        app
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    tokio::spawn(server);
    base
}

fn person(path: &str, aliases: &[&str]) -> Value {
    json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": format!("$BASE{path}"),
        "type": "Person",
        "preferredUsername": path.trim_start_matches('/'),
        "inbox": format!("$BASE{path}/inbox"),
        "endpoints": { "sharedInbox": "$BASE/inbox" },
        "alsoKnownAs": aliases,
    })
}

fn move_to(target: &str) -> Value {
    json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": format!("$ME/moves/{}", uuid::Uuid::new_v4()),
        "type": "Move",
        "actor": "$ME",
        "object": "$ME",
        "target": target,
    })
}

async fn a_follower_that_moves_is_followed_by_its_new_account(t: TestStore) {
    let app = reachable(t, true).await;
    let admin = app.set_up().await;
    let (_, found) = webfinger(
        &app,
        &format!("acct:{}@{}", admin.username, authority(&app)),
    )
    .await;
    let author = actor_of(&found);
    let name = author.rsplit('/').next().unwrap().to_owned();
    let peer = OneActor::start().await;
    let me = peer.id();
    let follow_id = format!("{me}/follows/{}", uuid::Uuid::new_v4());
    assert_eq!(
        peer.send("follow", &author, &follow_id),
        "202",
        "{}",
        peer.log()
    );
    let followers = format!("{author}/followers");
    assert_eq!(fetch(&app, &followers).await.1["totalItems"], 1);

    let base = serve(vec![
        ("/new", person("/new", &[me.as_str()])),
        (
            "/stranger",
            person("/stranger", &["https://elsewhere.example/users/x"]),
        ),
    ]);
    let (new, stranger) = (format!("{base}/new"), format!("{base}/stranger"));

    // To an account that does not say it is the mover: refused, nothing changes.
    let refused = peer.post(&author, &move_to(&stranger));
    assert!(refused.starts_with("401"), "{refused}");
    assert!(
        app.store
            .remote_follower(&app.site, &name, &me)
            .await
            .unwrap()
            .is_some()
    );
    assert!(
        app.store
            .remote_follower(&app.site, &name, &stranger)
            .await
            .unwrap()
            .is_none()
    );

    // To its new account: that follows in its place, reached at its server's inbox.
    assert_eq!(peer.post(&author, &move_to(&new)), "202", "{}", peer.log());
    let moved = app
        .store
        .remote_follower(&app.site, &name, &new)
        .await
        .unwrap()
        .expect("the new account follows");
    assert_eq!(moved.inbox, format!("{base}/inbox"));
    assert_eq!(moved.follow, follow_id);
    assert!(
        app.store
            .remote_follower(&app.site, &name, &me)
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(fetch(&app, &followers).await.1["totalItems"], 1);

    // Someone else's move is not the peer's to send: left alone.
    let mut theirs = move_to(&new);
    theirs["object"] = json!("https://elsewhere.example/users/x");
    assert_eq!(peer.post(&author, &theirs), "202");
    assert_eq!(fetch(&app, &followers).await.1["totalItems"], 1);
}

//! The JSON documents Sibyl shows the fediverse, built from plain values: actors,
//! articles and the activities around them, ordered collections and their pages,
//! WebFinger's JRD, host-meta's XRD and NodeInfo 2.1. Every URL given is absolute.

use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{Value, json};

/// ActivityStreams' media type, what `Accept` asks for and what documents are served as.
pub const ACTIVITY_JSON: &str = "application/activity+json";
/// The other media type servers ask ActivityStreams documents by.
pub const LD_JSON: &str = "application/ld+json";
/// Addressed to everyone.
pub const PUBLIC: &str = "https://www.w3.org/ns/activitystreams#Public";

/// The `@context` of every document: ActivityStreams, and the security vocabulary of
/// `publicKey`.
fn context() -> Value {
    json!([
        "https://www.w3.org/ns/activitystreams",
        "https://w3id.org/security/v1"
    ])
}

/// RFC 3339 in UTC with seconds, as servers read dates.
pub fn date(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Whether an `Accept` header asks for an ActivityStreams document rather than a page:
/// `application/activity+json`, or `application/ld+json` (with any profile). A browser's
/// `text/html` never does.
pub fn wants_activity(accept: &str) -> bool {
    accept.split(',').any(|item| {
        let media = item.split(';').next().unwrap_or("").trim();
        media.eq_ignore_ascii_case(ACTIVITY_JSON) || media.eq_ignore_ascii_case(LD_JSON)
    })
}

/// An actor: the site itself or one of its authors.
#[derive(Debug, Clone)]
pub struct Actor {
    pub id: String,
    /// `Application` for a site, `Person` for an author.
    pub kind: &'static str,
    pub preferred_username: String,
    pub name: String,
    /// Safe HTML.
    pub summary: String,
    /// The readable page.
    pub url: String,
    pub inbox: String,
    pub shared_inbox: String,
    pub outbox: String,
    pub following: String,
    pub followers: String,
    pub icon: Option<String>,
    pub public_key_pem: String,
    pub published: Option<DateTime<Utc>>,
    /// Other ids of the same actor (its page, an earlier address).
    pub also_known_as: Vec<String>,
    /// It approves its followers itself.
    pub approves_followers: bool,
}

impl Actor {
    /// The id of its key: the actor's id with `#main-key`.
    pub fn key_id(id: &str) -> String {
        format!("{id}#main-key")
    }

    pub fn document(&self) -> Value {
        let mut doc = json!({
            "@context": context(),
            "id": self.id,
            "type": self.kind,
            "preferredUsername": self.preferred_username,
            "name": self.name,
            "summary": self.summary,
            "url": self.url,
            "inbox": self.inbox,
            "outbox": self.outbox,
            "following": self.following,
            "followers": self.followers,
            "endpoints": { "sharedInbox": self.shared_inbox },
            "manuallyApprovesFollowers": self.approves_followers,
            "discoverable": true,
            "publicKey": {
                "id": Self::key_id(&self.id),
                "owner": self.id,
                "publicKeyPem": self.public_key_pem,
            },
        });
        if let Some(icon) = &self.icon {
            doc["icon"] = json!({ "type": "Image", "url": icon });
        }
        if let Some(published) = self.published {
            doc["published"] = json!(date(published));
        }
        if !self.also_known_as.is_empty() {
            doc["alsoKnownAs"] = json!(self.also_known_as);
        }
        doc
    }

    /// The `Update` of the actor sent to its followers (when its key was rotated): its
    /// document as the object, so that their servers keep the new key.
    pub fn update(&self, id: &str, at: DateTime<Utc>) -> Value {
        let mut object = self.document();
        if let Some(fields) = object.as_object_mut() {
            fields.remove("@context");
        }
        json!({
            "@context": context(),
            "id": id,
            "type": "Update",
            "actor": self.id,
            "published": date(at),
            "to": [PUBLIC],
            "cc": [self.followers],
            "object": object,
        })
    }
}

/// A published post, as an `Article`.
#[derive(Debug, Clone)]
pub struct Article {
    /// Built on the post's id, never its slug.
    pub id: String,
    pub url: String,
    pub attributed_to: String,
    /// Who the site's followers are (the author's and the site's followers collections).
    pub followers: Vec<String>,
    pub name: String,
    /// The same safe HTML as the page, every URL absolute.
    pub content: String,
    /// The post's language (`en`, `pt-BR`), if it is in one.
    pub language: Option<String>,
    /// Plain text: the excerpt, shown by servers that show an Article as a link.
    pub excerpt: String,
    /// `(name, page)` of each tag.
    pub tags: Vec<(String, String)>,
    pub image: Option<String>,
    pub published: DateTime<Utc>,
    /// Set once a revision after its publication changed it.
    pub updated: Option<DateTime<Utc>>,
    /// `(language, safe HTML)` of each published translation.
    pub translations: Vec<(String, String)>,
    pub replies: String,
}

impl Article {
    fn object(&self) -> Value {
        let mut content_map = serde_json::Map::new();
        if let Some(language) = &self.language {
            content_map.insert(language.clone(), json!(self.content));
        }
        for (language, content) in &self.translations {
            content_map.insert(language.clone(), json!(content));
        }
        let mut doc = json!({
            "id": self.id,
            "type": "Article",
            "url": self.url,
            "attributedTo": self.attributed_to,
            "to": [PUBLIC],
            "cc": self.followers,
            "name": self.name,
            "content": self.content,
            "contentMap": content_map,
            "mediaType": "text/html",
            "preview": {
                "type": "Note",
                "content": preview(&self.name, &self.excerpt, &self.url),
            },
            "tag": self.tags.iter().map(|(name, href)| json!({
                "type": "Hashtag",
                "name": format!("#{}", hashtag(name)),
                "href": href,
            })).collect::<Vec<_>>(),
            "published": date(self.published),
            "replies": self.replies,
            "context": self.replies,
        });
        if let Some(updated) = self.updated {
            doc["updated"] = json!(date(updated));
        }
        if let Some(image) = &self.image {
            doc["image"] = json!({ "type": "Image", "url": image });
        }
        doc
    }

    /// The `Article` on its own, as its id answers.
    pub fn document(&self) -> Value {
        let mut doc = self.object();
        doc["@context"] = context();
        doc
    }

    /// The `Create` that brought it: in an outbox, and sent to followers.
    pub fn create(&self) -> Value {
        self.create_as(&format!("{}#create", self.id))
    }

    /// The `Create` sent to followers, with the id it was queued under.
    pub fn create_as(&self, id: &str) -> Value {
        json!({
            "@context": context(),
            "id": id,
            "type": "Create",
            "actor": self.attributed_to,
            "published": date(self.published),
            "to": [PUBLIC],
            "cc": self.followers,
            "object": self.object(),
        })
    }

    /// The `Update` sent when a revision after publication changed it.
    pub fn update_as(&self, id: &str) -> Value {
        json!({
            "@context": context(),
            "id": id,
            "type": "Update",
            "actor": self.attributed_to,
            "published": date(self.updated.unwrap_or(self.published)),
            "to": [PUBLIC],
            "cc": self.followers,
            "object": self.object(),
        })
    }
}

/// An actor's `Announce` (a boost) of an object, to its followers: how the site's actor
/// brings its authors' posts to its own followers.
pub fn announce(id: &str, actor: &str, object: &str, followers: &str, at: DateTime<Utc>) -> Value {
    json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": id,
        "type": "Announce",
        "actor": actor,
        "published": date(at),
        "to": [PUBLIC],
        "cc": [followers],
        "object": object,
    })
}

/// The `Delete` of an object (unpublished or deleted), leaving a `Tombstone`.
pub fn delete(id: &str, actor: &str, object: &str, followers: &[String]) -> Value {
    json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": id,
        "type": "Delete",
        "actor": actor,
        "to": [PUBLIC],
        "cc": followers,
        "object": { "id": object, "type": "Tombstone" },
    })
}

/// A hashtag's name as servers link it: letters, digits and `_` (a tag's spaces and
/// dashes become nothing, as `#NewYork`).
fn hashtag(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The `preview` Note: the title, the excerpt and a link, escaped.
fn preview(name: &str, excerpt: &str, url: &str) -> String {
    format!(
        "<p><strong>{}</strong></p><p>{}</p><p><a href=\"{}\">{}</a></p>",
        escape(name),
        escape(excerpt),
        escape(url),
        escape(url)
    )
}

/// Text made safe to put in HTML, or in an attribute's quotes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// What a deleted post's id answers (with 410).
pub fn tombstone(id: &str) -> Value {
    json!({
        "@context": context(),
        "id": id,
        "type": "Tombstone",
        "formerType": "Article",
    })
}

/// An `OrderedCollection` by its size (when it is known) and the address of its first page (none when it is
/// empty or its items are not shown).
pub fn collection(id: &str, total: Option<u64>, first: Option<&str>) -> Value {
    let mut doc = json!({
        "@context": context(),
        "id": id,
        "type": "OrderedCollection",
    });
    if let Some(total) = total {
        doc["totalItems"] = json!(total);
    }
    if let Some(first) = first {
        doc["first"] = json!(first);
    }
    doc
}

/// An actor's `Accept` of a `Follow` (the follow as received: its id, type, actor and
/// object), with an id of its own under the actor's.
pub fn accept(actor: &str, accept_id: &str, follow: &Value) -> Value {
    answer("Accept", actor, accept_id, follow)
}

/// The `Reject` of a `Follow` its followed actor turned down.
pub fn reject(actor: &str, reject_id: &str, follow: &Value) -> Value {
    answer("Reject", actor, reject_id, follow)
}

fn answer(kind: &str, actor: &str, answer_id: &str, follow: &Value) -> Value {
    let mut object = serde_json::Map::new();
    for field in ["id", "type", "actor", "object"] {
        if let Some(value) = follow.get(field) {
            object.insert(field.to_owned(), value.clone());
        }
    }
    json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": answer_id,
        "type": kind,
        "actor": actor,
        "object": object,
    })
}

/// A page of an ordered collection, newest first, with the next page's address.
pub fn collection_page(id: &str, part_of: &str, items: Vec<Value>, next: Option<&str>) -> Value {
    let mut doc = json!({
        "@context": context(),
        "id": id,
        "type": "OrderedCollectionPage",
        "partOf": part_of,
        "orderedItems": items,
    });
    if let Some(next) = next {
        doc["next"] = json!(next);
    }
    doc
}

/// WebFinger's answer (RFC 7033) for an actor.
pub fn webfinger(subject: &str, actor: &str, page: &str) -> Value {
    json!({
        "subject": subject,
        "aliases": [actor, page],
        "links": [
            { "rel": "self", "type": ACTIVITY_JSON, "href": actor },
            { "rel": "http://webfinger.net/rel/profile-page", "type": "text/html", "href": page },
        ],
    })
}

/// `/.well-known/host-meta` (RFC 6415): where WebFinger answers, for servers that look
/// there first.
pub fn host_meta(base: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <XRD xmlns=\"http://docs.oasis-open.org/ns/xri/xrd-1.0\">\n  \
         <Link rel=\"lrdd\" template=\"{}/.well-known/webfinger?resource={{uri}}\"/>\n\
         </XRD>\n",
        escape(base)
    )
}

/// `/.well-known/nodeinfo`: where the NodeInfo 2.1 document is.
pub fn nodeinfo_links(document: &str) -> Value {
    json!({
        "links": [{
            "rel": "http://nodeinfo.diaspora.software/ns/schema/2.1",
            "href": document,
        }],
    })
}

/// What NodeInfo 2.1 says of this server.
#[derive(Debug, Clone)]
pub struct NodeInfo {
    pub version: String,
    pub open_registrations: bool,
    pub name: String,
    pub description: String,
}

impl NodeInfo {
    pub fn document(&self) -> Value {
        json!({
            "version": "2.1",
            "software": {
                "name": "sibyl",
                "version": self.version,
            },
            "protocols": ["activitypub"],
            "services": { "inbound": [], "outbound": ["atom1.0"] },
            "openRegistrations": self.open_registrations,
            // Counting accounts would read every one of them: the schema lets it be left out.
            "usage": { "users": {} },
            "metadata": { "nodeName": self.name, "nodeDescription": self.description },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_activity_media_types_ask_for_a_document() {
        assert!(wants_activity("application/activity+json"));
        assert!(wants_activity(
            "application/ld+json; profile=\"https://www.w3.org/ns/activitystreams\""
        ));
        assert!(wants_activity("text/html;q=0.5, application/activity+json"));
        assert!(!wants_activity(
            "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
        ));
        assert!(!wants_activity("application/json"));
        assert!(!wants_activity(""));
    }

    #[test]
    fn an_articles_preview_and_tags_are_what_mastodon_shows() {
        let at = DateTime::from_timestamp(1_700_000_000, 0).unwrap();
        let article = Article {
            id: "https://b.example/ap/posts/1".into(),
            url: "https://b.example/posts/a-b".into(),
            attributed_to: "https://b.example/ap/users/2".into(),
            followers: vec!["https://b.example/ap/users/2/followers".into()],
            name: "Fish & <chips>".into(),
            content: "<p>Hi</p>".into(),
            language: Some("en".into()),
            excerpt: "Hi \"there\"".into(),
            tags: vec![("new york".into(), "https://b.example/tags/new-york".into())],
            image: None,
            published: at,
            updated: None,
            translations: vec![("fr".into(), "<p>Salut</p>".into())],
            replies: "https://b.example/ap/posts/1/replies".into(),
        };
        let create = article.create();
        assert_eq!(create["type"], "Create");
        assert_eq!(create["object"]["type"], "Article");
        assert_eq!(create["object"]["published"], "2023-11-14T22:13:20Z");
        assert!(create["object"].get("updated").is_none());
        assert_eq!(
            create["object"]["preview"]["content"],
            "<p><strong>Fish &amp; &lt;chips&gt;</strong></p><p>Hi &quot;there&quot;</p>\
             <p><a href=\"https://b.example/posts/a-b\">https://b.example/posts/a-b</a></p>"
        );
        assert_eq!(create["object"]["tag"][0]["name"], "#newyork");
        assert_eq!(create["object"]["contentMap"]["fr"], "<p>Salut</p>");
        assert_eq!(
            article.document()["@context"][0],
            "https://www.w3.org/ns/activitystreams"
        );
    }
}

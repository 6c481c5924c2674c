//! A comment written on the site as the fediverse sees it: a `Note` by its author's
//! actor, answering the note (or article) it replies to. When it answers someone on
//! another server it mentions them (a `Mention` tag, their link first in its text, and
//! `cc` to them), so that their server shows it to them.

use super::documents::{PUBLIC, date, escape};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

/// Whom a reply answers on another server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mentioned {
    /// Their actor's id.
    pub actor: String,
    /// Their handle, `@name@server`.
    pub handle: String,
}

/// A comment as a `Note`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub id: String,
    /// The actor of the comment's author.
    pub attributed_to: String,
    /// What it answers: a note's id, or the post's article's.
    pub in_reply_to: String,
    /// The post's article (the conversation's context).
    pub context: String,
    /// Its place on the post's page.
    pub url: String,
    /// Its safe HTML, as the page shows it.
    pub content: String,
    pub mentioned: Option<Mentioned>,
    /// The author's followers collection.
    pub followers: String,
    pub published: DateTime<Utc>,
    pub updated: Option<DateTime<Utc>>,
}

impl Reply {
    fn cc(&self) -> Vec<String> {
        let mut cc = vec![self.followers.clone()];
        if let Some(m) = &self.mentioned {
            cc.insert(0, m.actor.clone());
        }
        cc
    }

    /// The `Note` itself.
    pub fn object(&self) -> Value {
        let (content, tag) = match &self.mentioned {
            Some(m) => {
                let name = m
                    .handle
                    .trim_start_matches('@')
                    .split('@')
                    .next()
                    .unwrap_or_default();
                let link = format!(
                    r#"<p><span class="h-card"><a href="{}" class="u-url mention">@<span>{}</span></a></span></p>"#,
                    escape(&m.actor),
                    escape(name)
                );
                (
                    format!("{link}{}", self.content),
                    json!([{ "type": "Mention", "href": m.actor, "name": m.handle }]),
                )
            }
            None => (self.content.clone(), json!([])),
        };
        let mut note = json!({
            "id": self.id,
            "type": "Note",
            "attributedTo": self.attributed_to,
            "inReplyTo": self.in_reply_to,
            "context": self.context,
            "url": self.url,
            "content": content,
            "tag": tag,
            "published": date(self.published),
            "to": [PUBLIC],
            "cc": self.cc(),
        });
        if let Some(updated) = self.updated {
            note["updated"] = json!(date(updated));
        }
        note
    }

    /// The note served at its id, with its context.
    pub fn document(&self) -> Value {
        let mut doc = self.object();
        doc["@context"] = json!("https://www.w3.org/ns/activitystreams");
        doc
    }

    /// The `Create` sent to the one it answers and the author's followers.
    pub fn create_as(&self, id: &str) -> Value {
        self.activity(id, "Create", self.published, self.object())
    }

    /// The `Update` sent when its author edited it.
    pub fn update_as(&self, id: &str) -> Value {
        let at = self.updated.unwrap_or(self.published);
        self.activity(id, "Update", at, self.object())
    }

    /// The `Delete` sent when it was deleted, with a `Tombstone` of it.
    pub fn delete_as(&self, id: &str, at: DateTime<Utc>) -> Value {
        let tombstone = json!({ "id": self.id, "type": "Tombstone", "formerType": "Note" });
        self.activity(id, "Delete", at, tombstone)
    }

    fn activity(&self, id: &str, kind: &str, at: DateTime<Utc>, object: Value) -> Value {
        json!({
            "@context": "https://www.w3.org/ns/activitystreams",
            "id": id,
            "type": kind,
            "actor": self.attributed_to,
            "published": date(at),
            "to": [PUBLIC],
            "cc": self.cc(),
            "object": object,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_to_someone_elsewhere_mentions_them() {
        let reply = Reply {
            id: "https://blog.example/ap/posts/p/comments/c".into(),
            attributed_to: "https://blog.example/ap/users/u".into(),
            in_reply_to: "https://social.example/notes/1".into(),
            context: "https://blog.example/ap/posts/p".into(),
            url: "https://blog.example/posts/hello#comment-c".into(),
            content: "<p>Thank you &amp; welcome.</p>".into(),
            mentioned: Some(Mentioned {
                actor: "https://social.example/users/ada".into(),
                handle: "@ada@social.example".into(),
            }),
            followers: "https://blog.example/ap/users/u/followers".into(),
            published: DateTime::from_timestamp(1_800_000_000, 0).unwrap(),
            updated: None,
        };
        let create = reply.create_as("https://blog.example/ap/posts/p/comments/c#create");
        let note = &create["object"];
        assert_eq!(note["type"], "Note");
        assert_eq!(note["inReplyTo"], "https://social.example/notes/1");
        assert_eq!(note["tag"][0]["type"], "Mention");
        assert_eq!(note["tag"][0]["href"], "https://social.example/users/ada");
        assert_eq!(note["tag"][0]["name"], "@ada@social.example");
        assert_eq!(
            note["cc"],
            json!([
                "https://social.example/users/ada",
                "https://blog.example/ap/users/u/followers"
            ])
        );
        assert_eq!(create["cc"], note["cc"]);
        assert_eq!(note["to"], json!([PUBLIC]));
        let content = note["content"].as_str().unwrap();
        assert!(
            content.starts_with(
                r#"<p><span class="h-card"><a href="https://social.example/users/ada" class="u-url mention">@<span>ada</span></a></span></p>"#
            ),
            "{content}"
        );
        assert!(content.ends_with("<p>Thank you &amp; welcome.</p>"));
        assert_eq!(note["published"], "2027-01-15T08:00:00Z");
    }
}

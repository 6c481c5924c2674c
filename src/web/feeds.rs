//! Atom 1.0 feeds of the site, a tag and an author: the newest 20 published posts with
//! their whole text (safe HTML, every URL absolute), ids that never change, and answers
//! to conditional requests (ETag and Last-Modified, 304).

use super::binaries::serve::none_match;
use super::page_cache::cacheable;
use super::{AppState, WebError};
use crate::domain::markdown::with_absolute_urls;
use crate::domain::{Post, PostStatus, SiteIdentity, Tag};
use crate::store::{ListPage, PageAt};
use crate::urls;
use actix_web::http::header::{self, HttpDate};
use actix_web::{HttpRequest, HttpResponse, web};
use atom_syndication::{Category, Content, Entry, Feed, Generator, Link, Person, Text};
use chrono::{DateTime, Utc};
use std::time::SystemTime;

/// How many posts a feed holds.
pub const FEED_ENTRIES: usize = 20;

/// What a feed is of: its title, the page it follows and its own address (both paths).
struct Source {
    title: String,
    page: String,
    feed: String,
}

/// `/feed.xml`: the site's newest posts.
pub async fn site(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, WebError> {
    let page = state
        .store
        .home_page(&state.site, PageAt::Newest, FEED_ENTRIES)
        .await
        .map_err(page_error)?;
    let source = Source {
        title: state.identity().await.title.clone(),
        page: "/".to_owned(),
        feed: urls::site_feed(),
    };
    respond(&state, &req, source, page).await
}

/// `/tags/{tag}/feed.xml`: a tag's newest posts.
pub async fn tag(
    state: web::Data<AppState>,
    req: HttpRequest,
    tag: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let tag = Tag::parse(&tag).map_err(|_| WebError::NotFound)?;
    let page = state
        .store
        .tag_page(&state.site, &tag, PageAt::Newest, FEED_ENTRIES)
        .await
        .map_err(page_error)?;
    if page.posts.is_empty() {
        return Err(WebError::NotFoundWith(format!(
            "No post is tagged “{}”, so it has no feed.",
            tag.as_str()
        )));
    }
    let source = Source {
        title: {
            // A feed speaks the site's language: its readers send no Accept-Language.
            let identity = state.identity().await;
            let languages = crate::i18n::languages();
            let speech = languages
                .matching(&identity.lang())
                .unwrap_or_else(|| languages.english());
            let tagged = speech.say("tagged", &[("tag", crate::i18n::Arg::Text(tag.as_str()))]);
            format!("{tagged} · {}", identity.title)
        },
        page: urls::tag(tag.as_str()),
        feed: urls::tag_feed(tag.as_str()),
    };
    respond(&state, &req, source, page).await
}

/// `/authors/{username}/feed.xml`: an author's newest posts.
pub async fn author(
    state: web::Data<AppState>,
    req: HttpRequest,
    username: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let (author, page) = super::authors::with_posts(&state, &username, |id| {
        state
            .store
            .posts_by_author(&state.site, id, PageAt::Newest, FEED_ENTRIES)
    })
    .await?;
    let page = page.map_err(page_error)?;
    let name = author.username.as_str();
    let source = Source {
        title: format!("{} · {}", author.display_name, state.identity().await.title),
        page: urls::author(name),
        feed: urls::author_feed(name),
    };
    respond(&state, &req, source, page).await
}

fn page_error(e: crate::store::PageError) -> WebError {
    match e {
        crate::store::PageError::Store(e) => e.into(),
        crate::store::PageError::BadCursor => {
            WebError::Internal("a first page took a cursor".into())
        }
    }
}

/// The feed of a list's first page: each post read whole (at once, one read each), the
/// feed written, and a 304 when the reader already has it.
async fn respond(
    state: &AppState,
    req: &HttpRequest,
    source: Source,
    page: ListPage,
) -> Result<HttpResponse, WebError> {
    let reads = page
        .posts
        .iter()
        .map(|summary| state.store.post_by_id(&state.site, summary.id));
    let posts: Vec<Post> = futures_util::future::try_join_all(reads)
        .await?
        .into_iter()
        .flatten()
        // A post taken back to draft since the list was read stays out.
        .filter(|post| post.status == PostStatus::Published)
        .collect();
    let base = url::Url::parse(state.site.as_str())
        .map_err(|e| WebError::Internal(format!("the site's address: {e}")))?;
    let updated = posts
        .iter()
        .map(|p| p.updated)
        .max()
        .unwrap_or(DateTime::<Utc>::UNIX_EPOCH);
    let xml = write(&base, &*state.identity().await, &source, &posts, updated)?;
    // Weak: compression sends the same feed in other bytes.
    let etag = super::caching::weak_etag(xml.as_bytes());
    let modified = HttpDate::from(SystemTime::from(updated));
    let unchanged = if req.headers().contains_key(header::IF_NONE_MATCH) {
        none_match(req, etag.trim_start_matches("W/"))
    } else {
        req.headers()
            .get(header::IF_MODIFIED_SINCE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<HttpDate>().ok())
            // An HTTP date has whole seconds.
            .and_then(|since| {
                SystemTime::from(since)
                    .duration_since(SystemTime::UNIX_EPOCH)
                    .ok()
            })
            .is_some_and(|since| since.as_secs() as i64 >= updated.timestamp())
    };
    let mut response = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, etag))
        .insert_header((header::LAST_MODIFIED, modified))
        .insert_header((header::CACHE_CONTROL, "public, max-age=300"));
    if unchanged {
        return Ok(response.finish());
    }
    Ok(cacheable(
        response
            .content_type("application/atom+xml; charset=utf-8")
            .body(xml),
    ))
}

/// The feed's XML.
fn write(
    base: &url::Url,
    site: &SiteIdentity,
    source: &Source,
    posts: &[Post],
    updated: DateTime<Utc>,
) -> Result<String, WebError> {
    let absolute = |path: &str| base.join(path).map(String::from).unwrap_or_default();
    let host = base.host_str().unwrap_or("localhost");
    let link = |href: String, rel: &str, kind: Option<&str>| {
        let mut link = Link::default();
        link.set_href(href);
        link.set_rel(rel);
        link.set_mime_type(kind.map(str::to_owned));
        link
    };
    let entries = posts
        .iter()
        .map(|post| {
            let url = absolute(&urls::post(post.slug.as_str()));
            let mut entry = Entry::default();
            // A tag URI (RFC 4151) from the site's host, the day the post was created and
            // its id: none of them ever changes, whatever happens to the title or slug.
            entry.set_id(format!(
                "tag:{host},{}:post/{}",
                post.created.format("%Y-%m-%d"),
                post.id.0
            ));
            entry.set_title(Text::plain(post.title.as_str()));
            entry.set_updated(post.updated.fixed_offset());
            entry.set_published(post.published.map(|p| p.fixed_offset()));
            entry.set_links(vec![link(url, "alternate", Some("text/html"))]);
            let mut author = Person::default();
            author.set_name(post.author_name.as_str());
            entry.set_authors(vec![author]);
            entry.set_categories(
                post.tags
                    .iter()
                    .map(|t| {
                        let mut category = Category::default();
                        category.set_term(t.as_str());
                        category
                    })
                    .collect::<Vec<_>>(),
            );
            entry.set_summary(Some(Text::plain(post.excerpt.as_str())));
            let mut content = Content::default();
            content.set_content_type(Some("html".to_owned()));
            content.set_value(Some(with_absolute_urls(&post.body_html, base)));
            entry.set_content(Some(content));
            entry
        })
        .collect::<Vec<_>>();
    let mut feed = Feed::default();
    feed.set_id(absolute(&source.feed));
    feed.set_title(Text::plain(source.title.as_str()));
    if !site.tagline.is_empty() {
        feed.set_subtitle(Some(Text::plain(site.tagline.as_str())));
    }
    feed.set_lang(Some(site.lang()));
    feed.set_updated(updated.fixed_offset());
    feed.set_links(vec![
        link(absolute(&source.feed), "self", Some("application/atom+xml")),
        link(absolute(&source.page), "alternate", Some("text/html")),
    ]);
    let mut generator = Generator::default();
    generator.set_value("Sibyl");
    feed.set_generator(Some(generator));
    feed.set_entries(entries);
    let bytes = feed
        .write_to(Vec::new())
        .map_err(|e| WebError::Internal(format!("writing a feed: {e}")))?;
    String::from_utf8(bytes).map_err(|e| WebError::Internal(format!("writing a feed: {e}")))
}

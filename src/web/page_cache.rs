//! The page cache: anonymous readers' pages kept as they were sent (compressed, with their
//! headers and entity tag), per site, path and query, and the request headers the answer
//! depends on (`Accept-Encoding`, `Accept`, the language `Accept-Language` picks). A page kept is answered without rendering or
//! reading the store; a browser that sends its tag back gets a 304 the same way.
//!
//! Only pages whose handler says so are kept ([`cacheable`]: lists, posts, tags, authors,
//! archives, feeds, sitemaps, static pages), and only when the answer is a 200 that sets no
//! cookie and is not private (a page that renders a form's token is). A request that
//! carries a session cookie or credentials is never answered from the cache.
//!
//! Freshness: every page is kept under its site's generation
//! ([`crate::app::page_cache`]). A write made through this instance (any request that
//! is not a read, except those that only sign in or out) begins a new generation once it
//! is answered, so its writer's next page is rendered again; other instances learn of it
//! within their recheck interval. Background passes and the shell count their changes the
//! same way. A page is also dropped once [`MAX_AGE`] old, whatever happened.

use super::AppState;
use super::auth::session_cookie;
use super::binaries::serve::none_match;
use actix_web::body::{BoxBody, MessageBody, to_bytes};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, web};
use bytes::Bytes;
use lru::LruCache;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a page is kept at most, whatever happened: what a change no instance counted
/// (a store that could not be written) waits for at worst.
pub const MAX_AGE: Duration = Duration::from_secs(60);

/// The longest path and query kept, and the longest request headers a page is kept by.
const MAX_TARGET: usize = 512;
const MAX_VARIANT: usize = 512;

/// What an instance's page cache is told at start.
#[derive(Debug, Clone, Copy)]
pub struct PageCacheConfig {
    /// The bytes it may hold (pages, headers and keys); 0 turns it off.
    pub bytes: usize,
    /// How often, at most, it reads each site's count of changes while serving it.
    pub recheck: Duration,
}

impl Default for PageCacheConfig {
    fn default() -> Self {
        Self {
            bytes: 16 << 20,
            recheck: Duration::from_secs(1),
        }
    }
}

/// Said by a handler of a page anonymous readers may be served from the cache
/// (in the response's extensions).
#[derive(Debug, Clone, Copy)]
pub struct Cacheable;

/// Marks `response` as a page the cache may keep (if it turns out to be public).
pub fn cacheable(mut response: HttpResponse) -> HttpResponse {
    response.extensions_mut().insert(Cacheable);
    response
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    site: Box<str>,
    target: Box<str>,
    variant: Box<str>,
}

impl Key {
    fn cost(&self) -> usize {
        std::mem::size_of::<Self>() + self.site.len() + self.target.len() + self.variant.len()
    }
}

/// The route pattern a page kept was answered by, for the metrics of its hits (which
/// are answered before any route is matched).
#[derive(Debug, Clone)]
pub struct CachedRoute(pub Arc<str>);

/// A page as it was sent.
struct Page {
    route: Option<Arc<str>>,
    generation: u64,
    at: Instant,
    headers: HeaderMap,
    body: Bytes,
    /// Its entity tag without the weak mark, for `If-None-Match`.
    etag: Option<String>,
    cost: usize,
}

struct Kept {
    pages: LruCache<Key, Arc<Page>>,
    bytes: usize,
}

/// An instance's page cache: at most its budget of bytes, the least recently used page
/// going first.
pub struct PageCache {
    config: PageCacheConfig,
    kept: Mutex<Kept>,
}

impl PageCache {
    pub fn new(config: PageCacheConfig) -> Self {
        Self {
            config,
            kept: Mutex::new(Kept {
                pages: LruCache::unbounded(),
                bytes: 0,
            }),
        }
    }

    pub fn config(&self) -> PageCacheConfig {
        self.config
    }

    fn on(&self) -> bool {
        self.config.bytes > 0
    }

    /// The page kept under `key` if it is of `generation` and young enough.
    fn get(&self, key: &Key, generation: u64) -> Option<Arc<Page>> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let page = kept.pages.get(key)?;
        if page.generation == generation && page.at.elapsed() < MAX_AGE {
            return Some(Arc::clone(page));
        }
        if let Some(old) = kept.pages.pop(key) {
            kept.bytes -= old.cost;
        }
        crate::infra::metrics::metrics().page_cache_bytes(kept.bytes);
        None
    }

    fn put(&self, key: Key, page: Page) {
        if page.cost > self.config.bytes / 8 {
            return;
        }
        let metrics = crate::infra::metrics::metrics();
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.bytes += page.cost;
        if let Some(old) = kept.pages.put(key, Arc::new(page)) {
            kept.bytes -= old.cost;
        }
        let mut evicted = 0;
        while kept.bytes > self.config.bytes {
            let Some((_, old)) = kept.pages.pop_lru() else {
                break;
            };
            kept.bytes -= old.cost;
            evicted += 1;
        }
        metrics.page_cache("stored", 1);
        if evicted > 0 {
            metrics.page_cache("evicted", evicted);
        }
        metrics.page_cache_bytes(kept.bytes);
    }

    /// How many pages, and how many bytes, the cache holds now.
    pub fn held(&self) -> (usize, usize) {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        (kept.pages.len(), kept.bytes)
    }
}

/// The paths of the pages handlers may mark cacheable: no other request waits for the
/// site's count of changes.
fn may_be_kept(path: &str) -> bool {
    const PAGES: [&str; 7] = [
        "/posts/",
        "/pages/",
        "/tags",
        "/authors/",
        "/archive",
        "/feed.xml",
        "/sitemap",
    ];
    path == "/" || PAGES.iter().any(|p| path.starts_with(p))
}

/// A request that may be answered from the cache: a read by someone not signed in, of a
/// page that may be kept, by a target short enough to be kept.
fn key_of(req: &ServiceRequest, state: &AppState) -> Option<Key> {
    if !matches!(*req.method(), Method::GET | Method::HEAD)
        || !may_be_kept(req.path())
        || req.headers().contains_key(header::AUTHORIZATION)
        || req.cookie(session_cookie(true)).is_some()
        || req.cookie(session_cookie(false)).is_some()
    {
        return None;
    }
    let target = req
        .uri()
        .path_and_query()
        .map_or_else(|| req.path(), |pq| pq.as_str());
    let header = |name| {
        req.headers()
            .get(name)
            .map_or(&b""[..], |v: &header::HeaderValue| v.as_bytes())
    };
    let (encoding, accept) = (header(header::ACCEPT_ENCODING), header(header::ACCEPT));
    if target.len() > MAX_TARGET || encoding.len() + accept.len() > MAX_VARIANT {
        return None;
    }
    // Pages differ by the language the reader's browser asks for: by the one chosen
    // among those spoken (a handful), not by the header's every spelling.
    let language = crate::i18n::languages()
        .from_header(header(header::ACCEPT_LANGUAGE))
        .map_or("", |speech| speech.tag());
    let mut variant = String::with_capacity(encoding.len() + accept.len() + language.len() + 2);
    variant.push_str(std::str::from_utf8(encoding).ok()?);
    variant.push('\n');
    variant.push_str(std::str::from_utf8(accept).ok()?);
    variant.push('\n');
    variant.push_str(language);
    Some(Key {
        site: state.site.as_str().into(),
        target: target.into(),
        variant: variant.into(),
    })
}

/// Writes that change nothing a page shows: signing in and out (on the pages and through
/// the API), and an account's own sessions, factors and tokens; and the fediverse's
/// inboxes, whose handler counts what changed something (most of what arrives does not).
fn changes_no_page(path: &str) -> bool {
    const ONLY_ACCOUNTS: [&str; 11] = [
        "/ap/",
        "/api/users",
        "/login",
        "/logout",
        "/password/",
        "/account/security",
        "/account/sessions/",
        "/account/tokens",
        "/account/authenticator",
        "/account/recovery",
        "/account/passkeys",
    ];
    ONLY_ACCOUNTS.iter().any(|p| path.starts_with(p))
}

/// The answer a kept page gives: the page as it was sent, or a 304 when the browser has it.
fn answer(req: ServiceRequest, page: &Page) -> ServiceResponse<BoxBody> {
    let unchanged = if req.headers().contains_key(header::IF_NONE_MATCH) {
        page.etag
            .as_deref()
            .is_some_and(|etag| none_match(req.request(), etag))
    } else {
        not_modified_since(&req, &page.headers)
    };
    let mut response = HttpResponse::new(if unchanged {
        StatusCode::NOT_MODIFIED
    } else {
        StatusCode::OK
    });
    let headers = response.headers_mut();
    for (name, value) in &page.headers {
        headers.append(name.clone(), value.clone());
    }
    let response = if unchanged {
        headers.remove(header::CONTENT_TYPE);
        headers.remove(header::CONTENT_LENGTH);
        headers.remove(header::CONTENT_ENCODING);
        response
    } else {
        response.set_body(BoxBody::new(page.body.clone()))
    };
    let mut response = req.into_response(response);
    if let Some(route) = &page.route {
        response
            .response_mut()
            .extensions_mut()
            .insert(CachedRoute(Arc::clone(route)));
    }
    response
}

/// Whether the browser's `If-Modified-Since` is no earlier than the page's
/// `Last-Modified` (a feed's).
fn not_modified_since(req: &ServiceRequest, headers: &HeaderMap) -> bool {
    let date = |v: Option<&header::HeaderValue>| {
        v.and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<header::HttpDate>().ok())
            .map(std::time::SystemTime::from)
    };
    match (
        date(req.headers().get(header::IF_MODIFIED_SINCE)),
        date(headers.get(header::LAST_MODIFIED)),
    ) {
        (Some(since), Some(modified)) => since >= modified,
        _ => false,
    }
}

/// Whether a page as answered may be kept: a 200 its handler marked, that sets no cookie
/// and is not private.
fn keepable(response: &ServiceResponse<BoxBody>) -> bool {
    if response.status() != StatusCode::OK
        || !response.response().extensions().contains::<Cacheable>()
    {
        return false;
    }
    let headers = response.headers();
    let private = headers
        .get_all(header::CACHE_CONTROL)
        .filter_map(|v| v.to_str().ok())
        .any(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("private") || v.contains("no-store")
        });
    !private && !headers.contains_key(header::SET_COOKIE)
}

fn cost(headers: &HeaderMap, body: &Bytes, key: &Key) -> usize {
    let headers: usize = headers
        .iter()
        .map(|(n, v)| n.as_str().len() + v.len() + 32)
        .sum();
    std::mem::size_of::<Page>() + headers + body.len() + key.cost() + 64
}

/// Serves anonymous readers' pages from the cache, keeps those it may, and begins a new
/// generation of the site's pages after every write.
pub async fn pages(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(state) = req.app_data::<web::Data<AppState>>().cloned() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let cache = Arc::clone(&state.pages);
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        let key = if cache.on() {
            key_of(&req, &state)
        } else {
            None
        };
        let Some(key) = key else {
            return Ok(next.call(req).await?.map_into_boxed_body());
        };
        let ctx = state.ctx();
        let generation = match ctx.pages_generation(cache.config.recheck).await {
            Ok(generation) => generation,
            Err(e) => {
                // Without the count, nothing kept can be trusted: the page is rendered
                // (and reports the store's state itself).
                tracing::debug!(error = %e, "the count of the site's changes could not be read");
                return Ok(next.call(req).await?.map_into_boxed_body());
            }
        };
        let metrics = crate::infra::metrics::metrics();
        if let Some(page) = cache.get(&key, generation) {
            metrics.page_cache("hit", 1);
            return Ok(answer(req, &page));
        }
        metrics.page_cache("miss", 1);
        let get = req.method() == Method::GET;
        let response = next.call(req).await?.map_into_boxed_body();
        if !get || !keepable(&response) {
            return Ok(response);
        }
        let route = response.request().match_pattern().map(Arc::from);
        let (req, res) = response.into_parts();
        let (res, body) = res.into_parts();
        let body = to_bytes(body)
            .await
            .map_err(|e| actix_web::error::ErrorInternalServerError(e.to_string()))?;
        // Kept only if no change began a new generation while it was rendered: it may
        // show what was there before that change.
        if ctx.pages_generation_now() == generation {
            let headers = res.headers().clone();
            let etag = headers
                .get(header::ETAG)
                .and_then(|v| v.to_str().ok())
                .map(|v| v.trim_start_matches("W/").to_owned());
            let cost = cost(&headers, &body, &key);
            cache.put(
                key,
                Page {
                    route,
                    generation,
                    at: Instant::now(),
                    headers,
                    // Its own allocation, of its size: what the cache counts is what it holds.
                    body: Bytes::copy_from_slice(&body),
                    etag,
                    cost,
                },
            );
        }
        return Ok(ServiceResponse::new(req, res.set_body(BoxBody::new(body))));
    }
    // Counted once answered, or if the request is dropped on the way (its client went
    // away): a write may have been made either way.
    let mut changing = Changing((!changes_no_page(req.path())).then(|| state.ctx()));
    let response = next.call(req).await;
    // A refused write changed nothing; anything else may have, even a failure part of
    // the way.
    if let Some(ctx) = changing.0.take()
        && !response
            .as_ref()
            .is_ok_and(|r| r.status().is_client_error())
    {
        ctx.pages_changed().await;
    }
    Ok(response?.map_into_boxed_body())
}

/// A write under way: its change is counted if the request is dropped before it is.
struct Changing(Option<crate::app::Ctx>);

impl Drop for Changing {
    fn drop(&mut self) {
        if let Some(ctx) = self.0.take() {
            ctx.pages_changed_soon();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(generation: u64, bytes: usize) -> Page {
        Page {
            route: None,
            generation,
            at: Instant::now(),
            headers: HeaderMap::new(),
            body: Bytes::from(vec![b'x'; bytes]),
            etag: None,
            cost: bytes,
        }
    }

    fn key(target: &str) -> Key {
        Key {
            site: "http://a.test".into(),
            target: target.into(),
            variant: "".into(),
        }
    }

    #[test]
    fn the_least_recently_used_pages_go_first_to_stay_within_the_bytes() {
        let cache = PageCache::new(PageCacheConfig {
            bytes: 8000,
            recheck: Duration::from_secs(1),
        });
        cache.put(key("/a"), page(1, 1000));
        cache.put(key("/b"), page(1, 1000));
        assert!(cache.get(&key("/a"), 1).is_some(), "/a is used again");
        for i in 0..6 {
            cache.put(key(&format!("/{i}")), page(1, 1000));
        }
        assert_eq!(cache.held(), (8, 8000));
        cache.put(key("/c"), page(1, 1000));
        assert!(
            cache.get(&key("/b"), 1).is_none(),
            "the least recently used went"
        );
        assert!(cache.get(&key("/a"), 1).is_some(), "one used since stays");
        cache.put(key("/big"), page(1, 1001));
        assert!(
            cache.get(&key("/big"), 1).is_none(),
            "a page of more than an eighth of the budget is not kept"
        );
    }

    #[test]
    fn a_page_of_another_generation_is_not_served_and_goes() {
        let cache = PageCache::new(PageCacheConfig::default());
        cache.put(key("/"), page(1, 100));
        assert!(cache.get(&key("/"), 2).is_none());
        assert_eq!(cache.held(), (0, 0), "dropped when found out of date");
        cache.put(key("/"), page(2, 100));
        assert!(cache.get(&key("/"), 2).is_some());
    }

    #[test]
    fn writes_that_only_sign_in_or_out_change_no_page() {
        assert!(changes_no_page("/login"));
        assert!(changes_no_page("/login/second-step/passkey"));
        assert!(changes_no_page("/account/sessions/end"));
        assert!(changes_no_page("/api/users/login"));
        assert!(!changes_no_page("/api/articles"));
        assert!(!changes_no_page("/account/profile"));
        assert!(!changes_no_page("/account/username"));
        assert!(!changes_no_page("/posts/a/comments"));
        assert!(!changes_no_page("/setup"));
        assert!(changes_no_page("/ap/inbox"), "counted by its handler");
        assert!(may_be_kept("/") && may_be_kept("/posts/a") && may_be_kept("/feed.xml"));
        assert!(!may_be_kept("/static/sibyl.css") && !may_be_kept("/binary/x"));
        assert!(!may_be_kept("/api/articles") && !may_be_kept("/search"));
    }
}

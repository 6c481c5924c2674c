//! `/desk/download`: an author's own posts, drafts, scheduled posts and pages, with their
//! translations, as Markdown files with front matter (see
//! [`crate::domain::markdown_file`]) in one zip archive. The archive is written as it is
//! read from the store and sent as it is written, so that a long list costs no more
//! memory than a short one.

use super::auth::Author;
use super::limits::Subject;
use super::{AppState, WebError};
use crate::domain::markdown_file::{post_file, translation_file};
use crate::domain::{PostId, Site, UserId};
use crate::store::Store;
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use bytes::Bytes;
use std::io::Write;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// Posts read per page of a list.
const PAGE: usize = 100;

pub async fn download(
    state: web::Data<AppState>,
    author: Author,
) -> Result<HttpResponse, WebError> {
    let me = author.0;
    let account = me.id.0.to_string();
    state
        .check_limit(
            Subject::DownloadBy(&account),
            "You have downloaded your posts often enough for now.",
        )
        .await?;
    state.record_attempt(Subject::DownloadBy(&account)).await?;
    let (sender, mut receiver) = mpsc::channel::<Result<Bytes, std::io::Error>>(4);
    let (store, site) = (Arc::clone(&state.store), state.site.clone());
    tokio::spawn(async move {
        let failed = sender.clone();
        if let Err(e) = write_archive(store.as_ref(), &site, me.id, sender).await {
            tracing::warn!(error = %e, "a download of posts failed midway");
            // The client sees the archive cut short, not a whole one.
            let _ = failed.send(Err(std::io::Error::other(e))).await;
        }
    });
    let body = futures_util::stream::poll_fn(move |cx| receiver.poll_recv(cx));
    let filename = format!("{}-posts.zip", me.username.as_str());
    Ok(HttpResponse::Ok()
        .content_type("application/zip")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{filename}\""),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .streaming(body))
}

/// What the archive writer has written and not yet sent.
#[derive(Clone, Default)]
struct Pending(Arc<Mutex<Vec<u8>>>);

impl Write for Pending {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Pending {
    fn take(&self) -> Bytes {
        Bytes::from(std::mem::take(
            &mut *self.0.lock().unwrap_or_else(|e| e.into_inner()),
        ))
    }
}

type Sender = mpsc::Sender<Result<Bytes, std::io::Error>>;

async fn write_archive(
    store: &dyn Store,
    site: &Site,
    me: UserId,
    sender: Sender,
) -> Result<(), String> {
    let pending = Pending::default();
    let mut zip = zip::ZipWriter::new_stream(pending.clone());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let mut seen = std::collections::HashSet::new();
    for id in own_posts(store, site, me).await? {
        if !seen.insert(id) {
            continue;
        }
        let Some(post) = store
            .post_by_id(site, id)
            .await
            .map_err(|e| e.to_string())?
        else {
            continue;
        };
        if post.author_id != me {
            continue;
        }
        let mut files = vec![post_file(&post)];
        for translation in store
            .translations(site, id)
            .await
            .map_err(|e| e.to_string())?
        {
            files.push(translation_file(&post, &translation));
        }
        for (name, text) in files {
            zip.start_file(name, options).map_err(|e| e.to_string())?;
            zip.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
        }
        send(&sender, &pending).await?;
    }
    zip.finish().map_err(|e| e.to_string())?;
    send(&sender, &pending).await
}

async fn send(sender: &Sender, pending: &Pending) -> Result<(), String> {
    let bytes = pending.take();
    if bytes.is_empty() {
        return Ok(());
    }
    sender
        .send(Ok(bytes))
        .await
        .map_err(|_| "the client went away".to_owned())
}

/// The ids of everything `me` wrote on `site`: published posts, drafts, scheduled
/// drafts, pages.
async fn own_posts(store: &dyn Store, site: &Site, me: UserId) -> Result<Vec<PostId>, String> {
    let mut ids = crate::store::author_post_ids(store, site, me, PAGE)
        .await
        .map_err(|e| e.to_string())?;
    let scheduled = store
        .scheduled_posts(site)
        .await
        .map_err(|e| e.to_string())?;
    ids.extend(scheduled.iter().filter(|s| s.author_id == me).map(|s| s.id));
    // Pages are few (capped), and their list does not name authors: each is read and
    // kept if it is `me`'s.
    let pages = store.site_pages(site).await.map_err(|e| e.to_string())?;
    ids.extend(pages.iter().map(|p| p.id));
    Ok(ids)
}

//! Rendering an author's Markdown off the request workers.
//!
//! Rendering is linear in a text's length (`domain::html_balance`), but a text of 256 KiB
//! still takes milliseconds of CPU, and the server has as many request workers as cores:
//! rendered on a worker, a few large previews at once would hold every other reader's
//! page. So texts are rendered on the blocking pool, at most as many at once as there
//! are cores (the others wait their turn, not on a worker). A request waits at most its
//! time budget for its text, its turn included; a rendering that has begun keeps its
//! turn to its end (it is linear in the text), so the bound on renderings at once holds.

use super::{AppError, Ctx};
use crate::domain::Invalid;
use crate::domain::post::{Body, Rendered};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long a text may take to render, waiting for its turn included.
pub const BUDGET: Duration = Duration::from_secs(10);

/// Texts rendered at once, by the whole process.
fn turns() -> &'static Arc<Semaphore> {
    static TURNS: OnceLock<Arc<Semaphore>> = OnceLock::new();
    TURNS.get_or_init(|| {
        Arc::new(Semaphore::new(
            std::thread::available_parallelism().map_or(2, |n| n.get()),
        ))
    })
}

/// Renders `body` for saving or previewing: `Ok(Err(_))` when the text is refused (the
/// author is told why; nothing is saved), `Err(_)` when it could not be rendered in time.
/// On a site that shows images from its own files only, a text that shows one from
/// another site is refused.
pub async fn rendered(ctx: &Ctx, body: Body) -> Result<Result<Rendered, Invalid>, AppError> {
    let made = render(body).await?;
    if let Ok(text) = &made
        && ctx.identity().await.own_images_only
        && let Some(url) = crate::domain::markdown::first_remote_image(&text.html)
    {
        return Ok(Err(Invalid::new(format!(
            "This site shows images from its own files only, and {url} is on another site: \
             take it out, save, then add the picture to the post's files and insert it from \
             there."
        ))));
    }
    Ok(made)
}

async fn render(body: Body) -> Result<Result<Rendered, Invalid>, AppError> {
    let work = async {
        let turn = Arc::clone(turns())
            .acquire_owned()
            .await
            .map_err(|e| AppError::Internal(format!("rendering: {e}")))?;
        tokio::task::spawn_blocking(move || {
            let rendered = Rendered::of(body);
            drop(turn);
            rendered
        })
        .await
        .map_err(|e| AppError::Internal(format!("rendering: {e}")))
    };
    match tokio::time::timeout(BUDGET, work).await {
        Ok(result) => result,
        Err(_) => Err(AppError::Busy(format!(
            "The server could not format this text within {} seconds, as it is busy with \
             others; nothing was saved. Please try again in a moment.",
            BUDGET.as_secs()
        ))),
    }
}

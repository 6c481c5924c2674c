//! What the API says about a stored binary, and the Markdown that shows one in a post.

use crate::binaries::service::Ingested;
use crate::binaries::{Original, Reference};
use crate::urls;
use serde::Serialize;

/// What the API says about a stored binary.
#[derive(Debug, Serialize)]
pub struct BinaryJson {
    pub reference: String,
    pub context: String,
    pub name: String,
    pub url: String,
    pub status: &'static str,
    pub mime: String,
    pub size: u64,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub error: Option<String>,
    /// Markdown that shows it in a post.
    pub markdown: String,
}

impl BinaryJson {
    pub(super) fn of(ingested: &Ingested) -> Self {
        let (r, o) = (&ingested.reference, &ingested.original);
        Self {
            reference: r.id.to_string(),
            context: r.context.to_string(),
            name: r.name.clone(),
            url: urls::binary(&r.id.to_string()),
            status: o.status.as_str(),
            mime: o.mime.clone(),
            size: o.size,
            width: o.width,
            height: o.height,
            error: o.error.clone(),
            markdown: markdown_for(r, o),
        }
    }
}

/// How a binary is shown in a post: an image with its size (so the page can reserve
/// its space), or a link.
pub fn markdown_for(reference: &Reference, original: &Original) -> String {
    let name: String = reference
        .name
        .chars()
        .filter(|c| {
            !matches!(
                c,
                '[' | ']' | '(' | ')' | '\\' | '*' | '_' | '`' | '<' | '>'
            )
        })
        .collect();
    match (original.is_raster(), original.width, original.height) {
        (true, Some(w), Some(h)) => format!(
            "![{name}]({})",
            urls::binary_sized(&reference.id.to_string(), w, h)
        ),
        _ => format!("[{name}]({})", urls::binary(&reference.id.to_string())),
    }
}

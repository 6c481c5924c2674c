//! The binary service: attachments of posts, stored once per content and
//! shared by references.
//!
//! A *reference* (`AB12CD34EF56GH78`) is what a post links to; it names an *original*
//! (the bytes, stored in numbered chunks, with their sniffed type, checksum and status)
//! and the *context* it belongs to (a post). Originals are deduplicated by SHA-256, so
//! the same image attached fifty times is stored once with fifty references. An original
//! no reference needs is deleted by the [`collector`] after a grace period.
//!
//! The module has its own tables, its own data contract ([`BinaryStore`], in
//! `store::binaries` beside the other aggregates' and reached by `Store::binaries`) and its
//! own routes under `/binaries` and `/binary`: it could become a service of its own
//! without changing either.

mod access;
pub mod budget;
pub mod collector;
pub mod delivery;
pub mod fetch;
pub mod image;
mod refresh;
pub mod remote;
pub mod resize;
pub mod scaled_cache;
pub mod service;

pub use crate::store::binaries::{
    BinaryStore, CHUNK_SIZE, Claim, Context, GC_SHARDS, Life, LogLine, Original, OriginalId,
    REFERENCES_PAGE, RefId, Reference, Rendition, Status,
};
pub use refresh::RefreshConfig;
pub use service::{Binaries, BinaryLimits, IngestError};

/// Cleans an uploaded file name for storage and for the Content-Disposition header:
/// the last path segment, control characters and quotes dropped, at most 120 characters.
pub fn clean_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or("");
    let cleaned: String = last
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | '\\' | ';'))
        .take(120)
        .collect();
    let cleaned = cleaned.trim().trim_start_matches('.').to_owned();
    if cleaned.is_empty() {
        "file".into()
    } else {
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_cleaned() {
        assert_eq!(clean_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_name("C:\\x\\a \"b\".png"), "a b.png");
        assert_eq!(clean_name(".hidden"), "hidden");
        assert_eq!(clean_name("\u{0}\n"), "file");
    }
}

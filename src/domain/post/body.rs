//! A post's text: its Markdown, and what it renders to once, when it is written.

use super::EXCERPT_CHARS;
use crate::domain::Invalid;
use crate::domain::markdown;

/// A post body in Markdown, bounded in size. A body read back from a store passes the
/// same check; how deep it nests is checked when it is rendered ([`Rendered::of`]), so
/// that a text stored before that bound stays readable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Body(String);

impl Body {
    pub const MAX_BYTES: usize = 256 * 1024;

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        if input.trim().is_empty() {
            return Err(Invalid::new("A post needs some text."));
        }
        if input.len() > Self::MAX_BYTES {
            return Err(Invalid::new(format!(
                "A post body has at most {} KiB of Markdown.",
                Self::MAX_BYTES / 1024
            )));
        }
        Ok(Self(input.replace("\r\n", "\n")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What lists show of this text: its first words, as plain text.
    pub fn excerpt(&self) -> String {
        markdown::excerpt(self.as_str(), EXCERPT_CHARS)
    }
}

/// A body with what it renders to: the sanitized HTML pages, feeds and previews show,
/// and the excerpt lists show. Made once, when a text is written, and stored with its
/// revision; nothing renders it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub body: Body,
    pub html: String,
    pub excerpt: String,
}

impl Rendered {
    /// Renders `body`, in time linear in its length; a text that nests deeper than
    /// [`markdown::MAX_DEPTH`] is refused with a message for its author.
    pub fn of(body: Body) -> Result<Self, Invalid> {
        let html = markdown::checked_post_html(body.as_str())?;
        let excerpt = body.excerpt();
        Ok(Self {
            body,
            html,
            excerpt,
        })
    }

    /// A text checked when it was written (an accepted suggestion), rendered now: one
    /// written before the bound on depth keeps what lies beyond it as plain content.
    pub fn checked_before(body: Body) -> Self {
        let html = markdown::to_safe_html(body.as_str());
        let excerpt = body.excerpt();
        Self {
            body,
            html,
            excerpt,
        }
    }

    /// A text as it was rendered when it was saved, with the HTML stored with it.
    pub fn stored(body: Body, html: String) -> Self {
        let excerpt = body.excerpt();
        Self {
            body,
            html,
            excerpt,
        }
    }
}

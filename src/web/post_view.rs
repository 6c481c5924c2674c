//! A post as its page shows it: the text in the language shown, and the link preview
//! and structured data that describe it.

use super::AppState;
use super::pages::{Dated, PostView, Preview};
use crate::domain::{Locale, PostStatus};
use crate::urls;

/// A post's link preview and structured data, in the language shown.
pub(super) async fn preview(
    state: &AppState,
    p: &crate::domain::Post,
    text: &crate::domain::Translation,
    lang: Option<&Locale>,
) -> Preview {
    let site = state.site.as_str();
    let url = format!(
        "{site}{}",
        urls::text_url(p.slug.as_str(), p.is_page(), lang)
    );
    let image = crate::domain::markdown::first_binary_image(&text.body_html)
        .map(|path| format!("{site}{path}"));
    let published = text.published.or(p.published).unwrap_or(p.created);
    let mut json = serde_json::json!({
        "@context": "https://schema.org",
        "@type": if p.is_page() { "WebPage" } else { "BlogPosting" },
        "headline": text.title.as_str(),
        "description": text.excerpt,
        "url": url,
        "mainEntityOfPage": url,
        "datePublished": published.to_rfc3339(),
        "dateModified": p.updated.max(published).to_rfc3339(),
        "author": {
            "@type": "Person",
            "name": p.author_name,
            "url": format!("{site}{}", urls::author_by_id(p.author_id)),
        },
        "publisher": {
            "@type": "Organization",
            "name": state.identity().await.title,
            "url": site,
        },
    });
    if let Some(image) = &image {
        json["image"] = serde_json::Value::from(image.as_str());
    }
    Preview {
        title: text.title.as_str().to_owned(),
        description: text.excerpt.clone(),
        url,
        image,
        published: published.to_rfc3339(),
        modified: p.updated.max(published).to_rfc3339(),
        author: p.author_name.clone(),
        // Inside <script>, only "</" (and "<!--") could end or disturb the element.
        json_ld: json.to_string().replace('<', "\\u003c"),
    }
}

/// A post shown in one of its languages: the text's title, body and state, the post's
/// author, tags and short link.
pub(super) fn post_view(p: &crate::domain::Post, text: &crate::domain::Translation) -> PostView {
    PostView {
        short_url: urls::short_link(p.short_id),
        title: text.title.as_str().to_owned(),
        body_html: text.body_html.clone(),
        author: p.author_name.clone(),
        author_url: urls::author_by_id(p.author_id),
        date: Dated::new(text.published.or(p.published).unwrap_or(p.created)),
        updated: p.revised_after_publication().map(Dated::new),
        tags: super::lists::tag_links(&p.tags),
        draft: p.status == PostStatus::Draft || text.status == PostStatus::Draft,
    }
}

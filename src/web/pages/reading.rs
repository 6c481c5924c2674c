//! What readers see: the home page, posts, tags, the archive, authors and search.

use super::comments::CommentSection;
use super::{Dated, Layout, Pager};
use crate::domain::PostSummary;
use crate::urls;
use askama::Template;

/// A post in a list (home, tag, author and archive pages). Its links are written where
/// the page shows them, from the row's own slug, tags and author: a list of twenty posts
/// makes no string for any of them.
pub struct SummaryView {
    pub post: PostSummary,
    pub date: Dated,
    /// Approved comments.
    pub comments: u64,
}

impl SummaryView {
    pub fn url(&self) -> urls::PostPath<'_> {
        urls::post_path(self.post.slug.as_str())
    }

    pub fn comments_url(&self) -> urls::PostPath<'_> {
        urls::comments_path(self.post.slug.as_str())
    }

    /// The author's page, when the list row names the author's account.
    pub fn author_url(&self) -> Option<urls::AuthorPath> {
        self.post.author_id.map(urls::author_path)
    }

    /// The post's tags and their pages.
    pub fn tag_links(&self) -> impl Iterator<Item = TagRef<'_>> {
        self.post.tags.iter().map(|tag| TagRef {
            name: tag.as_str(),
            url: urls::tag_path(tag.as_str()),
        })
    }
}

/// A tag of a list row and its page.
pub struct TagRef<'a> {
    pub name: &'a str,
    pub url: urls::TagPath<'a>,
}

#[derive(Template)]
#[template(path = "home.html")]
pub struct HomePage {
    pub layout: Layout,
    pub posts: Vec<SummaryView>,
    pub setup_needed: bool,
    pub pager: Pager,
}

/// The site's tags with their counts, by name.
#[derive(Template)]
#[template(path = "tags/index.html")]
pub struct TagsPage {
    pub layout: Layout,
    pub tags: Vec<TagCountView>,
    /// The next page of tags, if there are more.
    pub more: Option<String>,
}

pub struct TagCountView {
    pub name: String,
    pub url: String,
    pub posts: u64,
}

/// A month of the archive: its posts, and the months with posts beside it.
#[derive(Template)]
#[template(path = "archive/month.html")]
pub struct MonthPage {
    pub layout: Layout,
    /// "November 2026".
    pub title: String,
    pub posts: Vec<SummaryView>,
    pub pager: Pager,
    pub earlier: Option<ArchiveMonth>,
    pub later: Option<ArchiveMonth>,
}

pub struct ArchiveMonth {
    pub url: String,
    pub label: String,
}

/// The months with posts, by year, newest first.
#[derive(Template)]
#[template(path = "archive/index.html")]
pub struct ArchivePage {
    pub layout: Layout,
    pub years: Vec<(i32, Vec<ArchiveMonth>)>,
}

pub struct PostView {
    pub short_url: String,
    pub title: String,
    pub body_html: String,
    pub author: String,
    pub author_url: String,
    pub date: Dated,
    /// When its text last changed, if that was after it was published.
    pub updated: Option<Dated>,
    pub tags: Vec<TagLink>,
    pub draft: bool,
}

/// A translation in the editors' list under a post.
pub struct TranslationLink {
    pub url: String,
    pub label: String,
    pub code: String,
    pub draft: bool,
}

#[derive(Template)]
#[template(path = "posts/show.html")]
pub struct PostPage {
    pub layout: Layout,
    pub post: PostView,
    /// The `lang` attribute of the article (the interface around it is English); empty
    /// for a text in no particular language.
    pub text_lang: String,
    /// The post's languages, for hreflang links and the language switch.
    pub alternates: Vec<Alternate>,
    pub links: PostLinks,
    pub original: bool,
    /// For editors: every translation, drafts too.
    pub translations: Vec<TranslationLink>,
    pub can_publish: bool,
    /// A draft published before: the date publishing it again keeps.
    pub published_before: Option<Dated>,
    /// A scheduled draft: when it goes live.
    pub scheduled: Option<Dated>,
    pub can_edit: bool,
    /// A signed-in reader who is not an editor may suggest an edit.
    pub can_suggest: bool,
    pub suggested: bool,
    /// None on a static page, which takes no comments.
    pub comments: Option<CommentSection>,
    pub preview: Preview,
    /// A static page: no byline, tags or comments.
    pub page: bool,
}

/// What a shared link to a post shows (OpenGraph, Twitter card) and what search engines
/// read of it (JSON-LD `BlogPosting`).
pub struct Preview {
    pub title: String,
    pub description: String,
    /// The post's absolute address.
    pub url: String,
    /// The first image of the post's attachments, absolute.
    pub image: Option<String>,
    pub published: String,
    pub modified: String,
    pub author: String,
    /// The `BlogPosting` object, as JSON safe inside a `<script>` element.
    pub json_ld: String,
}

/// Where a post page's buttons and links lead, for the text it shows.
pub struct PostLinks {
    pub publish: String,
    pub unpublish: String,
    pub edit: String,
    pub history: String,
    pub suggest: String,
    pub suggestions: String,
    /// The editor without a language: its form adds the one to translate into.
    pub translate: String,
    pub close_comments: String,
    pub open_comments: String,
    /// Sign in, then back to the post.
    pub sign_in: String,
    pub schedule: String,
    pub delete: String,
}

#[derive(Template)]
#[template(path = "authors/show.html")]
pub struct AuthorPage {
    pub layout: Layout,
    pub display_name: String,
    pub username: String,
    pub bio_paragraphs: Vec<String>,
    pub homepage: String,
    /// The address of their picture, or empty.
    pub image: String,
    pub posts: Vec<SummaryView>,
    pub pager: Pager,
    /// The author's Atom feed.
    pub feed: String,
}

/// A tag and its page, for the tag lists under posts.
pub struct TagLink {
    pub name: String,
    pub url: String,
}

#[derive(Template)]
#[template(path = "tags/show.html")]
pub struct TagPage {
    pub layout: Layout,
    pub tag: String,
    pub posts: Vec<SummaryView>,
    pub pager: Pager,
    /// The tag's Atom feed.
    pub feed: String,
}

#[derive(Template)]
#[template(path = "search.html")]
pub struct SearchPageView {
    pub layout: Layout,
    /// What the reader typed.
    pub query: String,
    pub results: Vec<SearchResultView>,
    /// The next page of results, if there are more.
    pub more: Option<String>,
    /// Whether a search was made (and so "nothing found" means something).
    pub searched: bool,
    pub error: Option<String>,
}

pub struct SearchResultView {
    pub url: String,
    pub title: String,
    /// The text's language, when it is a translation.
    pub lang: Option<String>,
    pub date: Dated,
    pub passage: crate::domain::search::Passage,
}

/// One of a post's languages, as the language switch and the hreflang links show it.
pub struct Alternate {
    pub hreflang: String,
    /// Absolute, as search engines want alternates.
    pub href: String,
    /// The page's own path.
    pub path: String,
    pub label: String,
    pub current: bool,
}

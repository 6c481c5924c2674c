//! One askama struct per page, each extending `base.html`, and the plain data they show.
//!
//! Pages depend on nothing else in `web/`: handlers gather the data and hand it over, so
//! a page can be read (and changed) without knowing where its data came from.

use crate::domain::{Role, SiteIdentity, User};
use askama::Template;
use chrono::{DateTime, Utc};
use std::sync::Arc;

mod account;
mod admin;
mod comments;
mod reading;
mod writing;

pub use account::*;
pub use admin::*;
pub use comments::*;
pub use reading::*;
pub use writing::*;

/// The browser's CSRF token as a page sees it. Reading it is what makes the response set
/// the token's cookie and stay private, so a page reads it only when it renders a form.
pub trait FormToken {
    fn form_value(&self) -> &str;
}

/// What `base.html` needs on every page: who is signed in and the CSRF token.
pub struct Layout {
    pub user: Option<LayoutUser>,
    csrf: Option<Box<dyn FormToken>>,
    /// The page's own absolute address, for `rel=canonical` (none on error pages).
    pub canonical: Option<String>,
    /// What the page is, in a sentence, for search engines and link previews.
    pub description: String,
    /// What the site calls itself (its name, tagline, language and footer), and its
    /// published pages.
    pub site: Arc<SiteFrame>,
}

pub use crate::app::memo::SiteFrame;

pub struct LayoutUser {
    pub display_name: String,
    pub can_write: bool,
    pub is_admin: bool,
}

impl Layout {
    pub fn new(user: Option<&User>, csrf: Box<dyn FormToken>, site: Arc<SiteFrame>) -> Self {
        Self {
            user: user.map(|u| LayoutUser {
                display_name: u.display_name.clone(),
                can_write: u.role.can_write(),
                is_admin: u.role == Role::Admin,
            }),
            csrf: Some(csrf),
            canonical: None,
            description: site_description(&site),
            site,
        }
    }

    /// The same layout, saying `description` of its page (cut to 300 characters).
    pub fn describing(mut self, description: &str) -> Self {
        let text: String = description.split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.is_empty() {
            self.description = text.chars().take(300).collect();
        }
        self
    }

    /// The CSRF token, for a form on the page. Only a page that calls this (renders a
    /// form) sets the token's cookie and is kept private.
    pub fn csrf(&self) -> &str {
        self.csrf.as_ref().map_or("", |t| t.form_value())
    }

    /// For error pages, rendered without a store round trip.
    pub fn anonymous() -> Self {
        let site = Arc::<SiteFrame>::default();
        Self {
            user: None,
            csrf: None,
            canonical: None,
            description: site_description(&site),
            site,
        }
    }
}

/// What a page says of itself when it says nothing more particular: the site's
/// description, else its tagline, else its name.
fn site_description(site: &SiteIdentity) -> String {
    [&site.description, &site.tagline, &site.title]
        .into_iter()
        .find(|text| !text.is_empty())
        .cloned()
        .unwrap_or_default()
}

pub struct Dated {
    pub human: String,
    pub iso: String,
}

impl Dated {
    pub fn new(at: DateTime<Utc>) -> Self {
        Self {
            human: at.format("%B %-d, %Y").to_string(),
            iso: at.to_rfc3339(),
        }
    }

    /// A date with its time of day (UTC), for what happens at a set time.
    pub fn with_time(at: DateTime<Utc>) -> Self {
        Self {
            human: at.format("%B %-d, %Y at %H:%M UTC").to_string(),
            iso: at.to_rfc3339(),
        }
    }
}

/// The links to the pages beside a page of a list.
#[derive(Default)]
pub struct Pager {
    pub older: Option<String>,
    pub newer: Option<String>,
}

#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    pub layout: Layout,
    pub title: &'static str,
    pub message: String,
    /// A server error's request id, for a reader to quote in a report.
    pub reference: Option<String>,
}

/// A page of the deployment's own, naming no site (an unknown host, a suspended site, a
/// malformed host): no site's frame.
#[derive(Template)]
#[template(path = "deployment.html")]
pub struct DeploymentPage<'a> {
    pub title: &'a str,
    pub message: &'a str,
    /// The page's own style, inline (allowed by its hash: nothing else loads).
    pub style: &'static str,
}

/// The style of the deployment's own pages: the sites' colours and type, nothing to load.
pub const DEPLOYMENT_STYLE: &str = "body{margin:0;background:#fdfcf9;color:#1d1f21;font:1.125rem/1.6 system-ui,sans-serif}main{max-width:36rem;margin:18vh auto 0;padding:0 1.25rem}h1{font:700 2rem/1.2 Georgia,serif;margin:0 0 .75rem;color:#8a3b12}p{margin:0;color:#5f6368}";

pub fn dated(at: DateTime<Utc>) -> Dated {
    Dated::new(at)
}

//! `/desk`: a writer's own posts in tabs: drafts and published, newest first and paged,
//! each with the comments that wait for moderation and the suggestions that wait for a
//! decision, and scheduled, soonest first; an administrator opens anyone's
//! (`?author=<user name>`). Two round trips a page: the list, then the two counts at
//! once (the scheduled tab: the site's schedule, in one read).

use super::auth::{Author, MaybeUser};
use super::csrf::{CsrfToken, layout};
use super::lists::{PageQuery, Paged, paged, pager};
use super::pages::{Dated, DeskPage, DeskRow, DeskTab, Pager};
use super::{AppState, WebError, render};
use crate::domain::{Role, Slug, Username};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

/// How many posts a page of the desk lists.
const DESK_PAGE: usize = 20;

#[derive(Deserialize)]
pub struct DeskQuery {
    #[serde(default)]
    tab: String,
    #[serde(default)]
    author: String,
    #[serde(flatten)]
    page: PageQuery,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tab {
    Drafts,
    Scheduled,
    Published,
}

impl Tab {
    const ALL: [Tab; 3] = [Tab::Drafts, Tab::Scheduled, Tab::Published];

    fn name(self) -> &'static str {
        match self {
            Tab::Drafts => "drafts",
            Tab::Scheduled => "scheduled",
            Tab::Published => "published",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Tab::Drafts => "Drafts",
            Tab::Scheduled => "Scheduled",
            Tab::Published => "Published",
        }
    }

    /// What its rows' date is.
    fn date_label(self) -> &'static str {
        match self {
            Tab::Drafts => "Started",
            Tab::Scheduled => "Goes live",
            Tab::Published => "Published",
        }
    }

    fn empty(self) -> &'static str {
        match self {
            Tab::Drafts => "No drafts: what you save as a draft waits here.",
            Tab::Scheduled => "Nothing scheduled: a draft's page and its editor schedule it.",
            Tab::Published => "Nothing published yet.",
        }
    }
}

pub async fn show(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    query: web::Query<DeskQuery>,
) -> Result<HttpResponse, WebError> {
    let me = author.0;
    let tab = match query.tab.as_str() {
        "" | "drafts" => Tab::Drafts,
        "scheduled" => Tab::Scheduled,
        "published" => Tab::Published,
        _ => {
            return Err(WebError::BadRequest(
                "The desk has the tabs drafts, scheduled and published.".into(),
            ));
        }
    };
    // Whose desk: one's own, or for an administrator anyone's.
    let whose = if query.author.is_empty() || query.author == me.username.as_str() {
        None
    } else if me.role == Role::Admin {
        let name = Username::parse(&query.author).map_err(|_| WebError::NotFound)?;
        Some(
            state
                .store
                .author_by_name(&name)
                .await?
                .ok_or(WebError::NotFound)?,
        )
    } else {
        return Err(WebError::Forbidden(
            "Only an administrator opens another writer's desk.".into(),
        ));
    };
    let (owner_id, owner_name, owner_username) = match &whose {
        Some(u) => (u.id, u.display_name.clone(), Some(u.username.as_str())),
        None => (me.id, me.display_name.clone(), None),
    };
    let base = |t: Tab| urls::desk(t.name(), owner_username);
    let page = |rows: Vec<DeskRow>, pager: Pager| DeskPage {
        layout: layout(&MaybeUser(Some(me.clone())), &csrf),
        owner: owner_name.clone(),
        own: whose.is_none(),
        tabs: Tab::ALL
            .iter()
            .map(|t| DeskTab {
                label: t.label(),
                url: base(*t),
                current: *t == tab,
            })
            .collect(),
        date_label: tab.date_label(),
        empty: tab.empty(),
        rows,
        pager,
    };
    if tab == Tab::Scheduled {
        // The site's whole schedule is small (see MAX_SCHEDULED): one page, soonest first.
        let rows = state
            .store
            .scheduled_posts(&state.site)
            .await?
            .into_iter()
            .filter(|p| p.author_id == owner_id)
            .map(|p| row(&p.slug, p.title, Dated::with_time(p.due), (0, 0)))
            .collect();
        return render(StatusCode::OK, &page(rows, Pager::default()));
    }
    let at = query.page.at()?;
    let outcome = match tab {
        Tab::Scheduled | Tab::Drafts => {
            state
                .store
                .drafts_by_author(&state.site, owner_id, at, DESK_PAGE)
                .await
        }
        Tab::Published => {
            state
                .store
                .posts_by_author(&state.site, owner_id, at, DESK_PAGE)
                .await
        }
    };
    let list = match paged(outcome, at, &base(tab), "the desk's first page")? {
        Paged::Page(list) => list,
        Paged::Answer(answer) => return Ok(answer),
    };
    let ids: Vec<_> = list.posts.iter().map(|p| p.id).collect();
    let (waiting, suggested) = tokio::try_join!(
        state.store.pending_comment_counts(&state.site, &ids),
        state.store.open_suggestion_counts(&state.site, &ids),
    )?;
    let count = |counts: &[(crate::domain::PostId, u64)], id| {
        counts.iter().find(|(p, _)| *p == id).map_or(0, |(_, n)| *n)
    };
    let rows = list
        .posts
        .iter()
        .map(|p| {
            let waiting = (count(&waiting, p.id), count(&suggested, p.id));
            row(&p.slug, p.title.clone(), Dated::new(p.published), waiting)
        })
        .collect();
    render(StatusCode::OK, &page(rows, pager(&base(tab), &list)))
}

/// A post's row, with its comments and suggestions waiting.
fn row(slug: &Slug, title: String, date: Dated, (pending, suggested): (u64, u64)) -> DeskRow {
    let slug = slug.as_str();
    DeskRow {
        title,
        url: urls::post(slug),
        edit_url: urls::edit(slug, None),
        delete_url: urls::delete(slug),
        date,
        pending,
        suggested,
        moderate_url: urls::moderation(Some(slug)),
        suggestions_url: urls::suggestions(slug),
    }
}

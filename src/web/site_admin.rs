//! `/admin/site`: what the site calls itself (title, tagline, description, language and
//! footer), set by an administrator, and whether it sends mail (with a test message).

use super::auth::{Admin, MaybeUser};
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, csrf_field, layout};
use super::limits::Subject;
use super::pages::{
    BlockRowView, FailingRowView, FederationAdminPage, MailView, PageRowView, PagesAdminPage,
    ServerRowView, SiteAdminPage,
};
use super::{AppState, WebError, render, see_other};
use crate::app::mail::{self, TestMailHtml, TestMailText};
use crate::domain::site::SecondFactorPolicy;
use crate::domain::{MAX_PAGES, PostStatus, SiteIdentity};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;
use std::sync::Arc;

#[derive(Deserialize)]
pub struct SavedQuery {
    #[serde(default)]
    saved: String,
    /// `sent`: a test message just went.
    #[serde(default)]
    mail: String,
}

pub async fn show(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    query: web::Query<SavedQuery>,
) -> Result<HttpResponse, WebError> {
    // The form shows what the store holds now, not an instance's copy.
    let identity = state.remember_identity(state.store.site_identity(&state.site).await?);
    let admin_user = admin.0;
    let mut layout = layout(&MaybeUser(Some(admin_user.clone())), &csrf);
    layout.site = Arc::clone(&identity);
    let page = SiteAdminPage {
        layout,
        title: identity.title.clone(),
        tagline: identity.tagline.clone(),
        description: identity.description.clone(),
        language: identity.lang(),
        footer: identity.footer.clone(),
        own_images_only: identity.own_images_only,
        fediverse_off: identity.fediverse_off,
        fediverse_pages: identity.fediverse_pages,
        second_factor_for: identity.second_factor_for,
        saved: query.saved == "1",
        error: None,
        mail: mail_view(&state, &admin_user, query.mail == "sent", None),
    };
    render(StatusCode::OK, &page)
}

/// The mail section of the page, for `user`.
fn mail_view(
    state: &AppState,
    user: &crate::domain::User,
    sent: bool,
    error: Option<String>,
) -> MailView {
    let described = state.mailer.describe();
    MailView {
        server: described.as_ref().map(|(server, _)| server.clone()),
        from: described.map(|(_, from)| from).unwrap_or_default(),
        to: user.email.as_str().to_owned(),
        sent,
        error,
    }
}

/// Sends a test message to the administrator's own address, through the site's SMTP
/// server: what an operator checks their mail settings with.
pub async fn test_mail(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    if !state.mailer.is_on() {
        return Err(WebError::Conflict(
            "Mail is off on this site: start Sibyl with --smtp-url and --mail-from to send mail."
                .into(),
        ));
    }
    let me = admin.0;
    if me.email.is_unconfirmed() {
        return Err(WebError::Conflict(
            "Your account has no confirmed address yet: confirm one from your account page first."
                .into(),
        ));
    }
    let account = me.id.0.to_string();
    state
        .check_limit(
            Subject::TestMailBy(&account),
            "Enough test messages for now.",
        )
        .await?;
    state.record_attempt(Subject::TestMailBy(&account)).await?;
    let (server, _) = state.mailer.describe().unwrap_or_default();
    let (site, url) = (state.identity().await.title.clone(), state.site.to_string());
    let speech = mail::speech_for(&state.ctx(), Some(&me)).await;
    let subject = speech.t1("mail-test-subject", "site", &site);
    let text = TestMailText {
        speech: std::sync::Arc::clone(&speech),
        site: site.clone(),
        url: url.clone(),
        server: server.clone(),
    };
    let html = TestMailHtml {
        speech,
        site,
        url,
        server,
    };
    let sent = mail::send(
        &state.ctx(),
        Some(&me.display_name),
        &me.email,
        subject,
        text.render(),
        html.render(),
    )
    .await;
    match sent {
        Ok(()) => Ok(see_other("/admin/site?mail=sent")),
        Err(e) => {
            tracing::warn!(error = %e, "a test message was not sent");
            let stored = state.store.site_identity(&state.site).await?;
            let page = SiteAdminPage {
                layout: layout(&MaybeUser(Some(me.clone())), &csrf),
                title: stored.title.clone(),
                tagline: stored.tagline.clone(),
                description: stored.description.clone(),
                language: stored.lang(),
                footer: stored.footer.clone(),
                own_images_only: stored.own_images_only,
                fediverse_off: stored.fediverse_off,
                fediverse_pages: stored.fediverse_pages,
                second_factor_for: stored.second_factor_for,
                saved: false,
                error: None,
                mail: mail_view(&state, &me, false, Some(format!("No message went: {e}."))),
            };
            render(StatusCode::BAD_GATEWAY, &page)
        }
    }
}

#[derive(Deserialize)]
pub struct SiteForm {
    csrf: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    tagline: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    language: String,
    #[serde(default)]
    footer: String,
    /// `on` when the box is ticked; absent otherwise.
    #[serde(default)]
    own_images_only: String,
    /// `on` when the box is ticked; absent otherwise.
    #[serde(default)]
    fediverse_off: String,
    /// `on` when the box is ticked; absent otherwise.
    #[serde(default)]
    fediverse_pages: String,
    /// Whose accounts must sign in in two steps ('' for nobody); absent (a form from
    /// before the setting): as stored.
    #[serde(default)]
    second_factor_for: Option<String>,
}

/// A box of the form: ticked (`on`) or not (absent); anything else is refused.
fn ticked(value: &str, setting: &str) -> Result<bool, WebError> {
    match value {
        "" => Ok(false),
        "on" => Ok(true),
        _ => Err(WebError::BadRequest(format!(
            "The {setting} setting is a box to tick or leave empty."
        ))),
    }
}

csrf_field!(SiteForm);

pub async fn save(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    form: CsrfForm<SiteForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.0;
    let own_images_only = ticked(&form.own_images_only, "images")?;
    let fediverse_off = ticked(&form.fediverse_off, "fediverse")?;
    let fediverse_pages = ticked(&form.fediverse_pages, "fediverse pages")?;
    let second_factor_for = match &form.second_factor_for {
        Some(chosen) => SecondFactorPolicy::parse(chosen).map_err(|e| WebError::BadRequest(e.0))?,
        None => {
            state
                .store
                .site_identity(&state.site)
                .await?
                .second_factor_for
        }
    };
    let parsed = SiteIdentity::parse(
        &form.title,
        &form.tagline,
        &form.description,
        &form.language,
        &form.footer,
    )
    .map_err(|e| e.0);
    // Whoever requires two-step sign-in of administrators has it: otherwise the page
    // would send them to add an authenticator at once.
    let parsed = match parsed {
        Ok(identity) if second_factor_for.covers(admin.0.role) => {
            if crate::app::factors::steps(&state.ctx(), admin.0.id)
                .await?
                .any()
            {
                Ok(identity)
            } else {
                Err("Add an authenticator app or a passkey to your own account first (on your security page): two-step sign-in can be required of others once you sign in that way yourself.".to_owned())
            }
        }
        other => other,
    };
    let identity = match parsed {
        Ok(identity) => SiteIdentity {
            own_images_only,
            fediverse_off,
            fediverse_pages,
            second_factor_for,
            ..identity
        },
        Err(invalid) => {
            // The form again, as typed, with what is wrong; nothing is saved.
            let page = SiteAdminPage {
                layout: layout(&MaybeUser(Some(admin.0.clone())), &csrf),
                title: form.title,
                tagline: form.tagline,
                description: form.description,
                language: form.language,
                footer: form.footer,
                own_images_only,
                fediverse_off,
                fediverse_pages,
                second_factor_for,
                saved: false,
                error: Some(invalid),
                mail: mail_view(&state, &admin.0, false, None),
            };
            return render(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    // Pages sent to the fediverse or no longer: each published page is noted first, so
    // that the next delivery pass sends (or withdraws) it, as any change is noted.
    let stored = state.store.site_identity(&state.site).await?;
    if stored.fediverse_pages != identity.fediverse_pages {
        crate::app::federation::posts::note_pages(&state.ctx()).await?;
    }
    state
        .store
        .save_site_identity(&state.site, &identity)
        .await?;
    state.remember_identity(identity);
    Ok(see_other("/admin/site?saved=1"))
}

/// `/admin/pages`: the site's pages, drafts too, with links to write a new one.
pub async fn pages(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    let pages = state.store.site_pages(&state.site).await?;
    let page = PagesAdminPage {
        layout: layout(&MaybeUser(Some(admin.0)), &csrf),
        pages: pages
            .into_iter()
            .map(|p| PageRowView {
                url: urls::page(p.slug.as_str()),
                edit_url: urls::edit(p.slug.as_str(), None),
                slug: p.slug.as_str().to_owned(),
                title: p.title,
                published: p.status == PostStatus::Published,
                made: super::pages::Dated::new(p.created),
            })
            .collect(),
        max: MAX_PAGES,
    };
    render(StatusCode::OK, &page)
}

#[derive(Deserialize, Default)]
pub struct FederationQuery {
    /// The server just delivered to again.
    #[serde(default)]
    retried: String,
    #[serde(default)]
    hastened: usize,
    /// "1" when that server had been set aside as failing.
    #[serde(default)]
    aside: String,
    #[serde(default)]
    blocked: String,
    #[serde(default)]
    ended: usize,
    #[serde(default)]
    deleted: usize,
    #[serde(default)]
    unblocked: String,
    #[serde(default)]
    after: Option<String>,
}

impl FederationQuery {
    /// What the administrator just did, said back in the page's language.
    fn notice(&self, speech: &crate::i18n::Speech) -> Option<String> {
        use crate::i18n::Arg;
        let count = |n: usize| Arg::Count(u64::try_from(n).unwrap_or(u64::MAX));
        if !self.blocked.is_empty() {
            return Some(speech.say(
                "federation-done-blocked",
                &[
                    ("target", Arg::Text(&self.blocked)),
                    ("follows", count(self.ended)),
                    ("comments", count(self.deleted)),
                ],
            ));
        }
        if !self.unblocked.is_empty() {
            return Some(speech.t1("federation-done-unblocked", "target", &self.unblocked));
        }
        if !self.retried.is_empty() {
            let mut said = speech.say(
                "federation-done-retried",
                &[
                    ("server", Arg::Text(&self.retried)),
                    ("count", count(self.hastened)),
                ],
            );
            if self.aside == "1" {
                said.push(' ');
                said.push_str(&speech.t("federation-done-retried-aside"));
            }
            return Some(said);
        }
        None
    }
}

/// `/admin/federation`: how many follow the site's actors on the fediverse, how many
/// activities are being delivered, the servers failing every delivery, and the servers
/// and accounts the site blocks.
pub async fn federation(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    query: web::Query<FederationQuery>,
) -> Result<HttpResponse, WebError> {
    federation_page(&state, admin, &csrf, &query, None, String::new()).await
}

async fn federation_page(
    state: &AppState,
    admin: Admin,
    csrf: &CsrfToken,
    query: &FederationQuery,
    block_error: Option<String>,
    block_input: String,
) -> Result<HttpResponse, WebError> {
    use crate::app::federation::blocks::{self, Target};
    let ctx = state.ctx();
    let overview = crate::app::federation::overview::overview(&ctx).await?;
    let listed = blocks::blocks(&ctx, query.after.as_deref()).await?;
    let more_blocks = listed
        .last()
        .filter(|_| listed.len() == crate::store::caps::ROSTER)
        .map(|last| {
            let query = url::form_urlencoded::Serializer::new(String::new())
                .append_pair("after", &last.target)
                .finish();
            format!("/admin/federation?{query}#blocks")
        });
    let status = if block_error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let frame = layout(&MaybeUser(Some(admin.0)), csrf);
    let notice = query.notice(&frame.speech);
    let page = FederationAdminPage {
        layout: frame,
        followed: overview.followed,
        sending: overview.sending,
        counted: overview.counted,
        servers: overview
            .servers
            .into_iter()
            .map(|s| ServerRowView {
                next: s.next.map(super::pages::Dated::with_time),
                server: s.server,
                waiting: s.waiting,
                failing: s.failing,
                given_up: s.given_up,
                last_failure: s.last_failure.unwrap_or_default(),
            })
            .collect(),
        failing: overview
            .failing
            .into_iter()
            .map(|f| FailingRowView {
                server: f.server,
                since: super::pages::Dated::new(f.since),
                last: f.last,
            })
            .collect(),
        blocks: listed
            .into_iter()
            .map(|b| BlockRowView {
                kind: match Target::of_stored(&b.target) {
                    Target::Server(_) => "Server",
                    Target::Account(_) => "Account",
                },
                target: b.target,
                at: super::pages::Dated::new(b.at),
                by: b.by,
            })
            .collect(),
        more_blocks,
        notice,
        block_error,
        block_input,
    };
    render(status, &page)
}

#[derive(Deserialize)]
pub struct BlockForm {
    csrf: String,
    #[serde(default)]
    target: String,
    #[serde(default)]
    delete_comments: Option<String>,
}

super::csrf::csrf_field!(BlockForm);

/// Blocks a server or an account; a refusal shows the page again with the reason.
pub async fn block(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    form: CsrfForm<BlockForm>,
) -> Result<HttpResponse, WebError> {
    use crate::app::AppError;
    let ctx = state.ctx();
    let delete = form.delete_comments.is_some();
    match crate::app::federation::blocks::block(&ctx, &admin.0, &form.target, delete).await {
        Ok(done) => {
            let target = crate::app::federation::blocks::Target::parse(&form.target)?;
            let query = url::form_urlencoded::Serializer::new(String::new())
                .append_pair("blocked", target.as_str())
                .append_pair("ended", &done.follows_ended.to_string())
                .append_pair("deleted", &done.comments_deleted.to_string())
                .finish();
            Ok(see_other(&format!("/admin/federation?{query}")))
        }
        Err(AppError::Invalid(why)) => {
            let query = FederationQuery::default();
            federation_page(&state, admin, &csrf, &query, Some(why), form.target.clone()).await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
pub struct UnblockForm {
    csrf: String,
    #[serde(default)]
    target: String,
}

super::csrf::csrf_field!(UnblockForm);

/// Unblocks a server or an account.
pub async fn unblock(
    state: web::Data<AppState>,
    _admin: Admin,
    form: CsrfForm<UnblockForm>,
) -> Result<HttpResponse, WebError> {
    crate::app::federation::blocks::unblock(&state.ctx(), &form.target).await?;
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("unblocked", form.target.trim())
        .finish();
    Ok(see_other(&format!("/admin/federation?{query}")))
}

#[derive(Deserialize)]
pub struct RetryForm {
    csrf: String,
    #[serde(default)]
    server: String,
}

super::csrf::csrf_field!(RetryForm);

/// Delivers to a server now: it is no longer set aside as failing, and its deliveries
/// waiting out a failed attempt are due at once.
pub async fn retry_server(
    state: web::Data<AppState>,
    _admin: Admin,
    form: CsrfForm<RetryForm>,
) -> Result<HttpResponse, WebError> {
    let server = form.server.trim();
    let done = crate::app::federation::overview::retry_server(&state.ctx(), server).await?;
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("retried", server)
        .append_pair("hastened", &done.hastened.to_string())
        .append_pair("aside", if done.was_failing { "1" } else { "0" })
        .finish();
    Ok(see_other(&format!("/admin/federation?{query}")))
}

//! Which site a request is for. The host it names (`Host`, or the URI's authority in
//! HTTP/2; `X-Forwarded-Host` and `X-Forwarded-Proto` only from a trusted proxy) picks a
//! registered site: its own host serves it, an alias redirects to it with the path and
//! query kept, a suspended site answers 503, and an unknown host a plain 404 that names
//! no site. While no site is registered, the site the instance was started with is
//! served whatever the host. Health checks and metrics answer on every host.

use super::AppState;
use crate::app::sites::Served;
use crate::domain::{Host, Site};
use crate::i18n::Speech;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{HttpResponse, web};
use std::rc::Rc;

/// Paths that answer whatever the host: a load balancer's probes name an address.
const ANY_HOST: [&str; 3] = ["/healthz", "/readyz", "/metrics"];

pub async fn choose(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let root = match req.app_data::<web::Data<AppState>>() {
        Some(state) if !ANY_HOST.contains(&req.path()) => web::Data::clone(state),
        _ => {
            return next
                .call(req)
                .await
                .map(ServiceResponse::map_into_boxed_body);
        }
    };
    let trusted = from_trusted_proxy(&req, &root);
    let host = match requested_host(&req, trusted) {
        Ok(host) => host,
        Err(why) => {
            return Ok(deployment_page(req, 400, "deployment-bad-request", |s| {
                s.said(&why)
            }));
        }
    };
    let served = match root.sites.serve(root.store.as_ref(), &host).await {
        Ok(served) => served,
        Err(e) => {
            tracing::warn!(error = %e, "the registry of sites could not be read");
            return Ok(deployment_page(req, 503, "deployment-unavailable", |s| {
                s.t("deployment-unavailable-why")
            }));
        }
    };
    match served {
        Served::Site { site, registered } => {
            if let Some(scheme) = trusted.then(|| forwarded_proto(&req)).flatten()
                && scheme != site_scheme(&site)
            {
                let to = format!("{site}{}", path_and_query(&req));
                return Ok(req.into_response(redirect(&to)));
            }
            if site != root.site || registered != root.own_roles {
                let mut data = actix_web::dev::Extensions::new();
                data.insert(web::Data::new(root.for_request(&site, registered)));
                req.add_data_container(Rc::new(data));
            }
            next.call(req)
                .await
                .map(ServiceResponse::map_into_boxed_body)
        }
        Served::Alias(site) => {
            let to = format!("{site}{}", path_and_query(&req));
            Ok(req.into_response(redirect(&to)))
        }
        Served::Suspended(_) => Ok(deployment_page(req, 503, "deployment-suspended", |s| {
            s.t("deployment-suspended-why")
        })),
        Served::Unknown => Ok(deployment_page(req, 404, "deployment-unknown", |s| {
            s.t("deployment-unknown-why")
        })),
    }
}

/// The language of the deployment's own pages, which name no site: what the browser asks
/// for (chosen only for them, not for every request).
fn deployment_speech(req: &ServiceRequest) -> &'static Speech {
    crate::i18n::languages().choose(
        req.headers()
            .get(header::ACCEPT_LANGUAGE)
            .map(|v| v.as_bytes()),
        "",
    )
}

/// A deployment page titled by the message `title`, saying what `why` says.
fn deployment_page(
    req: ServiceRequest,
    status: u16,
    title: &str,
    why: impl FnOnce(&Speech) -> String,
) -> ServiceResponse<BoxBody> {
    let speech = deployment_speech(&req);
    let page = plain(speech, status, title, &why(speech));
    req.into_response(page)
}

fn from_trusted_proxy(req: &ServiceRequest, state: &AppState) -> bool {
    req.peer_addr()
        .is_some_and(|peer| state.trusted_proxies.iter().any(|n| n.contains(peer.ip())))
}

/// The host the request names, refused with the reason when it is none or malformed.
fn requested_host(req: &ServiceRequest, trusted: bool) -> Result<Host, String> {
    let header_text = |name: &str| -> Option<String> {
        let value = req.headers().get(name)?.to_str().ok()?;
        // A proxy appends: the last entry is the one the nearest proxy saw.
        value.rsplit(',').next().map(|v| v.trim().to_owned())
    };
    let named = trusted
        .then(|| header_text("x-forwarded-host"))
        .flatten()
        .or_else(|| {
            req.headers()
                .get(header::HOST)
                .map(|h| h.to_str().map(str::to_owned).unwrap_or_default())
        })
        .or_else(|| req.uri().authority().map(|a| a.as_str().to_owned()))
        .ok_or_else(|| "The request names no host.".to_owned())?;
    Host::parse(&named).map_err(|e| format!("The request's host is not one: {e}."))
}

/// The scheme a trusted proxy says the client used.
fn forwarded_proto(req: &ServiceRequest) -> Option<&'static str> {
    let value = req.headers().get("x-forwarded-proto")?.to_str().ok()?;
    match value
        .rsplit(',')
        .next()?
        .trim()
        .to_ascii_lowercase()
        .as_str()
    {
        "https" => Some("https"),
        "http" => Some("http"),
        _ => None,
    }
}

fn site_scheme(site: &Site) -> &'static str {
    if site.is_https() { "https" } else { "http" }
}

fn path_and_query(req: &ServiceRequest) -> String {
    req.uri()
        .path_and_query()
        .map_or_else(|| req.path().to_owned(), |pq| pq.as_str().to_owned())
}

fn redirect(to: &str) -> HttpResponse {
    HttpResponse::MovedPermanently()
        .insert_header((header::LOCATION, to))
        .finish()
}

/// The deployment's pages load nothing; their one inline style is allowed by its hash.
static DEPLOYMENT_POLICY: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    use base64::Engine;
    use sha2::Digest;
    let hash = sha2::Sha256::digest(super::pages::DEPLOYMENT_STYLE.as_bytes());
    format!(
        "default-src 'none'; style-src 'sha256-{}'; frame-ancestors 'none'",
        base64::engine::general_purpose::STANDARD.encode(hash)
    )
});

/// A page of the deployment's own, naming no site: its title the message `title` of
/// `speech`.
fn plain(speech: &Speech, status: u16, title: &str, message: &str) -> HttpResponse {
    use actix_web::http::header::HeaderValue;
    let status = actix_web::http::StatusCode::from_u16(status)
        .unwrap_or(actix_web::http::StatusCode::INTERNAL_SERVER_ERROR);
    let page = super::pages::DeploymentPage {
        lang: speech.tag(),
        dir: speech.dir(),
        title: &speech.t(title),
        message,
        style: super::pages::DEPLOYMENT_STYLE,
    };
    let mut response = super::render(status, &page)
        .unwrap_or_else(|e| actix_web::ResponseError::error_response(&e));
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if let Ok(policy) = HeaderValue::from_str(&DEPLOYMENT_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    if status == actix_web::http::StatusCode::SERVICE_UNAVAILABLE {
        headers.insert(header::RETRY_AFTER, HeaderValue::from_static("300"));
    }
    response
}

//! The OpenAPI document, made from the handlers' own descriptions, and the methods each
//! path takes by it (the `Allow` header).

use super::Errors;
use super::table::described;
use std::sync::LazyLock;
use utoipa_actix_web::OpenApiFactory;

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Sibyl API",
        description = "The RealWorld (Conduit) backend API, served by a Sibyl site.",
        license(name = "MIT OR Apache-2.0")
    ),
    modifiers(&TokenScheme),
    components(schemas(Errors))
)]
struct Document;

/// The `Token` security scheme of the specification: `Authorization: Token <jwt>`.
struct TokenScheme;

impl utoipa::Modify for TokenScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "Token",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Authorization",
                "Token <jwt>, as given by POST /api/users and POST /api/users/login",
            ))),
        );
    }
}

/// The OpenAPI document of every route the API serves, as JSON.
#[expect(
    clippy::expect_used,
    reason = "the OpenAPI document is built from constants at start"
)]
pub fn openapi_json() -> &'static str {
    static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
        use utoipa::OpenApi;
        let mounted = described();
        let mut document = Document::openapi();
        document.paths = mounted.paths();
        let mut schemas = Vec::new();
        mounted.schemas(&mut schemas);
        document
            .components
            .get_or_insert_with(Default::default)
            .schemas
            .extend(schemas);
        document
            .to_pretty_json()
            .expect("the OpenAPI document serializes")
    });
    &DOCUMENT
}

/// The methods each path of the API takes, from its OpenAPI document: each path's
/// segments (`None` for a parameter) and its `Allow` header's value.
#[expect(
    clippy::expect_used,
    reason = "the OpenAPI document is built from constants at start"
)]
fn allowed() -> &'static [(Vec<Option<String>>, String)] {
    static ALLOWED: LazyLock<Vec<(Vec<Option<String>>, String)>> = LazyLock::new(|| {
        let document: serde_json::Value =
            serde_json::from_str(openapi_json()).expect("the OpenAPI document is JSON");
        let mut paths: Vec<(String, Vec<String>)> = document["paths"]
            .as_object()
            .map(|paths| {
                paths
                    .iter()
                    .map(|(path, item)| {
                        let methods = item
                            .as_object()
                            .map(|m| m.keys().map(|k| k.to_ascii_uppercase()).collect())
                            .unwrap_or_default();
                        (path.clone(), methods)
                    })
                    .collect()
            })
            .unwrap_or_default();
        paths.push(("/api/openapi.json".into(), vec!["GET".into()]));
        paths
            .into_iter()
            .map(|(path, methods)| {
                let segments = path
                    .split('/')
                    .map(|s| (!s.starts_with('{')).then(|| s.to_owned()))
                    .collect();
                (segments, methods)
            })
            .collect::<Vec<(Vec<Option<String>>, Vec<String>)>>()
            .into_iter()
            .map(|(segments, methods)| (segments, methods.join(", ")))
            .collect()
    });
    &ALLOWED
}

/// The methods `path` takes (HEAD with GET, OPTIONS always), or `None` for no route.
pub(super) fn allow_header(path: &str) -> Option<String> {
    let asked: Vec<&str> = path.split('/').collect();
    let mut methods: Vec<&str> = Vec::new();
    for (segments, allow) in allowed() {
        let matches = segments.len() == asked.len()
            && segments
                .iter()
                .zip(&asked)
                .all(|(s, a)| s.as_deref().map_or(!a.is_empty(), |s| s == *a));
        if matches {
            methods.extend(allow.split(", "));
        }
    }
    if methods.is_empty() {
        return None;
    }
    if methods.contains(&"GET") {
        methods.push("HEAD");
    }
    methods.push("OPTIONS");
    let order = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"];
    methods.sort_by_key(|m| order.iter().position(|o| o == m).unwrap_or(order.len()));
    methods.dedup();
    Some(methods.join(", "))
}

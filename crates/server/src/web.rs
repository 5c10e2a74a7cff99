//! The web app, embedded in the binary: hashed assets are cached for a year, every other path
//! that is not a file gets `index.html` so the browser's router can take it (SPA fallback).

use std::borrow::Cow;

use axum::Router;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rust_embed::RustEmbed;

/// `cargo xtask` builds the bundle before it builds the binary. A debug build reads these files
/// from disk at run time and serves the hint below while they are missing; a release build
/// refuses to compile without them (see `build.rs`).
#[derive(RustEmbed)]
#[folder = "../../webapp/dist"]
#[allow_missing = true]
struct Bundle;

const INDEX: &str = "index.html";
const API_DOCS: &str = "api-docs.html";
const MISSING_BUNDLE: &str = "The PoloDesk web app is not part of this build. Build it with \
    `cargo xtask run` (or `npm --prefix webapp run build` before `cargo build`).";

/// The bundle's routes, for the writer and for spectator edges alike.
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/api/docs", get(|| async { page(API_DOCS) }))
        .fallback(get(asset))
}

/// What a request path should be answered with.
#[derive(Debug, PartialEq, Eq)]
enum Target<'a> {
    File(&'a str),
    /// A screen of the web app: `index.html`.
    App,
    /// A missing file (the last segment has an extension): a plain 404, never the app.
    Missing,
}

fn resolve(path: &str) -> Target<'_> {
    let path = path.trim_start_matches('/');
    if path.is_empty() {
        return Target::App;
    }
    if Bundle::get(path).is_some() {
        return Target::File(path);
    }
    let last = path.rsplit('/').next().unwrap_or(path);
    if last.contains('.') {
        Target::Missing
    } else {
        Target::App
    }
}

async fn asset(uri: Uri) -> Response {
    match resolve(uri.path()) {
        Target::File(path) => file(path),
        Target::App => page(INDEX),
        Target::Missing => (StatusCode::NOT_FOUND, "Not found").into_response(),
    }
}

/// An HTML page of the bundle, always revalidated so a new release shows at once.
fn page(name: &str) -> Response {
    match Bundle::get(name) {
        Some(file) => respond(name, file.data, "no-cache"),
        None => (StatusCode::SERVICE_UNAVAILABLE, MISSING_BUNDLE).into_response(),
    }
}

fn file(path: &str) -> Response {
    let Some(file) = Bundle::get(path) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    // Vite puts a content hash in every name under assets/: such a file never changes. Anything
    // else is revalidated, sw.js above all: a browser learns of a new release through it.
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    respond(path, file.data, cache)
}

fn respond(path: &str, body: Cow<'static, [u8]>, cache: &'static str) -> Response {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let mut response = body.into_owned().into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screens_get_the_app_and_missing_files_do_not() {
        assert_eq!(resolve("/"), Target::App);
        assert_eq!(resolve("/cities/12/edit"), Target::App);
        assert_eq!(resolve("/not-found"), Target::App);
        assert_eq!(resolve("/assets/missing-abc123.js"), Target::Missing);
        assert_eq!(resolve("/favicon.ico.map"), Target::Missing);
    }
}

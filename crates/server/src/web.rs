//! The web app, embedded in the binary: hashed assets are cached for a year, every other path
//! that is not a file gets `index.html` so the browser's router can take it (SPA fallback).
//!
//! `cargo xtask` stores the bundle's scripts, styles and fonts gzipped (`FILE.gz` in place of
//! `FILE`), which keeps the binary about 4 MB smaller: they are answered as they are to
//! browsers that take gzip, and unpacked for any other client.

use std::borrow::Cow;
use std::io::Read as _;

use axum::Router;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rust_embed::RustEmbed;

use crate::compression::takes_gzip;

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
    File(&'a str, Stored),
    /// A screen of the web app: `index.html`.
    App,
    /// A missing file (the last segment has an extension): a plain 404, never the app.
    Missing,
}

/// A bundle file as it is embedded: as built, or gzipped by `cargo xtask`.
#[derive(Debug, PartialEq, Eq)]
enum Stored {
    Plain(Cow<'static, [u8]>),
    Gzipped(Cow<'static, [u8]>),
}

fn resolve(path: &str) -> Target<'_> {
    let path = path.trim_start_matches('/');
    if path.is_empty() {
        return Target::App;
    }
    if let Some(file) = Bundle::get(path) {
        return Target::File(path, Stored::Plain(file.data));
    }
    if let Some(file) = Bundle::get(&gzipped(path)) {
        return Target::File(path, Stored::Gzipped(file.data));
    }
    let last = path.rsplit('/').next().unwrap_or(path);
    if last.contains('.') {
        Target::Missing
    } else {
        Target::App
    }
}

async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    match resolve(uri.path()) {
        Target::File(path, stored) => file(path, stored, takes_gzip(&headers)),
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

fn gzipped(path: &str) -> String {
    format!("{path}.gz")
}

fn file(path: &str, stored: Stored, takes_gzip: bool) -> Response {
    // Vite puts a content hash in every name under assets/: such a file never changes. Anything
    // else is revalidated, sw.js above all: a browser learns of a new release through it.
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    match stored {
        Stored::Plain(data) => respond(path, data, cache),
        Stored::Gzipped(data) => answer_gzipped(path, data, takes_gzip, cache),
    }
}

/// A file the bundle holds gzipped: as it is, or unpacked for a client that takes no gzip.
fn answer_gzipped(
    path: &str,
    gz: Cow<'static, [u8]>,
    takes_gzip: bool,
    cache: &'static str,
) -> Response {
    let mut response = if takes_gzip {
        let mut response = respond(path, gz, cache);
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        response
    } else {
        let mut body = Vec::new();
        match flate2::read::GzDecoder::new(gz.as_ref()).read_to_end(&mut body) {
            Ok(_) => respond(path, Cow::Owned(body), cache),
            Err(error) => {
                tracing::error!(%error, path, "a gzipped file of the web bundle does not unpack");
                return StatusCode::INTERNAL_SERVER_ERROR.into_response();
            }
        }
    };
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
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

    #[tokio::test]
    async fn a_gzipped_file_goes_out_as_it_is_or_unpacked() {
        use std::io::Write as _;
        let script = "console.log('Partizan 11 : 9 Crvena zvezda');\n".repeat(50);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(script.as_bytes()).unwrap();
        let gz = gz.finish().unwrap();
        let cache = "public, max-age=31536000, immutable";

        let packed = answer_gzipped("assets/main-x.js", Cow::Owned(gz.clone()), true, cache);
        let headers = packed.headers().clone();
        assert_eq!(headers[header::CONTENT_ENCODING], "gzip");
        assert_eq!(headers[header::VARY], "accept-encoding");
        assert_eq!(headers[header::CONTENT_TYPE], "text/javascript");
        let body = axum::body::to_bytes(packed.into_body(), usize::MAX)
            .await
            .unwrap();
        assert_eq!(body.as_ref(), gz.as_slice());

        let plain = answer_gzipped("assets/main-x.js", Cow::Owned(gz), false, cache);
        assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
        assert_eq!(plain.headers()[header::VARY], "accept-encoding");
        let body = axum::body::to_bytes(plain.into_body(), usize::MAX)
            .await
            .unwrap();
        assert_eq!(body.as_ref(), script.as_bytes());

        let broken = answer_gzipped("assets/main-x.js", Cow::Borrowed(b"not gzip"), false, cache);
        assert_eq!(broken.status(), StatusCode::INTERNAL_SERVER_ERROR);
    }
}

//! The headers every answer carries, of the writer and of an edge alike: a Content-Security-
//! Policy the web app works under, framing refused except for the embeddable widget, no MIME
//! sniffing and a referrer policy that never hands a full URL (with a match or user id) to
//! another site. Answers of the signed-in API that say nothing of caching are not to be stored
//! anywhere (a shared computer's cache, a proxy), as they may carry personal data.

use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// The web app's policy, followed by who may frame the page. Styles may be inline (Blueprint
/// and the sign-in pages set them); scripts come only from the bundle; images may be data URLs
/// (crests, photos, logos) or blobs (a scoresheet's preview); the live hub's WebSocket is the
/// page's own origin.
macro_rules! policy_framed_by {
    ($ancestors:literal) => {
        concat!(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; ",
            "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; ",
            "worker-src 'self'; manifest-src 'self'; frame-src 'self' blob:; ",
            "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors ",
            $ancestors
        )
    };
}

/// Built once: the header goes on every answer.
const FRAMED_BY_SELF: HeaderValue = HeaderValue::from_static(policy_framed_by!("'self'"));
const FRAMED_ANYWHERE: HeaderValue = HeaderValue::from_static(policy_framed_by!("*"));

/// Only the embeddable widget may sit in another site's frame; every other page only in its
/// own origin's (the silent sign-in renewal frames the app), so no site can overlay a form.
fn may_be_framed_anywhere(path: &str) -> bool {
    path.starts_with("/embed/")
}

/// Whether an answer to `path` may hold what only a signed-in caller may read.
fn private(path: &str) -> bool {
    path.starts_with("/api/") && !path.starts_with("/api/Public/")
}

fn add(headers: &mut HeaderMap, path: &str) {
    if private(path) && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    if may_be_framed_anywhere(path) {
        headers.insert(header::CONTENT_SECURITY_POLICY, FRAMED_ANYWHERE);
    } else {
        headers.insert(header::CONTENT_SECURITY_POLICY, FRAMED_BY_SELF);
        headers.insert(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("SAMEORIGIN"),
        );
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
}

/// The layer that adds them.
pub async fn layer(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    add(response.headers_mut(), &path);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_embed_widget_may_be_framed_by_other_sites() {
        let mut embed = HeaderMap::new();
        add(&mut embed, "/embed/match/18");
        let csp = embed[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.ends_with("frame-ancestors *"), "{csp}");
        assert!(!embed.contains_key(header::X_FRAME_OPTIONS));
        for path in [
            "/",
            "/live/18",
            "/embedded",
            "/authentication/login",
            "/api/Clubs",
        ] {
            let mut headers = HeaderMap::new();
            add(&mut headers, path);
            let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
            assert!(csp.ends_with("frame-ancestors 'self'"), "{path}: {csp}");
            assert_eq!(headers[header::X_FRAME_OPTIONS], "SAMEORIGIN", "{path}");
            assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
        }
    }

    #[test]
    fn signed_in_answers_are_not_stored_and_public_ones_keep_their_caching() {
        let mut api = HeaderMap::new();
        add(&mut api, "/api/Persons/12");
        assert_eq!(api[header::CACHE_CONTROL], "no-store");
        let mut public = HeaderMap::new();
        public.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=5"),
        );
        add(&mut public, "/api/Public/matches/18");
        assert_eq!(public[header::CACHE_CONTROL], "public, max-age=5");
        let mut page = HeaderMap::new();
        add(&mut page, "/clubs");
        assert!(!page.contains_key(header::CACHE_CONTROL));
    }
}

//! Public answers are the same for every spectator, so each carries a strong ETag (a digest of
//! its bytes) and a short `max-age`: a browser, a reverse proxy or an edge node keeps it that
//! long and then asks again with `If-None-Match`, which costs a 304 without the body.

use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// How long a public answer may be kept without asking again: a live score a few seconds old
/// is still live (the hub brings what happens in between).
pub const MAX_AGE_SECONDS: u32 = 5;

/// Adds the ETag and `Cache-Control` to a successful answer, and answers 304 when the caller
/// already holds it.
pub async fn revalidate(request: Request, next: Next) -> Response {
    let held = request.headers().get(header::IF_NONE_MATCH).cloned();
    let response = next.run(request).await;
    if response.status() != StatusCode::OK {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    // The answers are built in memory; reading them back cannot fail but on a broken handler.
    let Ok(bytes) = to_bytes(body, usize::MAX).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let tag = etag(&bytes);
    set_cache_headers(&mut parts.headers, &tag);
    if held.as_ref().is_some_and(|held| holds(held, &tag)) {
        let mut not_modified = StatusCode::NOT_MODIFIED.into_response();
        set_cache_headers(not_modified.headers_mut(), &tag);
        return not_modified;
    }
    Response::from_parts(parts, Body::from(bytes))
}

fn etag(bytes: &[u8]) -> HeaderValue {
    let digest = Sha256::digest(bytes);
    let tag = format!("\"{}\"", URL_SAFE_NO_PAD.encode(&digest[..16]));
    HeaderValue::from_str(&tag).expect("base64 in quotes is a header value")
}

fn set_cache_headers(headers: &mut HeaderMap, tag: &HeaderValue) {
    headers.insert(header::ETAG, tag.clone());
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_str(&format!("public, max-age={MAX_AGE_SECONDS}"))
            .expect("a plain header value"),
    );
}

/// Whether an `If-None-Match` names the tag: `*`, or a list of tags, weak ones included
/// (RFC 9110 §13.1.2 compares weakly).
fn holds(held: &HeaderValue, tag: &HeaderValue) -> bool {
    let Ok(held) = held.to_str() else {
        return false;
    };
    let tag = tag.to_str().unwrap_or_default();
    held.split(',')
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == "*" || t == tag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_lists_and_weak_tags_are_understood() {
        let tag = etag(b"{\"a\":1}");
        let text = tag.to_str().unwrap().to_owned();
        assert!(text.starts_with('"') && text.ends_with('"'));
        assert_eq!(etag(b"{\"a\":1}"), tag, "the same bytes, the same tag");
        assert_ne!(etag(b"{\"a\":2}"), tag);
        for held in [
            text.clone(),
            format!("W/{text}"),
            format!("\"other\", {text}"),
            "*".to_owned(),
        ] {
            assert!(
                holds(&HeaderValue::from_str(&held).unwrap(), &tag),
                "{held}"
            );
        }
        assert!(!holds(&HeaderValue::from_static("\"other\""), &tag));
    }
}

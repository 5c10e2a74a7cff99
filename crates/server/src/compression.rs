//! Gzip for the answers that gain from it. tower-http's layer negotiates and streams, but starts
//! a new compressor for every answer: for a page of search results its setup and streaming cost
//! as much CPU as finding the page (docs/benchmarks.md). JSON answers of up to 1 MiB, already
//! whole in memory, are therefore gzipped here in one go by a compressor each thread keeps; the
//! layer sees them encoded and passes them on, and still serves every other answer and client.

use std::cell::RefCell;

use axum::Router;
use axum::body::{Body, HttpBody as _};
use axum::extract::Request;
use axum::http::header::{
    ACCEPT_ENCODING, CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_RANGE, CONTENT_TYPE, HeaderValue,
    VARY,
};
use axum::http::{HeaderMap, Response, StatusCode};
use axum::middleware::{self, Next};
use axum::response::IntoResponse as _;
use flate2::{Compress, Compression, FlushCompress, Status};
use tower_http::compression::CompressionLayer;

/// tower-http's own floor: smaller answers are not worth a gzip header.
const SMALLEST: u64 = 32;
/// Bigger answers (a whole export) are left to tower-http, which compresses as it sends
/// instead of holding a worker thread for the whole body.
const LARGEST: u64 = 1 << 20;

/// `router` with its answers gzipped for the clients that accept it, at the fastest level: API
/// pages are small, and a slower level cost a third of the search throughput. No brotli: its
/// encoder was 1.2 MB of the binary for answers a few percent smaller.
pub fn compressed<S: Clone + Send + Sync + 'static>(router: Router<S>) -> Router<S> {
    router
        .layer(middleware::from_fn(json_in_one_go))
        .layer(CompressionLayer::new().quality(tower_http::CompressionLevel::Fastest))
}

async fn json_in_one_go(request: Request, next: Next) -> Response<Body> {
    let gzip = prefers_gzip(request.headers());
    let response = next.run(request).await;
    let size = response.body().size_hint().exact();
    if !gzip
        || size.is_none_or(|size| !(SMALLEST..=LARGEST).contains(&size))
        || !is_json(response.headers())
        || response.headers().contains_key(CONTENT_ENCODING)
        || response.headers().contains_key(CONTENT_RANGE)
    {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    // A body of known size is held in memory: collecting it does not wait.
    let json = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(json) => json,
        Err(error) => {
            tracing::error!(%error, "a JSON answer could not be read to compress it");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let Some(packed) = gzipped(&json) else {
        return Response::from_parts(parts, Body::from(json));
    };
    parts.headers.remove(CONTENT_LENGTH);
    parts
        .headers
        .insert(CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    parts
        .headers
        .append(VARY, HeaderValue::from_static("accept-encoding"));
    Response::from_parts(parts, Body::from(packed))
}

/// Whether the client names gzip at full weight: tower-http, whose only coding is gzip, would
/// choose it too. Any other wish (a lower weight, only a wildcard) is left to tower-http.
fn prefers_gzip(headers: &HeaderMap) -> bool {
    gzip_weights(headers).0.is_some_and(|weight| weight >= 1.0)
}

/// Whether the client takes gzip at all: named, or else `*`, with a weight above zero (a file
/// the bundle stores gzipped then goes out as it is).
pub fn takes_gzip(headers: &HeaderMap) -> bool {
    let (named, starred) = gzip_weights(headers);
    named.or(starred).is_some_and(|weight| weight > 0.0)
}

/// The weights an `Accept-Encoding` header gives gzip by name and by `*` (the highest, where
/// one is given twice).
fn gzip_weights(headers: &HeaderMap) -> (Option<f32>, Option<f32>) {
    let (mut named, mut starred) = (None, None);
    let codings = headers
        .get_all(ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','));
    for coding in codings {
        let mut parts = coding.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let slot: &mut Option<f32> = if name.eq_ignore_ascii_case("gzip") {
            &mut named
        } else if name == "*" {
            &mut starred
        } else {
            continue;
        };
        let weight = parts
            .find_map(|parameter| {
                let (key, value) = parameter.split_once('=')?;
                let weight = value.trim().parse::<f32>().unwrap_or(0.0);
                key.trim().eq_ignore_ascii_case("q").then_some(weight)
            })
            .unwrap_or(1.0);
        *slot = Some(slot.map_or(weight, |before| before.max(weight)));
    }
    (named, starred)
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"))
}

/// `data` gzipped at the fastest level by this thread's compressor; `None` if it failed.
fn gzipped(data: &[u8]) -> Option<Vec<u8>> {
    thread_local! {
        static GZIP: RefCell<Compress> = RefCell::new(Compress::new_gzip(Compression::fast(), 15));
    }
    GZIP.with_borrow_mut(|gzip| {
        gzip.reset();
        let mut packed = Vec::with_capacity(data.len() / 4 + 64);
        loop {
            let read = usize::try_from(gzip.total_in()).ok()?;
            match gzip.compress_vec(&data[read..], &mut packed, FlushCompress::Finish) {
                Ok(Status::StreamEnd) => return Some(packed),
                Ok(_) => packed.reserve(packed.capacity()),
                Err(_) => return None,
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use std::io::Read as _;

    use super::*;

    fn accepting(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        headers
    }

    /// Each `Accept-Encoding` read both ways: whether gzip is taken at all, and whether a JSON
    /// answer is gzipped here rather than by tower-http.
    #[test]
    fn gzip_is_taken_at_any_weight_and_preferred_at_full_weight() {
        for (value, takes, prefers) in [
            ("gzip", true, true),
            ("gzip, deflate, br, zstd", true, true),
            ("br;q=1, GZIP", true, true),
            ("gzip;q=1.0", true, true),
            ("gzip ; q=1", true, true),
            ("br;q=1.0, GZIP;q=0.5", true, false),
            ("*", true, false),
            ("", false, false),
            ("br", false, false),
            ("identity", false, false),
            ("gzip;q=0", false, false),
            ("br, gzip;q=0.0", false, false),
            ("*;q=0", false, false),
            ("gzipx", false, false),
            ("x-gzip", false, false),
            ("*, gzip;q=0", false, false),
            ("gzip;Q=0", false, false),
            ("gzip;Q=1.000", true, true),
            ("gzip;q=0.5, gzip", true, true),
        ] {
            let headers = accepting(value);
            assert_eq!(takes_gzip(&headers), takes, "{value}");
            assert_eq!(prefers_gzip(&headers), prefers, "{value}");
        }
        assert!(!takes_gzip(&HeaderMap::new()), "no header: identity");
        assert!(!prefers_gzip(&HeaderMap::new()));
    }

    /// The kept compressor starts every answer afresh: each one inflates to itself alone.
    #[test]
    fn each_answer_is_a_whole_gzip_member() {
        let answers = [
            serde_json::to_vec(&vec!["Petrović"; 2_000]).unwrap(),
            b"{\"pageItems\":[],\"totalCount\":0}".to_vec(),
            (0..200_000u32).flat_map(u32::to_le_bytes).collect(),
        ];
        for answer in answers.iter().chain(answers.iter()) {
            let packed = gzipped(answer).unwrap();
            let mut unpacked = Vec::new();
            let mut decoder = flate2::read::GzDecoder::new(packed.as_slice());
            decoder.read_to_end(&mut unpacked).unwrap();
            assert_eq!(&unpacked, answer);
            assert!(decoder.into_inner().is_empty(), "nothing after the member");
        }
    }
}

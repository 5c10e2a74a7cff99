//! The public reads on an edge: fetched from the upstream writer, kept briefly and shared by
//! every spectator who asks meanwhile (one upstream request per answer, however many wait for
//! it). A match's answers are kept under the match's seq as the edge last relayed it, so a
//! message from the writer makes the next read fresh: a viewer who reloads after a gap never
//! gets an answer older than the messages it has seen.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use moka::future::Cache;

use crate::error::ApiError;
use crate::hub::MatchHub;

/// How long an answer is served without asking the upstream again.
const KEEP: Duration = Duration::from_secs(2);
/// Answers kept at most (lists, matches, their events and statistics, crests).
const CAPACITY: u64 = 10_000;
/// How long the upstream may take to answer.
const UPSTREAM_WAIT: Duration = Duration::from_secs(10);

/// An upstream answer as it is passed on.
#[derive(Debug)]
struct Kept {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
}

/// The writer the edge reads from, and what it keeps of its answers.
#[derive(Debug, Clone)]
pub struct Upstream {
    base: Arc<str>,
    client: reqwest::Client,
    /// By path and query, and the match's seq for a match's answers (0 for the others).
    kept: Cache<(String, u64), Arc<Kept>>,
}

impl Upstream {
    /// `base`: the writer's URL (`http://writer:8080`).
    pub fn new(base: &str) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder().timeout(UPSTREAM_WAIT).build()?;
        Ok(Self {
            base: base.trim_end_matches('/').into(),
            client,
            kept: Cache::builder()
                .max_capacity(CAPACITY)
                .time_to_live(KEEP)
                .build(),
        })
    }

    /// Whether the upstream shows the match publicly (a viewer may join it on this edge).
    pub async fn is_public_match(&self, match_id: u64, hub: &MatchHub) -> bool {
        let path = format!("/api/Public/Matches/{match_id}");
        self.fetch(&path, hub)
            .await
            .is_ok_and(|kept| kept.status == StatusCode::OK)
    }

    /// The upstream's answer to a public read, from what is kept when it is fresh; 304 when
    /// the caller holds it already.
    pub async fn answer(&self, uri: &Uri, headers: &HeaderMap, hub: &MatchHub) -> Response {
        let path = uri.path_and_query().map_or(uri.path(), |p| p.as_str());
        let kept = match self.fetch(path, hub).await {
            Ok(kept) => kept,
            Err(error) => {
                tracing::warn!(%error, path, "the upstream did not answer");
                return ApiError::Upstream.into_response();
            }
        };
        let held = headers.get(header::IF_NONE_MATCH);
        let etag = kept.headers.get(header::ETAG);
        if let (Some(held), Some(etag)) = (held, etag)
            && held == etag
        {
            let mut not_modified = StatusCode::NOT_MODIFIED.into_response();
            for name in [header::ETAG, header::CACHE_CONTROL] {
                if let Some(value) = kept.headers.get(&name) {
                    not_modified.headers_mut().insert(name, value.clone());
                }
            }
            return not_modified;
        }
        let mut response = (kept.status, kept.body.clone()).into_response();
        response.headers_mut().extend(kept.headers.clone());
        response
    }

    async fn fetch(&self, path: &str, hub: &MatchHub) -> Result<Arc<Kept>, Arc<reqwest::Error>> {
        let seq = match_of(path).map_or(0, |id| hub.standing_seq(id));
        let url = format!("{}{path}", self.base);
        let client = self.client.clone();
        self.kept
            .try_get_with((path.to_owned(), seq), async move {
                let answer = client.get(&url).send().await?;
                let status = answer.status();
                let mut headers = HeaderMap::new();
                for name in [header::CONTENT_TYPE, header::ETAG, header::CACHE_CONTROL] {
                    if let Some(value) = answer.headers().get(&name) {
                        headers.insert(name, value.clone());
                    }
                }
                let body = answer.bytes().await?;
                Ok(Arc::new(Kept {
                    status: StatusCode::from_u16(status.as_u16())
                        .unwrap_or(StatusCode::BAD_GATEWAY),
                    headers,
                    body,
                }))
            })
            .await
    }
}

/// The match a public path reads, if it reads one (`/api/Public/Matches/{id}[/...]`).
fn match_of(path: &str) -> Option<u64> {
    let rest = path.strip_prefix("/api/Public/Matches/")?;
    let id = rest.split(['/', '?']).next()?;
    id.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::match_of;

    #[test]
    fn a_matchs_reads_are_told_from_the_others() {
        assert_eq!(match_of("/api/Public/Matches/18"), Some(18));
        assert_eq!(match_of("/api/Public/Matches/18/events"), Some(18));
        assert_eq!(match_of("/api/Public/Matches/18?x=1"), Some(18));
        assert_eq!(match_of("/api/Public/Matches?date=2026-11-28"), None);
        assert_eq!(match_of("/api/Public/Competitions/1"), None);
        assert_eq!(match_of("/api/Public/Matches/x"), None);
    }
}

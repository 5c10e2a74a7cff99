//! The reads of the public pages (`/live`, the scoreboard, the embed): no sign-in, and only
//! what a spectator may see — teams, players' names and caps, officials' names, events,
//! scores and standings, never an email, a PIN, a birth date or contact data — of public
//! competitions only. A match or competition that is not public answers the 404 of one that
//! does not exist. Every answer carries an ETag and a short max-age (`cache.rs`), so a proxy,
//! a CDN or an edge node absorbs the crowd.

mod cache;

use std::collections::HashMap;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use polodesk_domain::codes::FilterOperator;
use polodesk_domain::competitions::Competition;
use polodesk_domain::dates::{Date, Instant};
use polodesk_domain::events::EventView;
use polodesk_domain::images::png_bytes;
use polodesk_domain::matches::Match;
use polodesk_domain::stats::MatchStats;
use polodesk_domain::views::matches::MatchView;
use polodesk_domain::views::public::{
    MatchDays, PublicCompetition, PublicCompetitionRef, current_round,
};
use polodesk_domain::views::standings::StandingGroupView;
use polodesk_store::{MatchQuery, MatchesOf};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::matches::MatchNames;
use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path, Query};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(matches))
        .routes(routes!(match_days))
        .routes(routes!(match_detail))
        .routes(routes!(match_events))
        .routes(routes!(match_stats))
        .routes(routes!(competitions))
        .routes(routes!(competition))
        .routes(routes!(team_crest))
        .layer(axum::middleware::from_fn(cache::revalidate))
}

/// The match, when its competition is public.
pub fn public_match(state: &AppState, id: u64) -> ApiResult<Match> {
    let not_found = || ApiError::NotFound(format!("There is no public match {id}."));
    let game = state.store.get_match(id).map_err(|_| not_found())?;
    if is_public(state, game.state.fields.competition_id) {
        Ok(game)
    } else {
        Err(not_found())
    }
}

fn is_public(state: &AppState, competition_id: u64) -> bool {
    state
        .store
        .get::<Competition>(competition_id)
        .is_ok_and(|c| c.fields.is_public)
}

/// Which matches belong to public competitions, each competition read once: the matches a
/// list walks share few competitions.
struct PublicCompetitions<'a> {
    state: &'a AppState,
    known: HashMap<u64, bool>,
}

impl<'a> PublicCompetitions<'a> {
    fn new(state: &'a AppState) -> Self {
        Self {
            state,
            known: HashMap::new(),
        }
    }

    fn hold(&mut self, game: &Match) -> bool {
        let id = game.state.fields.competition_id;
        *self
            .known
            .entry(id)
            .or_insert_with(|| is_public(self.state, id))
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct DayParams {
    /// The spectator's calendar day, `YYYY-MM-DD`; today (UTC) when left out.
    date: Option<Date>,
    /// The spectator's offset from UTC in minutes (east positive, e.g. 60 for CET), so
    /// `date` is their day; 0 when left out.
    #[param(minimum = -840, maximum = 840)]
    tz_offset: Option<i16>,
}

/// The largest offset from UTC any zone uses (UTC+14), in minutes.
const MAX_OFFSET_MINUTES: i16 = 14 * 60;

impl DayParams {
    /// The spectator's offset in seconds and the instant their day starts.
    fn day(&self) -> ApiResult<(i64, i64)> {
        let offset = self.tz_offset.unwrap_or(0);
        if offset.abs() > MAX_OFFSET_MINUTES {
            return Err(ApiError::BadRequest(format!(
                "tzOffset must be from -{MAX_OFFSET_MINUTES} to {MAX_OFFSET_MINUTES} minutes."
            )));
        }
        let offset = i64::from(offset) * 60;
        let date = self.date.unwrap_or_else(super::today);
        Ok((offset, date.unix_days() * 86_400 - offset))
    }
}
/// More matches than any day or any moment has; the list is one page.
const MOST_MATCHES: usize = 1_000;

/// The matches of public competitions that start on the day, and every match being played
/// whatever its day, by competition and then start; without logos and lineups.
#[utoipa::path(get, path = "/api/Public/Matches", operation_id = "listPublicMatches", tag = "Public",
    params(DayParams), security(()),
    responses((status = 200, body = Vec<MatchView>)))]
async fn matches(
    State(state): State<AppState>,
    Query(params): Query<DayParams>,
) -> ApiResult<Json<Vec<MatchView>>> {
    let (_, start) = params.day()?;
    let day = MatchQuery {
        start: vec![
            (FilterOperator::Gte, Instant(start)),
            (FilterOperator::Lt, Instant(start + 86_400)),
        ],
        take: MOST_MATCHES,
        ..MatchQuery::first(0)
    };
    let under_way = MatchQuery {
        statuses: Some(
            polodesk_domain::codes::MatchStatus::ALL
                .iter()
                .copied()
                .filter(|s| s.is_under_way())
                .collect(),
        ),
        take: MOST_MATCHES,
        ..MatchQuery::first(0)
    };
    let mut games = state.store.search_matches(&day)?.0;
    for game in state.store.search_matches(&under_way)?.0 {
        if !games.iter().any(|g| g.id == game.id) {
            games.push(game);
        }
    }
    let mut public = PublicCompetitions::new(&state);
    games.retain(|g| public.hold(g));
    let mut names = MatchNames::default();
    let mut views: Vec<MatchView> = games.iter().map(|g| names.view(&state, g, false)).collect();
    views.sort_by(|a, b| {
        (
            &a.competition_display_name,
            a.competition_id,
            a.start_date,
            a.score.id,
        )
            .cmp(&(
                &b.competition_display_name,
                b.competition_id,
                b.start_date,
                b.score.id,
            ))
    });
    Ok(Json(views))
}

/// The nearest days before and after the spectator's day (in their zone) with a match of a
/// public competition, for a day without matches to point to.
#[utoipa::path(get, path = "/api/Public/MatchDays", operation_id = "getPublicMatchDays", tag = "Public",
    params(DayParams), security(()),
    responses((status = 200, body = MatchDays)))]
async fn match_days(
    State(state): State<AppState>,
    Query(params): Query<DayParams>,
) -> ApiResult<Json<MatchDays>> {
    let (offset, start) = params.day()?;
    let day_of = |instant: Instant| Date::from_unix_days((instant.0 + offset).div_euclid(86_400));
    let before = (FilterOperator::Lt, Instant(start));
    let after = (FilterOperator::Gte, Instant(start + 86_400));
    Ok(Json(MatchDays {
        previous: nearest_public(&state, before, true)?.and_then(day_of),
        next: nearest_public(&state, after, false)?.and_then(day_of),
    }))
}

/// The start of the nearest match of a public competition within `bound`: the latest one when
/// `descending`, else the earliest.
fn nearest_public(
    state: &AppState,
    bound: (FilterOperator, Instant),
    descending: bool,
) -> ApiResult<Option<Instant>> {
    const PAGE: usize = 100;
    let mut public = PublicCompetitions::new(state);
    let mut skip = 0;
    loop {
        let query = MatchQuery {
            start: vec![bound],
            descending,
            skip,
            take: PAGE,
            ..MatchQuery::first(0)
        };
        let page = state.store.search_matches(&query)?.0;
        if let Some(game) = page.iter().find(|g| public.hold(g)) {
            return Ok(Some(game.state.fields.start_date));
        }
        if page.len() < PAGE {
            return Ok(None);
        }
        skip += PAGE;
    }
}

/// A public match with its lineups (caps and names), coaches, officials' names and logos.
#[utoipa::path(get, path = "/api/Public/Matches/{id}", operation_id = "getPublicMatch", tag = "Public",
    params(("id" = u64, Path)), security(()),
    responses((status = 200, body = MatchView), (status = 404, body = ErrorBody)))]
async fn match_detail(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<MatchView>> {
    let game = public_match(&state, id)?;
    Ok(Json(MatchNames::default().view(&state, &game, true)))
}

/// A public match's events in log order.
#[utoipa::path(get, path = "/api/Public/Matches/{id}/events", operation_id = "listPublicMatchEvents", tag = "Public",
    params(("id" = u64, Path)), security(()),
    responses((status = 200, body = Vec<EventView>), (status = 404, body = ErrorBody)))]
async fn match_events(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<Vec<EventView>>> {
    public_match(&state, id)?;
    Ok(Json(super::events::views_of(&state, id)?))
}

/// A public match's statistics: both teams and every lineup player, with the shots' points.
#[utoipa::path(get, path = "/api/Public/Matches/{id}/stats", operation_id = "getPublicMatchStats", tag = "Public",
    params(("id" = u64, Path)), security(()),
    responses((status = 200, body = MatchStats), (status = 404, body = ErrorBody)))]
async fn match_stats(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<MatchStats>> {
    public_match(&state, id)?;
    Ok(Json(super::matches::stats_of(&state, id)?))
}

/// Every public competition, the latest season first, then by name.
#[utoipa::path(get, path = "/api/Public/Competitions", operation_id = "listPublicCompetitions", tag = "Public",
    security(()),
    responses((status = 200, body = Vec<PublicCompetitionRef>)))]
async fn competitions(State(state): State<AppState>) -> ApiResult<Json<Vec<PublicCompetitionRef>>> {
    let mut list: Vec<PublicCompetitionRef> = state
        .store
        .list::<Competition>()?
        .into_iter()
        .filter(|c| c.fields.is_public)
        .map(|c| PublicCompetitionRef {
            id: c.id,
            name: c.fields.name,
            name_universal: c.fields.name_universal,
            season: c.fields.season,
        })
        .collect();
    list.sort_by(|a, b| {
        b.season
            .cmp(&a.season)
            .then_with(|| a.name.cmp(&b.name))
            .then(a.id.cmp(&b.id))
    });
    Ok(Json(list))
}

/// A public competition: its matches being played, its current round's matches and its
/// tables.
#[utoipa::path(get, path = "/api/Public/Competitions/{id}", operation_id = "getPublicCompetition", tag = "Public",
    params(("id" = u64, Path)), security(()),
    responses((status = 200, body = PublicCompetition), (status = 404, body = ErrorBody)))]
async fn competition(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<PublicCompetition>> {
    let competition = state
        .store
        .get::<Competition>(id)
        .ok()
        .filter(|c| c.fields.is_public)
        .ok_or_else(|| ApiError::NotFound(format!("There is no public competition {id}.")))?;
    let mut games = state.store.matches_of(MatchesOf::Competition(id))?;
    games.sort_by_key(|g| (g.state.fields.start_date, g.id));
    let round = current_round(&games).map(|r| r.map(str::to_owned));
    let mut names = MatchNames::default();
    let mut views = |keep: &dyn Fn(&Match) -> bool| -> Vec<MatchView> {
        games
            .iter()
            .filter(|g| keep(g))
            .map(|g| names.view(&state, g, false))
            .collect()
    };
    let live = views(&|g| g.state.status_id.is_under_way());
    let round_matches = match &round {
        Some(round) => views(&|g| g.state.fields.round == *round),
        None => Vec::new(),
    };
    let standings: Vec<StandingGroupView> = super::standings::tables(&state, id)?;
    let f = competition.fields;
    Ok(Json(PublicCompetition {
        id,
        name: f.name,
        name_universal: f.name_universal,
        season: f.season,
        logo: f.logo,
        live,
        round: round.flatten(),
        round_matches,
        standings,
    }))
}

/// A team's crest as a PNG: its own logo, else its club's.
#[utoipa::path(get, path = "/api/Public/Teams/{id}/crest", operation_id = "getTeamCrest", tag = "Public",
    params(("id" = u64, Path)), security(()),
    responses((status = 200, content_type = "image/png", body = Vec<u8>), (status = 404, body = ErrorBody)))]
async fn team_crest(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<Response> {
    let team = state.store.get::<polodesk_domain::teams::Team>(id).ok();
    let logo = team.and_then(|team| {
        team.fields.logo.or_else(|| {
            state
                .store
                .get::<polodesk_domain::clubs::Club>(team.fields.club_id)
                .ok()?
                .fields
                .logo
        })
    });
    let png = logo
        .as_deref()
        .and_then(png_bytes)
        .ok_or_else(|| ApiError::NotFound(format!("Team {id} has no crest.")))?;
    Ok(([(header::CONTENT_TYPE, "image/png")], png).into_response())
}

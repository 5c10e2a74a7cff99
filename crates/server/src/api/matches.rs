//! Matches (spec 02 §7): list, search, detail, the match form with its forward-only status,
//! lineups, coaches and officials, the log, the PIN confirmation and the history of the log.

use std::collections::HashMap;

use axum::Extension;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use polodesk_domain::codes::{
    CoachRole, FilterOperator, MatchSegment, MatchStatus, OfficialRole, Position,
};
use polodesk_domain::competitions::Competition;
use polodesk_domain::dates::{Date, Instant};
use polodesk_domain::matches::{
    self as rules, HistoryEntry, Match, MatchCoachInput, MatchInput, MatchOfficial,
    MatchOfficialInput, MatchPlayerInput,
};
use polodesk_domain::officials::{Official, check_pin};
use polodesk_domain::persons::Person;
use polodesk_domain::pin_guard::{self, PinRefusal};
use polodesk_domain::query::{Page, SortOrder, page_of};
use polodesk_domain::teams::Team;
use polodesk_domain::validation::{ValidationErrors, fold};
use polodesk_store::{Actor, LogChange, MatchQuery, MatchSort};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use polodesk_domain::views::score::{MatchScore, score_of};

use super::names::EntityRef;
use super::people::Identity;
use super::{Created, created};
use crate::AppState;
use crate::access::{Principal, existing, owns_match};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path, Update};
use crate::identity::secrets;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(search))
        .routes(routes!(get, update, delete))
        .routes(routes!(put_players))
        .routes(routes!(put_coaches))
        .routes(routes!(put_officials))
        .routes(routes!(put_log))
        .routes(routes!(confirm))
        .routes(routes!(history))
        .routes(routes!(add_official))
        .routes(routes!(get_official, update_official, delete_official))
}

/// The caller as the author of a log write: federation staff and administrators may correct a
/// confirmed log.
pub fn actor(principal: &Principal) -> Actor {
    Actor {
        user_id: principal.user.id,
        user: principal.user.email.clone(),
        at: now(),
        may_correct: principal.access.admin || !principal.access.federations.is_empty(),
    }
}

pub fn now() -> Instant {
    Instant(i64::try_from(crate::identity::tokens::now()).unwrap_or(i64::MAX))
}

/// A person by name, as the match lists show referees, players and coaches.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonName {
    pub name: String,
    pub surname: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatchPlayerView {
    pub id: u64,
    pub match_id: u64,
    pub team_id: u64,
    pub player_id: u64,
    pub position_id: Position,
    /// The lineup slot, 1 to 16.
    pub number: u8,
    pub cap_number: u8,
    pub player: Option<PersonName>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatchCoachView {
    pub id: u64,
    pub match_id: u64,
    pub team_id: u64,
    pub coach_id: u64,
    pub role_id: CoachRole,
    pub coach: Option<PersonName>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatchOfficialView {
    pub id: u64,
    pub match_id: u64,
    pub official_id: u64,
    pub role_id: OfficialRole,
    pub confirmed: bool,
    pub confirmed_at: Option<Instant>,
    pub official: Option<PersonName>,
}

/// A match with the names beside its ids (spec 02 §3). Lists leave out logos, lineups and
/// coaches; the detail has them.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Match)]
#[serde(rename_all = "camelCase")]
pub struct MatchView {
    pub home_team_id: u64,
    pub away_team_id: u64,
    pub home_team_display_name: String,
    pub away_team_display_name: String,
    pub home_team: Option<EntityRef>,
    pub away_team: Option<EntityRef>,
    pub federation_id: Option<u64>,
    pub competition_id: u64,
    pub competition: Option<EntityRef>,
    pub competition_display_name: String,
    pub competition_logo: Option<String>,
    pub federation_logo: Option<String>,
    pub country_id: Option<u64>,
    pub country: Option<EntityRef>,
    pub city_id: Option<u64>,
    pub city: Option<EntityRef>,
    pub venue: Option<String>,
    pub round: Option<String>,
    /// The game number.
    pub number: Option<String>,
    pub description: Option<String>,
    pub match_segment_id: MatchSegment,
    pub match_segment: &'static str,
    pub match_segment_length: u8,
    pub start_date: Instant,
    pub end_date: Option<Instant>,
    #[serde(flatten)]
    pub score: MatchScore,
    pub referees: Vec<PersonName>,
    pub delegates: Vec<PersonName>,
    pub officials: Vec<MatchOfficialView>,
    pub players: Vec<MatchPlayerView>,
    pub coaches: Vec<MatchCoachView>,
}

/// A competition as match views show it.
#[derive(Debug, Clone)]
struct CompetitionRef {
    entity: EntityRef,
    federation_id: u64,
    logo: Option<String>,
}

/// What match views name beside the ids, read as a page of views needs it and kept for the
/// request: a search page reads its ten matches' teams, not every team.
#[derive(Debug, Default)]
pub struct MatchNames {
    teams: HashMap<u64, Option<EntityRef>>,
    competitions: HashMap<u64, Option<CompetitionRef>>,
    federation_logos: HashMap<u64, Option<String>>,
    places: HashMap<(bool, u64), Option<EntityRef>>,
    people: HashMap<(u8, u64), Option<PersonName>>,
}

fn entity(id: u64, name: &str, name_universal: &str) -> EntityRef {
    EntityRef {
        id,
        name: name.to_owned(),
        name_universal: name_universal.to_owned(),
    }
}

impl MatchNames {
    fn competition(&mut self, state: &AppState, id: u64) -> Option<CompetitionRef> {
        self.competitions
            .entry(id)
            .or_insert_with(|| {
                let c = state.store.get::<Competition>(id).ok()?;
                Some(CompetitionRef {
                    entity: entity(id, &c.fields.name, &c.fields.name_universal),
                    federation_id: c.fields.federation_id,
                    logo: c.fields.logo,
                })
            })
            .clone()
    }

    fn federation_logo(&mut self, state: &AppState, id: u64) -> Option<String> {
        self.federation_logos
            .entry(id)
            .or_insert_with(|| {
                let federation = state
                    .store
                    .get::<polodesk_domain::federations::Federation>(id);
                federation.ok()?.fields.logo
            })
            .clone()
    }

    /// A country (`true`) or city by name.
    fn place(&mut self, state: &AppState, country: bool, id: Option<u64>) -> Option<EntityRef> {
        let id = id?;
        self.places
            .entry((country, id))
            .or_insert_with(|| {
                if country {
                    let c = state
                        .store
                        .get::<polodesk_domain::reference::Country>(id)
                        .ok()?;
                    Some(entity(id, &c.name, &c.name_universal))
                } else {
                    let c = state
                        .store
                        .get::<polodesk_domain::reference::City>(id)
                        .ok()?;
                    Some(entity(id, &c.name, &c.name_universal))
                }
            })
            .clone()
    }

    fn person<T: Identity>(&mut self, state: &AppState, kind: u8, id: u64) -> Option<PersonName> {
        self.people
            .entry((kind, id))
            .or_insert_with(|| {
                let record = state.store.get::<T>(id).ok()?;
                let person = state.store.get::<Person>(record.person_id()).ok()?;
                Some(PersonName {
                    name: person.fields.name,
                    surname: person.fields.surname,
                })
            })
            .clone()
    }

    fn team(&mut self, state: &AppState, id: u64) -> (String, Option<EntityRef>) {
        let team = self
            .teams
            .entry(id)
            .or_insert_with(|| {
                let team = state.store.get::<Team>(id).ok()?;
                Some(entity(id, &team.fields.name, &team.fields.name_universal))
            })
            .clone();
        (
            team.as_ref().map(|t| t.name.clone()).unwrap_or_default(),
            team,
        )
    }

    pub fn official_view(
        &mut self,
        state: &AppState,
        match_id: u64,
        o: &MatchOfficial,
    ) -> MatchOfficialView {
        MatchOfficialView {
            id: o.id,
            match_id,
            official_id: o.official_id,
            role_id: o.role_id,
            confirmed: o.confirmed,
            confirmed_at: o.confirmed_at,
            official: self.person::<Official>(state, 3, o.official_id),
        }
    }

    /// The view of a match; `full` adds logos, lineups and coaches.
    pub fn view(&mut self, state: &AppState, game: &Match, full: bool) -> MatchView {
        let f = &game.state.fields;
        let (home_name, home_team) = self.team(state, f.home_team_id);
        let (away_name, away_team) = self.team(state, f.away_team_id);
        let officials: Vec<MatchOfficialView> = game
            .state
            .officials
            .iter()
            .map(|o| self.official_view(state, game.id, o))
            .collect();
        let with_role = |role: OfficialRole| -> Vec<PersonName> {
            game.state
                .officials
                .iter()
                .zip(&officials)
                .filter(|(o, _)| o.role_id == role)
                .filter_map(|(_, v)| v.official.clone())
                .collect()
        };
        let (referees, delegates) = (
            with_role(OfficialRole::Referee),
            with_role(OfficialRole::Delegate),
        );
        let (players, coaches) = if full {
            let players = game
                .state
                .players
                .iter()
                .map(|p| MatchPlayerView {
                    id: p.id,
                    match_id: game.id,
                    team_id: p.team_id,
                    player_id: p.player_id,
                    position_id: p.position_id,
                    number: p.number,
                    cap_number: p.cap_number,
                    player: self.person::<polodesk_domain::players::Player>(state, 1, p.player_id),
                })
                .collect();
            let coaches = game
                .state
                .coaches
                .iter()
                .map(|c| MatchCoachView {
                    id: c.id,
                    match_id: game.id,
                    team_id: c.team_id,
                    coach_id: c.coach_id,
                    role_id: c.role_id,
                    coach: self.person::<polodesk_domain::coaches::Coach>(state, 2, c.coach_id),
                })
                .collect();
            (players, coaches)
        } else {
            (Vec::new(), Vec::new())
        };
        let competition = self.competition(state, f.competition_id);
        let federation_logo = match (&competition, full) {
            (Some(c), true) => self.federation_logo(state, c.federation_id),
            _ => None,
        };
        let country = self.place(state, true, f.country_id);
        let city = self.place(state, false, f.city_id);
        MatchView {
            home_team_id: f.home_team_id,
            away_team_id: f.away_team_id,
            home_team_display_name: home_name,
            away_team_display_name: away_name,
            home_team,
            away_team,
            federation_id: competition.as_ref().map(|c| c.federation_id),
            competition_id: f.competition_id,
            competition_display_name: competition
                .as_ref()
                .map(|c| c.entity.name.clone())
                .unwrap_or_default(),
            competition_logo: competition
                .as_ref()
                .filter(|_| full)
                .and_then(|c| c.logo.clone()),
            competition: competition.map(|c| c.entity),
            federation_logo,
            country_id: f.country_id,
            country,
            city_id: f.city_id,
            city,
            venue: f.venue.clone(),
            round: f.round.clone(),
            number: f.number.clone(),
            description: f.description.clone(),
            match_segment_id: f.match_segment_id,
            match_segment: f.match_segment_id.name(),
            match_segment_length: f.match_segment_length,
            start_date: f.start_date,
            end_date: f.end_date,
            score: score_of(game),
            referees,
            delegates,
            officials,
            players,
            coaches,
        }
    }

    /// Teams whose name or universal name contains `needle` (ignoring case and accents).
    fn teams_named(state: &AppState, needle: &str) -> ApiResult<Vec<u64>> {
        Ok(state
            .store
            .list::<Team>()?
            .into_iter()
            .filter(|t| {
                polodesk_domain::query::contains(&t.fields.name, needle)
                    || polodesk_domain::query::contains(&t.fields.name_universal, needle)
            })
            .map(|t| t.id)
            .collect())
    }
}

/// The views of several matches, latest first, as the details of teams, people and
/// competitions list them.
pub fn views_of(state: &AppState, of: polodesk_store::MatchesOf) -> ApiResult<Vec<MatchView>> {
    let matches = state.store.matches_of(of)?;
    let mut names = MatchNames::default();
    Ok(matches
        .iter()
        .map(|m| names.view(state, m, false))
        .collect())
}

/// A federation account creates and moves matches only in its own federation's competitions.
fn check_competition(
    state: &AppState,
    principal: &Principal,
    competition_id: u64,
) -> ApiResult<()> {
    let access = &principal.access;
    if access.admin || access.federations.is_empty() {
        return Ok(());
    }
    match state.store.get::<Competition>(competition_id) {
        Ok(c) if access.federations.contains(&c.fields.federation_id) => Ok(()),
        _ => Err(ApiError::Forbidden),
    }
}

/// Every match, latest first, without logos and lineups.
#[utoipa::path(get, path = "/api/Matches", tag = "Matches",
    responses((status = 200, body = Vec<MatchView>)))]
async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<MatchView>>> {
    let mut matches = state.store.all_matches()?;
    matches.sort_by_key(|m| std::cmp::Reverse((m.state.fields.start_date, m.id)));
    let mut names = MatchNames::default();
    Ok(Json(
        matches
            .iter()
            .map(|m| names.view(&state, m, false))
            .collect(),
    ))
}

/// One condition on the start: a value (an RFC 3339 instant, or a day `YYYY-MM-DD` meaning its
/// midnight UTC) and how to compare.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DateCondition {
    pub value: String,
    /// EQ (the same UTC day), GT, LT, GTE or LTE; EQ when left out.
    pub operation: Option<FilterOperator>,
}

/// The date presets of the matches list (spec 02 §2), in UTC, weeks from Monday.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DatePreset {
    ThisWeek,
    ThisMonth,
    LastWeek,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MatchFilter {
    /// A part of the home team's name (case and accents ignored).
    pub home_team_display_name: Option<String>,
    pub away_team_display_name: Option<String>,
    pub competition_id: Option<u64>,
    /// Matches with this team at home or away.
    pub team_id: Option<u64>,
    pub venue: Option<String>,
    pub round: Option<String>,
    /// One status.
    pub status: Option<MatchStatus>,
    /// Every condition must hold.
    #[serde(default)]
    pub start_date: Vec<DateCondition>,
    pub start_date_preset: Option<DatePreset>,
}

/// `POST /api/Matches/search` (spec 02 §3 Match search query).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MatchSearch {
    #[serde(default)]
    pub filter: MatchFilter,
    /// 1-based (default 1).
    pub page_index: Option<u32>,
    /// 1 to 100 (default 10).
    pub page_size: Option<u32>,
    /// startDate (default), id, venue, round, status or competition.
    pub sort_by: Option<String>,
    /// descend by default.
    pub sort_order: Option<SortOrder>,
}

const SORTABLE: &[&str] = &["startDate", "id", "venue", "round", "status", "competition"];

fn parse_moment(text: &str) -> Option<Instant> {
    Instant::parse(text).or_else(|| {
        let date = Date::parse(text)?;
        Instant::parse(&format!("{date}T00:00:00Z"))
    })
}

/// The start conditions of a preset at `now`: [from, to).
fn preset_range(preset: DatePreset, now: Instant) -> [(FilterOperator, Instant); 2] {
    let day = 86_400;
    let week = now.week_start_days() * day;
    let (from, to) = match preset {
        DatePreset::ThisWeek => (week, week + 7 * day),
        DatePreset::LastWeek => (week - 7 * day, week),
        DatePreset::ThisMonth => {
            let date = now.date().unwrap_or(Date {
                year: 1970,
                month: 1,
                day: 1,
            });
            let first = |year: u16, month: u8| {
                parse_moment(&format!("{year:04}-{month:02}-01")).map_or(0, |i| i.0)
            };
            let (next_year, next_month) = if date.month == 12 {
                (date.year + 1, 1)
            } else {
                (date.year, date.month + 1)
            };
            (first(date.year, date.month), first(next_year, next_month))
        }
    };
    [
        (FilterOperator::Gte, Instant(from)),
        (FilterOperator::Lt, Instant(to)),
    ]
}

/// Matches matching the filter, sorted (by start, latest first, unless asked otherwise) and
/// paged, with the total.
#[utoipa::path(post, path = "/api/Matches/search", tag = "Matches", request_body = MatchSearch,
    responses((status = 200, body = Page<MatchView>), (status = 400, body = ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Json(search): Json<MatchSearch>,
) -> ApiResult<Json<Page<MatchView>>> {
    let mut errors = ValidationErrors::new();
    let order = match (&search.sort_by, search.sort_order) {
        (None, None) => Some(SortOrder::Descend),
        (_, order) => order.or(Some(SortOrder::Descend)),
    };
    let request = super::search::page_request(
        &mut errors,
        search.page_index,
        search.page_size,
        search.sort_by.clone(),
        order,
        SORTABLE,
    );
    let filter = search.filter;
    let mut start = Vec::new();
    for (i, condition) in filter.start_date.iter().enumerate() {
        let operation = condition.operation.unwrap_or(FilterOperator::Eq);
        match parse_moment(condition.value.trim()) {
            _ if operation == FilterOperator::Contains => errors.add(
                &format!("filter.startDate[{i}].operation"),
                "Dates take EQ, GT, LT, GTE or LTE.",
            ),
            Some(at) => start.push((operation, at)),
            None => errors.add(
                &format!("filter.startDate[{i}].value"),
                "Expected a date such as 2026-05-01 or 2026-05-01T18:30:00Z.",
            ),
        }
    }
    if let Some(preset) = filter.start_date_preset {
        start.extend(preset_range(preset, now()));
    }
    if !errors.is_empty() {
        return Err(errors.into());
    }
    let mut names = MatchNames::default();
    let text = |t: &Option<String>| {
        t.as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(fold)
    };
    let query = MatchQuery {
        competition_id: filter.competition_id,
        home_teams: text(&filter.home_team_display_name)
            .map(|n| MatchNames::teams_named(&state, &n))
            .transpose()?,
        away_teams: text(&filter.away_team_display_name)
            .map(|n| MatchNames::teams_named(&state, &n))
            .transpose()?,
        team_id: filter.team_id,
        venue: text(&filter.venue),
        round: text(&filter.round),
        statuses: filter.status.map(|s| vec![s]),
        start,
        sort: match request
            .sort_by
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("id") => MatchSort::Id,
            Some("venue") => MatchSort::Venue,
            Some("round") => MatchSort::Round,
            Some("status") => MatchSort::Status,
            Some("competition") => MatchSort::Competition,
            _ => MatchSort::StartDate,
        },
        descending: request.sort_order == SortOrder::Descend,
        skip: request.skip(),
        take: request.page_size as usize,
    };
    let (matches, total) = state.store.search_matches(&query)?;
    let items = matches
        .iter()
        .map(|m| names.view(&state, m, false))
        .collect();
    Ok(Json(page_of(items, total, &request)))
}

/// A match with logos, lineups, coaches and officials.
#[utoipa::path(get, path = "/api/Matches/{id}", tag = "Matches", params(("id" = u64, Path)),
    responses((status = 200, body = MatchView), (status = 404, body = ErrorBody)))]
async fn get(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<Json<MatchView>> {
    let game = state.store.get_match(id)?;
    Ok(Json(MatchNames::default().view(&state, &game, true)))
}

/// The full view of a match after a write.
pub fn detail(state: &AppState, game: &Match) -> ApiResult<MatchView> {
    Ok(MatchNames::default().view(state, game, true))
}

/// A new match: Not_Started, segment length 8 unless given. Both teams must be entered in the
/// competition.
#[utoipa::path(post, path = "/api/Matches", tag = "Matches", request_body = MatchInput,
    responses((status = 201, body = MatchView), (status = 400, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<MatchInput>,
) -> ApiResult<Created<MatchView>> {
    let (fields, _) = input.validate(true)?;
    check_competition(&state, &principal, fields.competition_id)?;
    let game = state.store.create_match(fields, actor(&principal)).await?;
    super::live::match_changed(&state, &game);
    Ok(created(
        format!("/api/Matches/{}", game.id),
        detail(&state, &game)?,
    ))
}

/// Replaces the match form's fields; `statusId` moves the status forward (Finish Match sends
/// the whole match with statusId 206). Answers 204.
#[utoipa::path(put, path = "/api/Matches/{id}", tag = "Matches", request_body = inline(Update<MatchInput, MatchView>),
    params(("id" = u64, Path)),
    responses((status = 204), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<MatchInput, MatchView>,
) -> ApiResult<StatusCode> {
    let (fields, status) = input.validate(false)?;
    check_competition(&state, &principal, fields.competition_id)?;
    // An official (no federation of their own) plays the match they are given: they may move
    // its status and details, not its competition or teams.
    let access = &principal.access;
    if !access.admin && access.federations.is_empty() {
        let current = state.store.get_match(id)?.state.fields;
        let fixture = |f: &polodesk_domain::matches::MatchFields| {
            (f.competition_id, f.home_team_id, f.away_team_id)
        };
        if fixture(&current) != fixture(&fields) {
            return Err(ApiError::Forbidden);
        }
    }
    let game = state
        .store
        .update_match(id, fields, status, actor(&principal))
        .await?;
    super::live::match_changed(&state, &game);
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/api/Matches/{id}", tag = "Matches", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<StatusCode> {
    state.store.delete_match(id).await?;
    super::live::match_deleted(&state, id);
    Ok(StatusCode::NO_CONTENT)
}

/// `PUT /api/Matches/{id}/players` (spec 02 §3 Lineup).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LineupInput {
    /// Ignored: the path names the match.
    pub match_id: Option<u64>,
    pub match_players: Vec<MatchPlayerInput>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CoachesInput {
    pub match_id: Option<u64>,
    pub match_coaches: Vec<MatchCoachInput>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OfficialsInput {
    pub match_id: Option<u64>,
    pub match_officials: Vec<MatchOfficialInput>,
}

/// The match log (spec 02 §3): lineups, coaches and officials in one save.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MatchLogInput {
    pub match_id: Option<u64>,
    pub match_coaches: Option<Vec<MatchCoachInput>>,
    pub match_officials: Option<Vec<MatchOfficialInput>>,
    pub match_players: Option<Vec<MatchPlayerInput>>,
}

/// Checks and applies a log change; the parts left out stay as they are.
async fn change_log(
    state: &AppState,
    principal: &Principal,
    id: u64,
    input: MatchLogInput,
) -> ApiResult<Json<MatchView>> {
    let game = state.store.get_match(id)?;
    let mut errors = ValidationErrors::new();
    same_id(&mut errors, "matchId", input.match_id, id);
    let mut change = LogChange::default();
    if let Some(rows) = input.match_players {
        match rules::check_players(&game.state, rows) {
            Ok(rows) => change.players = Some(rows),
            Err(e) => merge(&mut errors, e),
        }
    }
    if let Some(rows) = input.match_coaches {
        match rules::check_coaches(&game.state, rows) {
            Ok(rows) => change.coaches = Some(rows),
            Err(e) => merge(&mut errors, e),
        }
    }
    if let Some(rows) = input.match_officials {
        // Who officiates is Create and Delete on Officials (spec 02 §6); officials may change
        // their roles only.
        let mut asked: Vec<Option<u64>> = rows.iter().map(|r| r.official_id).collect();
        let mut current: Vec<Option<u64>> = game
            .state
            .officials
            .iter()
            .map(|o| Some(o.official_id))
            .collect();
        asked.sort_unstable();
        current.sort_unstable();
        let may_assign = polodesk_domain::permissions::allows(
            &principal.roles,
            polodesk_domain::permissions::Module::Officials,
            polodesk_domain::codes::PermissionAction::Create,
        );
        if asked != current && !may_assign {
            return Err(ApiError::Forbidden);
        }
        match rules::check_officials(rows) {
            Ok(rows) => change.officials = Some(rows),
            Err(e) => merge(&mut errors, e),
        }
    }
    if !errors.is_empty() {
        return Err(errors.into());
    }
    let game = state.store.change_log(id, change, actor(principal)).await?;
    super::live::match_changed(state, &game);
    Ok(Json(detail(state, &game)?))
}

/// An id the body repeats must be the one the path names.
fn same_id(errors: &mut ValidationErrors, field: &str, sent: Option<u64>, path: u64) {
    if sent.is_some_and(|sent| sent != path) {
        errors.add(field, crate::extract::ID_MISMATCH);
    }
}

fn merge(errors: &mut ValidationErrors, other: ValidationErrors) {
    for (field, messages) in other.fields() {
        messages.iter().for_each(|m| errors.add(field, m));
    }
}

/// Sets the players of both lineups (16 slots a team; keepers in 1 and 13), only before the
/// match starts; a player an event names stays.
#[utoipa::path(put, path = "/api/Matches/{id}/players", tag = "Matches", request_body = LineupInput,
    params(("id" = u64, Path)),
    responses((status = 200, body = MatchView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn put_players(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
    Json(input): Json<LineupInput>,
) -> ApiResult<Json<MatchView>> {
    let input = MatchLogInput {
        match_id: input.match_id,
        match_players: Some(input.match_players),
        ..MatchLogInput::default()
    };
    change_log(&state, &principal, id, input).await
}

/// Sets the coaches of both benches, only before the match starts.
#[utoipa::path(put, path = "/api/Matches/{id}/coaches", tag = "Matches", request_body = CoachesInput,
    params(("id" = u64, Path)),
    responses((status = 200, body = MatchView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn put_coaches(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
    Json(input): Json<CoachesInput>,
) -> ApiResult<Json<MatchView>> {
    let input = MatchLogInput {
        match_id: input.match_id,
        match_coaches: Some(input.match_coaches),
        ..MatchLogInput::default()
    };
    change_log(&state, &principal, id, input).await
}

/// Sets the officials of the match (each once); confirmations of officials who stay are kept.
#[utoipa::path(put, path = "/api/Matches/{id}/officials", tag = "Matches", request_body = OfficialsInput,
    params(("id" = u64, Path)),
    responses((status = 200, body = MatchView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn put_officials(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
    Json(input): Json<OfficialsInput>,
) -> ApiResult<Json<MatchView>> {
    let input = MatchLogInput {
        match_id: input.match_id,
        match_officials: Some(input.match_officials),
        ..MatchLogInput::default()
    };
    change_log(&state, &principal, id, input).await
}

/// Saves the match log (the Save Match Log button): lineups, coaches and officials together.
/// Answers the reloaded match.
#[utoipa::path(put, path = "/api/Matches/{id}/log", tag = "Matches", request_body = MatchLogInput,
    params(("id" = u64, Path)),
    responses((status = 200, body = MatchView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn put_log(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
    Json(input): Json<MatchLogInput>,
) -> ApiResult<Json<MatchView>> {
    change_log(&state, &principal, id, input).await
}

/// `PUT /api/Matches/{matchOfficialId}/confirm`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConfirmInput {
    /// Ignored: the path names the match official.
    pub match_official_id: Option<u64>,
    /// Four digits; needed when the competition asks for PIN confirmation.
    pub pin: Option<String>,
}

/// A 429 with the time to wait, or the lock's message.
fn refused(refusal: PinRefusal) -> Response {
    let mut response = ApiError::TooManyRequests(refusal.message().to_owned()).into_response();
    if let PinRefusal::Paused { retry_after } = refusal
        && let Ok(value) = HeaderValue::from_str(&retry_after.to_string())
    {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// Confirms the log for one match official, with the official's PIN when the competition asks
/// for it; only once the match is finished. Five wrong PINs within 15 minutes pause that
/// official's confirmations for 15 minutes (429); ten in a row lock the PIN until a new one is
/// set.
#[utoipa::path(put, path = "/api/Matches/{id}/confirm", tag = "Matches",
    request_body = ConfirmInput, params(("id" = u64, Path, description = "The match official's id")),
    responses((status = 200, body = MatchOfficialView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
async fn confirm(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(match_official_id): Path<u64>,
    Json(input): Json<ConfirmInput>,
) -> Result<Json<MatchOfficialView>, Response> {
    let fail = |e: ApiError| e.into_response();
    let mut errors = ValidationErrors::new();
    same_id(
        &mut errors,
        "matchOfficialId",
        input.match_official_id,
        match_official_id,
    );
    if !errors.is_empty() {
        return Err(fail(errors.into()));
    }
    let game = state
        .store
        .match_of_official_entry(match_official_id)
        .map_err(|e| fail(e.into()))?;
    let entry = game
        .state
        .officials
        .iter()
        .find(|o| o.id == match_official_id)
        .cloned()
        .ok_or_else(|| {
            fail(ApiError::NotFound(format!(
                "Match official {match_official_id} was not found."
            )))
        })?;
    if game.state.status_id != polodesk_domain::codes::MatchStatus::Finished {
        return Err(fail(ApiError::Conflict(rules::NOT_FINISHED.into())));
    }
    let competition = state
        .store
        .get::<Competition>(game.state.fields.competition_id)
        .map_err(|e| fail(e.into()))?;
    let access = &principal.access;
    let staff = access.admin || !access.federations.is_empty();
    if !competition.fields.game_log_pin_confirmation_required
        && !staff
        && !access.officials.contains(&entry.official_id)
    {
        // Without a PIN, nothing but the caller's identity says who confirms.
        return Err(fail(ApiError::Forbidden));
    }
    if competition.fields.game_log_pin_confirmation_required {
        let pin = match input.pin.as_deref().map(str::trim) {
            None | Some("") => {
                return Err(fail(
                    ValidationErrors::single("pin", rules::PIN_REQUIRED).into(),
                ));
            }
            Some(pin) => check_pin(Some(pin)).map_err(|e| fail(e.into()))?.to_owned(),
        };
        let hash = state
            .store
            .official_pin_hash(entry.official_id)
            .map_err(|e| fail(e.into()))?
            .ok_or_else(|| fail(ApiError::Conflict(pin_guard::NO_PIN.into())))?;
        // Counted before the check, as the sign-in throttle does: parallel guesses cannot all
        // pass the guard before one of them is counted.
        let now_seconds = now().0;
        let guard = state
            .store
            .start_pin_attempt(entry.official_id, now_seconds)
            .await
            .map_err(|e| fail(e.into()))?
            .map_err(refused)?;
        if !secrets::verify_password(pin, hash).await {
            if let Err(refusal) = guard.check(now_seconds) {
                return Err(refused(refusal));
            }
            return Err(fail(
                ValidationErrors::single("pin", pin_guard::WRONG_PIN).into(),
            ));
        }
    }
    let (game, confirmed) = state
        .store
        .confirm_match_log(match_official_id, actor(&principal))
        .await
        .map_err(|e| fail(e.into()))?;
    super::live::match_changed(&state, &game);
    let mut names = MatchNames::default();
    Ok(Json(names.official_view(&state, game.id, &confirmed)))
}

/// One write to a match's log, as its history shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryView {
    /// 1 for the first write.
    pub sequence: u64,
    pub at: Instant,
    pub user_id: u64,
    pub user: String,
    pub action: String,
    /// What the write changed before it: an event or the match's fields (objects), a lineup
    /// (an array), a status (a number); null when there was nothing.
    pub before: Option<serde_json::Value>,
    /// The same, after the write.
    pub after: Option<serde_json::Value>,
}

fn history_view(sequence: u64, entry: HistoryEntry) -> HistoryView {
    let parse = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
    HistoryView {
        sequence,
        at: entry.at,
        user_id: entry.user_id,
        user: entry.user,
        action: entry.action,
        before: parse(entry.before),
        after: parse(entry.after),
    }
}

/// Every write to the match and its log, oldest first: who, when, and before and after.
#[utoipa::path(get, path = "/api/Matches/{id}/history", tag = "Matches", params(("id" = u64, Path)),
    responses((status = 200, body = Vec<HistoryView>), (status = 404, body = ErrorBody)))]
async fn history(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<Vec<HistoryView>>> {
    let entries = state.store.match_history(id)?;
    Ok(Json(
        entries
            .into_iter()
            .zip(1..)
            .map(|(entry, sequence)| history_view(sequence, entry))
            .collect(),
    ))
}

/// Adds an official to a match.
#[utoipa::path(post, path = "/api/MatchOfficials", tag = "Matches", request_body = MatchOfficialInput,
    responses((status = 201, body = MatchOfficialView), (status = 400, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn add_official(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<MatchOfficialInput>,
) -> ApiResult<Created<MatchOfficialView>> {
    let match_id = input.match_id;
    let row = rules::check_official(input);
    let Some(match_id) = match_id else {
        let mut errors = row.err().unwrap_or_default();
        errors.add("matchId", "Match field is required!");
        return Err(errors.into());
    };
    let row = row?;
    let game = match state.store.get_match(match_id) {
        Err(polodesk_store::StoreError::NotFound { .. }) if !principal.access.admin => {
            return Err(ApiError::Forbidden);
        }
        Err(polodesk_store::StoreError::NotFound { .. }) => {
            return Err(
                ValidationErrors::single("matchId", "The chosen match does not exist.").into(),
            );
        }
        other => other?,
    };
    if !owns_match(&state, &principal.access, &game) {
        return Err(ApiError::Forbidden);
    }
    let (game, added) = state
        .store
        .add_match_official(match_id, row, actor(&principal))
        .await?;
    super::live::match_changed(&state, &game);
    let view = MatchNames::default().official_view(&state, game.id, &added);
    Ok(created(format!("/api/MatchOfficials/{}", added.id), view))
}

/// One match official, with the official's name and whether they confirmed the log.
#[utoipa::path(get, path = "/api/MatchOfficials/{id}", tag = "Matches", params(("id" = u64, Path)),
    responses((status = 200, body = MatchOfficialView), (status = 404, body = ErrorBody)))]
async fn get_official(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<MatchOfficialView>> {
    let game = state.store.match_of_official_entry(id)?;
    let entry = game
        .state
        .officials
        .iter()
        .find(|o| o.id == id)
        .ok_or_else(|| ApiError::NotFound(format!("Match official {id} was not found.")))?;
    Ok(Json(
        MatchNames::default().official_view(&state, game.id, entry),
    ))
}

/// Changes a match official's role (or which official it is, which clears the confirmation).
#[utoipa::path(put, path = "/api/MatchOfficials/{id}", tag = "Matches", request_body = inline(Update<MatchOfficialInput, MatchOfficialView>),
    params(("id" = u64, Path)),
    responses((status = 200, body = MatchOfficialView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_official(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<MatchOfficialInput, MatchOfficialView>,
) -> ApiResult<Json<MatchOfficialView>> {
    let mut errors = ValidationErrors::new();
    let current = existing(&principal, state.store.match_of_official_entry(id))?;
    same_id(&mut errors, "matchId", input.match_id, current.id);
    if !errors.is_empty() {
        return Err(errors.into());
    }
    let row = rules::check_official(input)?;
    let (game, updated) = state
        .store
        .update_match_official(id, row, actor(&principal))
        .await?;
    super::live::match_changed(&state, &game);
    Ok(Json(
        MatchNames::default().official_view(&state, game.id, &updated),
    ))
}

#[utoipa::path(delete, path = "/api/MatchOfficials/{id}", tag = "Matches", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn delete_official(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    let game = state
        .store
        .delete_match_official(id, actor(&principal))
        .await?;
    super::live::match_changed(&state, &game);
    Ok(StatusCode::NO_CONTENT)
}

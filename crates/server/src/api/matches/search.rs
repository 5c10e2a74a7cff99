//! The match search of the matches list (spec 02 §2, §3): filters, date presets, sorting
//! and paging.

use axum::extract::State;
use polodesk_domain::codes::{FilterOperator, MatchStatus};
use polodesk_domain::dates::{Date, Instant};
use polodesk_domain::query::{Page, SortOrder, page_of};
use polodesk_domain::validation::{ValidationErrors, fold};
use polodesk_store::{MatchQuery, MatchSort};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::Json;

use super::now;
use polodesk_domain::views::matches::MatchView;

use super::views::MatchNames;

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
#[utoipa::path(post, path = "/api/Matches/search", operation_id = "searchMatches", tag = "Matches", request_body = MatchSearch,
    responses((status = 200, body = Page<MatchView>), (status = 400, body = ErrorBody)))]
pub async fn search(
    State(state): State<AppState>,
    Json(search): Json<MatchSearch>,
) -> ApiResult<Json<Page<MatchView>>> {
    let mut errors = ValidationErrors::new();
    let order = match (&search.sort_by, search.sort_order) {
        (None, None) => Some(SortOrder::Descend),
        (_, order) => order.or(Some(SortOrder::Descend)),
    };
    let request = crate::api::search::page_request(
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
        home_teams: text(&filter.home_team_display_name).map(|n| state.store.teams_named(&n)),
        away_teams: text(&filter.away_team_display_name).map(|n| state.store.teams_named(&n)),
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

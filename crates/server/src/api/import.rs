//! Imports (issue #7): `POST /api/Import/{kind}` with `{ "rows": [...] }`, each row exactly the
//! body of that kind's create call (`POST /api/Clubs`, `/api/Teams`, `/api/Players`,
//! `/api/Coaches`, `/api/Officials`, `/api/Matches`). Every row is checked by the same form
//! rules and reference checks as its create call; every rejected row is reported under
//! `rows[i].field`, and then nothing is written. Otherwise all rows land in one transaction.
//! `?dryRun=true` makes every check and writes nothing. Administrators only.

use std::collections::BTreeSet;

use axum::Extension;
use axum::extract::{DefaultBodyLimit, State};
use polodesk_domain::clubs::{Club, ClubInput};
use polodesk_domain::coaches::CoachInput;
use polodesk_domain::matches::MatchInput;
use polodesk_domain::officials::NewOfficialInput;
use polodesk_domain::players::NewPlayerInput;
use polodesk_domain::reference::Category;
use polodesk_domain::teams::{Team, TeamInput};
use polodesk_domain::validation::ValidationErrors;
use polodesk_domain::views::import::{ImportInput, ImportResult};
use polodesk_store::{ImportBatch, StoreError};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::today;
use crate::AppState;
use crate::access::Principal;
use crate::error::{ApiError, ApiResult, ErrorBody, unreadable};
use crate::extract::{Json, Path, Query};

/// An import carries a whole file: 100,000 players take about 25 MiB of JSON.
pub const IMPORT_BODY_LIMIT: usize = 256 * 1024 * 1024;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(import))
        .layer(DefaultBodyLimit::max(IMPORT_BODY_LIMIT))
}

/// What can be imported, by its path segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Clubs,
    Teams,
    Players,
    Coaches,
    Officials,
    Matches,
}

const KINDS: &str = "clubs, teams, players, coaches, officials, matches";

impl Kind {
    fn parse(text: &str) -> Option<Kind> {
        Some(match text.to_ascii_lowercase().as_str() {
            "clubs" => Kind::Clubs,
            "teams" => Kind::Teams,
            "players" => Kind::Players,
            "coaches" => Kind::Coaches,
            "officials" => Kind::Officials,
            "matches" => Kind::Matches,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Clubs => "clubs",
            Kind::Teams => "teams",
            Kind::Players => "players",
            Kind::Coaches => "coaches",
            Kind::Officials => "officials",
            Kind::Matches => "matches",
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ImportQuery {
    /// Check every row and write nothing.
    pub dry_run: Option<bool>,
}

/// Imports rows of one kind, all or nothing.
#[utoipa::path(post, path = "/api/Import/{kind}", operation_id = "importRecords", tag = "Import",
    params(("kind" = String, Path, description = "clubs, teams, players, coaches, officials or matches"),
        ImportQuery),
    request_body = ImportInput,
    responses((status = 200, body = ImportResult), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn import(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(kind): Path<String>,
    Query(query): Query<ImportQuery>,
    Json(input): Json<ImportInput>,
) -> ApiResult<Json<ImportResult>> {
    let kind = Kind::parse(&kind).ok_or_else(|| {
        ApiError::NotFound(format!(
            "There is no import of {kind}; the kinds are {KINDS}."
        ))
    })?;
    let dry_run = query.dry_run.unwrap_or(false);
    let total = input.rows.len();
    let mut errors = ValidationErrors::new();
    let store = &state.store;
    let outcome = match kind {
        Kind::Clubs => {
            let rows = checked(input.rows, &mut errors, |mut input: ClubInput| {
                let categories: BTreeSet<u64> = input
                    .team_categories
                    .take()
                    .unwrap_or_default()
                    .into_iter()
                    .collect();
                Ok((input.validate()?, categories))
            });
            let rehearse = dry_run || !errors.is_empty();
            store
                .import(rows, rehearse, |batch, (fields, categories)| {
                    club_row(batch, fields, &categories)
                })
                .await
        }
        Kind::Teams => {
            let rows = checked(input.rows, &mut errors, TeamInput::validate);
            let rehearse = dry_run || !errors.is_empty();
            store
                .import(rows, rehearse, |batch, fields| {
                    Ok(batch.create::<Team>(fields)?.id)
                })
                .await
        }
        Kind::Players => {
            let rows = checked(input.rows, &mut errors, NewPlayerInput::validate);
            let rehearse = dry_run || !errors.is_empty();
            store
                .import(rows, rehearse, |batch, new| {
                    Ok(batch.create_player(new)?.id)
                })
                .await
        }
        Kind::Coaches => {
            let rows = checked(input.rows, &mut errors, CoachInput::validate);
            let rehearse = dry_run || !errors.is_empty();
            store
                .import(rows, rehearse, |batch, new| Ok(batch.create_coach(new)?.id))
                .await
        }
        Kind::Officials => {
            let today = today();
            let rows = checked(input.rows, &mut errors, |input: NewOfficialInput| {
                input.validate(today)
            });
            let rehearse = dry_run || !errors.is_empty();
            store
                .import(rows, rehearse, |batch, new| {
                    Ok(batch.create_official(new)?.id)
                })
                .await
        }
        Kind::Matches => {
            let rows = checked(input.rows, &mut errors, |input: MatchInput| {
                Ok(input.validate(true)?.0)
            });
            let rehearse = dry_run || !errors.is_empty();
            let actor = super::matches::actor(&principal);
            store
                .import(rows, rehearse, move |batch, fields| {
                    Ok(batch.create_match(fields, &actor)?.id)
                })
                .await
        }
    };
    let ids = match outcome {
        Ok(ids) => ids,
        Err(StoreError::Invalid(found)) => {
            for (field, messages) in found.fields() {
                for message in messages {
                    errors.add(field, message);
                }
            }
            Vec::new()
        }
        Err(other) => return Err(other.into()),
    };
    if !errors.is_empty() {
        return Err(rejected(&errors, total));
    }
    Ok(Json(ImportResult {
        kind: kind.name().to_owned(),
        rows: total,
        created: ids.len(),
        dry_run,
        ids: if dry_run { Vec::new() } else { ids },
    }))
}

/// The answer to an import with rejected rows: each row's messages under `rows[i].field`, and
/// how many rows were rejected.
fn rejected(errors: &ValidationErrors, total: usize) -> ApiError {
    let rows: BTreeSet<&str> = errors
        .fields()
        .keys()
        .filter_map(|field| field.split_once(']').map(|(row, _)| row))
        .collect();
    let message = format!(
        "{} of {total} rows were rejected; nothing was imported.",
        rows.len()
    );
    ApiError::Fields(message, errors.clone())
}

/// Reads and checks each row as its create call would; a rejected row's messages go to
/// `errors` under `rows[i]`, and only the rows that pass are answered, with their numbers.
fn checked<I, T>(
    rows: Vec<serde_json::Value>,
    errors: &mut ValidationErrors,
    check: impl Fn(I) -> Result<T, ValidationErrors>,
) -> Vec<(usize, T)>
where
    I: DeserializeOwned,
{
    let mut passed = Vec::with_capacity(rows.len());
    for (index, row) in rows.into_iter().enumerate() {
        let prefix = format!("rows[{index}]");
        let input: I = match serde_path_to_error::deserialize(row) {
            Ok(input) => input,
            Err(error) => {
                let (field, message) = unreadable(&error);
                let field = if field.is_empty() {
                    prefix
                } else {
                    format!("{prefix}.{field}")
                };
                errors.add(&field, &message);
                continue;
            }
        };
        match check(input) {
            Ok(value) => passed.push((index, value)),
            Err(inner) => errors.nest(&prefix, inner),
        }
    }
    passed
}

/// One club and a team for each category chosen, as `POST /api/Clubs` makes them.
fn club_row(
    batch: &ImportBatch<'_>,
    fields: polodesk_domain::clubs::ClubFields,
    categories: &BTreeSet<u64>,
) -> Result<u64, StoreError> {
    let mut found = Vec::new();
    for id in categories {
        let category: Category = batch.get(*id).map_err(|_| {
            StoreError::Invalid(ValidationErrors::single(
                "teamCategories",
                "A chosen category does not exist.",
            ))
        })?;
        found.push(category);
    }
    let club = batch.create::<Club>(fields)?;
    for category in found {
        batch.create::<Team>(super::clubs::team_of(&club, &category)?)?;
    }
    Ok(club.id)
}

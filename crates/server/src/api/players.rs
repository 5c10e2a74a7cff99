//! Players (spec 01 §7 Players): list, search, detail with clubs and teams, create with a new or
//! existing person and memberships in one call, update of the player's own fields, delete.
//! Federation and club staff manage the players of their clubs and teams, coaches those of the
//! teams they coach.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::memberships::{ClubPlayerFields, TeamPlayerFields};
use polodesk_domain::players::{NewPlayerInput, Player, PlayerFields, PlayerInput};
use polodesk_domain::query::Page;
use polodesk_store::Owner;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use super::Created;
use super::memberships::{
    ClubPlayerView, TeamPlayerView, club_player_view, link_views, team_player_view,
};
use super::people::{self, PersonNames, Row};
use crate::AppState;
use crate::access::{Principal, check_owners, manages_player};
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Path, Query, Update};
use polodesk_domain::views::people::PersonView;

pub fn routes() -> OpenApiRouter<AppState> {
    record_routes!()
}

/// A player with the person's names.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Player)]
#[serde(rename_all = "camelCase")]
pub struct PlayerView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: PlayerFields,
    #[serde(flatten)]
    pub names: PersonNames,
    /// The primary position's label.
    pub primary_position: Option<&'static str>,
}

fn view(row: Row<Player>) -> PlayerView {
    PlayerView {
        id: row.record.id,
        primary_position: row.record.fields.primary_position_id.map(|p| p.label()),
        fields: row.record.fields,
        names: row.names,
    }
}

/// A player with the person and the clubs and teams it plays for.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayerDetail {
    #[serde(flatten)]
    pub player: PlayerView,
    pub person: PersonView,
    pub clubs: Vec<ClubPlayerView>,
    pub teams: Vec<TeamPlayerView>,
    /// The matches of this person in this role, latest first.
    pub matches: Vec<super::matches::MatchView>,
}

/// Every player, by surname and name.
#[utoipa::path(get, path = "/api/Players", operation_id = "listPlayers", tag = "Players",
    responses((status = 200, body = Vec<PlayerView>)))]
async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<PlayerView>>> {
    let all = people::list_all(&state, view)?;
    Ok(Json(all))
}

/// Players matching the filters, sorted and paged; by default by surname.
#[utoipa::path(get, path = "/api/Players/search", operation_id = "searchPlayers", tag = "Players", params(people::MemberSearch),
    responses((status = 200, body = Page<PlayerView>), (status = 400, body = ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Query(query): Query<people::MemberSearch>,
) -> ApiResult<Json<Page<PlayerView>>> {
    let page = people::search_members::<Player, ClubPlayerFields, TeamPlayerFields>(&state, query)?;
    Ok(Json(page.map(view)))
}

#[utoipa::path(get, path = "/api/Players/{id}", operation_id = "getPlayer", tag = "Players", params(("id" = u64, Path)),
    responses((status = 200, body = PlayerDetail), (status = 404, body = ErrorBody)))]
async fn get(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<Json<PlayerDetail>> {
    let profile = people::profile::<Player>(&state, id)?;
    Ok(Json(PlayerDetail {
        clubs: link_views(&state, Owner::Player(id), club_player_view)?,
        teams: link_views(&state, Owner::Player(id), team_player_view)?,
        player: view(profile.row),
        person: profile.person,
        matches: profile.matches,
    }))
}

/// Creates a player: an existing person (`personId`) or a new one (`person`), the player's
/// fields, and at least one club or team, in one transaction.
#[utoipa::path(post, path = "/api/Players", operation_id = "createPlayer", tag = "Players", request_body = NewPlayerInput,
    responses((status = 201, body = PlayerDetail), (status = 400, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<NewPlayerInput>,
) -> ApiResult<Created<PlayerDetail>> {
    let new = input.validate()?;
    let owners = new.clubs.iter().map(|c| Owner::Club(c.club_id));
    let owners = owners.chain(new.teams.iter().map(|t| Owner::Team(t.team_id)));
    check_owners(&state, &principal, owners)?;
    let id = state.store.create_player(new).await?.id;
    people::created_detail("/api/Players", id, get(State(state), Path(id))).await
}

/// Updates the player information (height, weight, hand, position).
#[utoipa::path(put, path = "/api/Players/{id}", operation_id = "updatePlayer", tag = "Players", request_body = inline(Update<PlayerInput, PlayerDetail>),
    params(("id" = u64, Path)),
    responses((status = 200, body = PlayerDetail), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<PlayerInput, PlayerDetail>,
) -> ApiResult<Json<PlayerDetail>> {
    let fields = input.validate()?;
    manages_player(&state, &principal, id)?;
    state.store.update::<Player>(id, fields).await?;
    get(State(state), Path(id)).await
}

/// Deletes a player and its memberships; the person stays.
#[utoipa::path(delete, path = "/api/Players/{id}", operation_id = "deletePlayer", tag = "Players", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "A match names them")))]
async fn delete(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    manages_player(&state, &principal, id)?;
    state.store.delete::<Player>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}

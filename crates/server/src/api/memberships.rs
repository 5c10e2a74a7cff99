//! The link calls of spec 01 §7: ClubCoaches, ClubPlayers, TeamCoaches, TeamPlayers,
//! FederationOfficials and CompetitionTeams (create, update, delete), and the views of links
//! that details list. A link is changed by whoever owns its first end: the club, team,
//! federation or competition.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::clubs::Club;
use polodesk_domain::coaches::Coach;
use polodesk_domain::codes::{CoachRole, OfficialRole, Position};
use polodesk_domain::competitions::Competition;
use polodesk_domain::federations::Federation;
use polodesk_domain::memberships::{
    ClubCoachFields, ClubCoachInput, ClubPlayerFields, ClubPlayerInput, CompetitionTeamFields,
    CompetitionTeamInput, FederationOfficialFields, FederationOfficialInput, Link, TeamCoachFields,
    TeamCoachInput, TeamPlayerFields, TeamPlayerInput,
};
use polodesk_domain::officials::Official;
use polodesk_domain::persons::Person;
use polodesk_domain::players::Player;
use polodesk_domain::teams::Team;
use polodesk_store::{LinkKind, Owner};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::names::EntityRef;
use super::{Created, created, today};
use crate::AppState;
use crate::access::{Principal, check_owner, existing};
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Path, Update};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_club_coach))
        .routes(routes!(update_club_coach, delete_club_coach))
        .routes(routes!(create_club_player))
        .routes(routes!(update_club_player, delete_club_player))
        .routes(routes!(create_team_coach))
        .routes(routes!(update_team_coach, delete_team_coach))
        .routes(routes!(create_team_player))
        .routes(routes!(update_team_player, delete_team_player))
        .routes(routes!(create_federation_official))
        .routes(routes!(
            update_federation_official,
            delete_federation_official
        ))
        .routes(routes!(create_competition_team))
        .routes(routes!(update_competition_team, delete_competition_team))
}

/// A coach, player or official by the person's name.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonRef {
    /// The coach's, player's or official's id.
    pub id: u64,
    pub person_id: u64,
    pub name: String,
    pub surname: String,
}

fn person_ref(state: &AppState, id: u64, person_id: u64) -> Option<PersonRef> {
    let person = state.store.get::<Person>(person_id).ok()?;
    Some(PersonRef {
        id,
        person_id,
        name: person.fields.name,
        surname: person.fields.surname,
    })
}

pub fn coach_ref(state: &AppState, id: u64) -> Option<PersonRef> {
    let coach = state.store.get::<Coach>(id).ok()?;
    person_ref(state, id, coach.fields.person_id)
}

pub fn player_ref(state: &AppState, id: u64) -> Option<PersonRef> {
    let player = state.store.get::<Player>(id).ok()?;
    person_ref(state, id, player.fields.person_id)
}

pub fn official_ref(state: &AppState, id: u64) -> Option<PersonRef> {
    let official = state.store.get::<Official>(id).ok()?;
    person_ref(state, id, official.fields.person_id)
}

fn named(id: u64, name: String, name_universal: String) -> EntityRef {
    EntityRef {
        id,
        name,
        name_universal,
    }
}

pub fn club_ref(state: &AppState, id: u64) -> Option<EntityRef> {
    let c = state.store.get::<Club>(id).ok()?;
    Some(named(id, c.fields.name, c.fields.name_universal))
}

pub fn team_ref(state: &AppState, id: u64) -> Option<EntityRef> {
    let t = state.store.get::<Team>(id).ok()?;
    Some(named(id, t.fields.name, t.fields.name_universal))
}

fn federation_ref(state: &AppState, id: u64) -> Option<EntityRef> {
    let f = state.store.get::<Federation>(id).ok()?;
    Some(named(id, f.fields.name, f.fields.name_universal))
}

fn competition_ref(state: &AppState, id: u64) -> Option<EntityRef> {
    let c = state.store.get::<Competition>(id).ok()?;
    Some(named(id, c.fields.name, c.fields.name_universal))
}

/// A club manager of a club.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ClubCoach)]
#[serde(rename_all = "camelCase")]
pub struct ClubCoachView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: ClubCoachFields,
    pub club: Option<EntityRef>,
    pub coach: Option<PersonRef>,
}

pub fn club_coach_view(state: &AppState, link: Link<ClubCoachFields>) -> ClubCoachView {
    ClubCoachView {
        id: link.id,
        club: club_ref(state, link.fields.club_id),
        coach: coach_ref(state, link.fields.coach_id),
        fields: link.fields,
    }
}

/// A player of a club.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ClubPlayer)]
#[serde(rename_all = "camelCase")]
pub struct ClubPlayerView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: ClubPlayerFields,
    pub club: Option<EntityRef>,
    pub player: Option<PersonRef>,
}

pub fn club_player_view(state: &AppState, link: Link<ClubPlayerFields>) -> ClubPlayerView {
    ClubPlayerView {
        id: link.id,
        club: club_ref(state, link.fields.club_id),
        player: player_ref(state, link.fields.player_id),
        fields: link.fields,
    }
}

/// A coach on a team's bench.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TeamCoach)]
#[serde(rename_all = "camelCase")]
pub struct TeamCoachView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: TeamCoachFields,
    pub team: Option<EntityRef>,
    pub coach: Option<PersonRef>,
    /// The role's label ("Head Coach").
    pub role: &'static str,
}

pub fn team_coach_view(state: &AppState, link: Link<TeamCoachFields>) -> TeamCoachView {
    TeamCoachView {
        id: link.id,
        team: team_ref(state, link.fields.team_id),
        coach: coach_ref(state, link.fields.coach_id),
        role: CoachRole::label(link.fields.role_id),
        fields: link.fields,
    }
}

/// A player of a team.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TeamPlayer)]
#[serde(rename_all = "camelCase")]
pub struct TeamPlayerView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: TeamPlayerFields,
    pub team: Option<EntityRef>,
    pub player: Option<PersonRef>,
    /// The position's label ("Center Forward").
    pub position: &'static str,
}

pub fn team_player_view(state: &AppState, link: Link<TeamPlayerFields>) -> TeamPlayerView {
    TeamPlayerView {
        id: link.id,
        team: team_ref(state, link.fields.team_id),
        player: player_ref(state, link.fields.player_id),
        position: Position::label(link.fields.position_id),
        fields: link.fields,
    }
}

/// An official role as the spec shows it: the role id and its label.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleRef {
    pub role_id: OfficialRole,
    pub role: &'static str,
}

/// An official's roles in one federation.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = FederationOfficial)]
#[serde(rename_all = "camelCase")]
pub struct FederationOfficialView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: FederationOfficialFields,
    pub federation: Option<EntityRef>,
    pub official: Option<PersonRef>,
    pub official_roles: Vec<RoleRef>,
}

pub fn federation_official_view(
    state: &AppState,
    link: Link<FederationOfficialFields>,
) -> FederationOfficialView {
    FederationOfficialView {
        id: link.id,
        federation: federation_ref(state, link.fields.federation_id),
        official: official_ref(state, link.fields.official_id),
        official_roles: link
            .fields
            .roles
            .iter()
            .map(|&role_id| RoleRef {
                role_id,
                role: role_id.label(),
            })
            .collect(),
        fields: link.fields,
    }
}

/// A team entered in a competition.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CompetitionTeam)]
#[serde(rename_all = "camelCase")]
pub struct CompetitionTeamView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: CompetitionTeamFields,
    pub competition: Option<EntityRef>,
    pub team: Option<EntityRef>,
}

pub fn competition_team_view(
    state: &AppState,
    link: Link<CompetitionTeamFields>,
) -> CompetitionTeamView {
    CompetitionTeamView {
        id: link.id,
        competition: competition_ref(state, link.fields.competition_id),
        team: team_ref(state, link.fields.team_id),
        fields: link.fields,
    }
}

/// The memberships of one kind `owner` has, as views.
pub fn link_views<F: LinkKind, V>(
    state: &AppState,
    owner: Owner,
    view: fn(&AppState, Link<F>) -> V,
) -> ApiResult<Vec<V>> {
    let links = state.store.links::<F>(owner)?;
    Ok(links.into_iter().map(|l| view(state, l)).collect())
}

async fn create_link<F: LinkKind>(
    state: &AppState,
    principal: &Principal,
    fields: F,
) -> ApiResult<Link<F>> {
    check_owner(state, principal, &fields)?;
    Ok(state.store.create::<Link<F>>(fields).await?)
}

async fn update_link<F: LinkKind>(
    state: &AppState,
    principal: &Principal,
    id: u64,
    fields: F,
) -> ApiResult<Link<F>> {
    let current = existing(principal, state.store.get::<Link<F>>(id))?;
    check_owner(state, principal, &current.fields)?;
    check_owner(state, principal, &fields)?;
    Ok(state.store.update::<Link<F>>(id, fields).await?)
}

async fn delete_link<F: LinkKind>(
    state: &AppState,
    principal: &Principal,
    id: u64,
) -> ApiResult<StatusCode> {
    let current = existing(principal, state.store.get::<Link<F>>(id))?;
    check_owner(state, principal, &current.fields)?;
    state.store.delete::<Link<F>>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/ClubCoaches", operation_id = "createClubCoach", tag = "Memberships", request_body = ClubCoachInput,
    responses((status = 201, body = ClubCoachView), (status = 400, body = ErrorBody)))]
async fn create_club_coach(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<ClubCoachInput>,
) -> ApiResult<Created<ClubCoachView>> {
    let link = create_link(&state, &principal, input.validate()?).await?;
    let location = format!("/api/ClubCoaches/{}", link.id);
    Ok(created(location, club_coach_view(&state, link)))
}

#[utoipa::path(put, path = "/api/ClubCoaches/{id}", operation_id = "updateClubCoach", tag = "Memberships",
    request_body = inline(Update<ClubCoachInput, ClubCoachView>), params(("id" = u64, Path)),
    responses((status = 200, body = ClubCoachView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_club_coach(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<ClubCoachInput, ClubCoachView>,
) -> ApiResult<Json<ClubCoachView>> {
    let link = update_link(&state, &principal, id, input.validate()?).await?;
    Ok(Json(club_coach_view(&state, link)))
}

#[utoipa::path(delete, path = "/api/ClubCoaches/{id}", operation_id = "deleteClubCoach", tag = "Memberships",
    params(("id" = u64, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete_club_coach(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    delete_link::<ClubCoachFields>(&state, &principal, id).await
}

#[utoipa::path(post, path = "/api/ClubPlayers", operation_id = "createClubPlayer", tag = "Memberships",
    request_body = ClubPlayerInput,
    responses((status = 201, body = ClubPlayerView), (status = 400, body = ErrorBody)))]
async fn create_club_player(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<ClubPlayerInput>,
) -> ApiResult<Created<ClubPlayerView>> {
    let link = create_link(&state, &principal, input.validate()?).await?;
    let location = format!("/api/ClubPlayers/{}", link.id);
    Ok(created(location, club_player_view(&state, link)))
}

#[utoipa::path(put, path = "/api/ClubPlayers/{id}", operation_id = "updateClubPlayer", tag = "Memberships",
    request_body = inline(Update<ClubPlayerInput, ClubPlayerView>), params(("id" = u64, Path)),
    responses((status = 200, body = ClubPlayerView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_club_player(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<ClubPlayerInput, ClubPlayerView>,
) -> ApiResult<Json<ClubPlayerView>> {
    let link = update_link(&state, &principal, id, input.validate()?).await?;
    Ok(Json(club_player_view(&state, link)))
}

#[utoipa::path(delete, path = "/api/ClubPlayers/{id}", operation_id = "deleteClubPlayer", tag = "Memberships",
    params(("id" = u64, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete_club_player(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    delete_link::<ClubPlayerFields>(&state, &principal, id).await
}

#[utoipa::path(post, path = "/api/TeamCoaches", operation_id = "createTeamCoach", tag = "Memberships", request_body = TeamCoachInput,
    responses((status = 201, body = TeamCoachView), (status = 400, body = ErrorBody)))]
async fn create_team_coach(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<TeamCoachInput>,
) -> ApiResult<Created<TeamCoachView>> {
    let link = create_link(&state, &principal, input.validate()?).await?;
    let location = format!("/api/TeamCoaches/{}", link.id);
    Ok(created(location, team_coach_view(&state, link)))
}

#[utoipa::path(put, path = "/api/TeamCoaches/{id}", operation_id = "updateTeamCoach", tag = "Memberships",
    request_body = inline(Update<TeamCoachInput, TeamCoachView>), params(("id" = u64, Path)),
    responses((status = 200, body = TeamCoachView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_team_coach(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<TeamCoachInput, TeamCoachView>,
) -> ApiResult<Json<TeamCoachView>> {
    let link = update_link(&state, &principal, id, input.validate()?).await?;
    Ok(Json(team_coach_view(&state, link)))
}

#[utoipa::path(delete, path = "/api/TeamCoaches/{id}", operation_id = "deleteTeamCoach", tag = "Memberships",
    params(("id" = u64, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete_team_coach(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    delete_link::<TeamCoachFields>(&state, &principal, id).await
}

#[utoipa::path(post, path = "/api/TeamPlayers", operation_id = "createTeamPlayer", tag = "Memberships",
    request_body = TeamPlayerInput,
    responses((status = 201, body = TeamPlayerView), (status = 400, body = ErrorBody)))]
async fn create_team_player(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<TeamPlayerInput>,
) -> ApiResult<Created<TeamPlayerView>> {
    let link = create_link(&state, &principal, input.validate()?).await?;
    let location = format!("/api/TeamPlayers/{}", link.id);
    Ok(created(location, team_player_view(&state, link)))
}

#[utoipa::path(put, path = "/api/TeamPlayers/{id}", operation_id = "updateTeamPlayer", tag = "Memberships",
    request_body = inline(Update<TeamPlayerInput, TeamPlayerView>), params(("id" = u64, Path)),
    responses((status = 200, body = TeamPlayerView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_team_player(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<TeamPlayerInput, TeamPlayerView>,
) -> ApiResult<Json<TeamPlayerView>> {
    let link = update_link(&state, &principal, id, input.validate()?).await?;
    Ok(Json(team_player_view(&state, link)))
}

#[utoipa::path(delete, path = "/api/TeamPlayers/{id}", operation_id = "deleteTeamPlayer", tag = "Memberships",
    params(("id" = u64, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete_team_player(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    delete_link::<TeamPlayerFields>(&state, &principal, id).await
}

#[utoipa::path(post, path = "/api/FederationOfficials", operation_id = "createFederationOfficial", tag = "Memberships",
    request_body = FederationOfficialInput,
    responses((status = 201, body = FederationOfficialView), (status = 400, body = ErrorBody)))]
async fn create_federation_official(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<FederationOfficialInput>,
) -> ApiResult<Created<FederationOfficialView>> {
    let link = create_link(&state, &principal, input.validate(today())?).await?;
    let location = format!("/api/FederationOfficials/{}", link.id);
    Ok(created(location, federation_official_view(&state, link)))
}

#[utoipa::path(put, path = "/api/FederationOfficials/{id}", operation_id = "updateFederationOfficial", tag = "Memberships",
    request_body = inline(Update<FederationOfficialInput, FederationOfficialView>), params(("id" = u64, Path)),
    responses((status = 200, body = FederationOfficialView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_federation_official(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<FederationOfficialInput, FederationOfficialView>,
) -> ApiResult<Json<FederationOfficialView>> {
    let link = update_link(&state, &principal, id, input.validate(today())?).await?;
    Ok(Json(federation_official_view(&state, link)))
}

#[utoipa::path(delete, path = "/api/FederationOfficials/{id}", operation_id = "deleteFederationOfficial", tag = "Memberships",
    params(("id" = u64, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete_federation_official(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    delete_link::<FederationOfficialFields>(&state, &principal, id).await
}

#[utoipa::path(post, path = "/api/CompetitionTeams", operation_id = "createCompetitionTeam", tag = "Memberships",
    request_body = CompetitionTeamInput,
    responses((status = 201, body = CompetitionTeamView), (status = 400, body = ErrorBody)))]
async fn create_competition_team(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<CompetitionTeamInput>,
) -> ApiResult<Created<CompetitionTeamView>> {
    let link = create_link(&state, &principal, input.validate()?).await?;
    let location = format!("/api/CompetitionTeams/{}", link.id);
    Ok(created(location, competition_team_view(&state, link)))
}

#[utoipa::path(put, path = "/api/CompetitionTeams/{id}", operation_id = "updateCompetitionTeam", tag = "Memberships",
    request_body = inline(Update<CompetitionTeamInput, CompetitionTeamView>), params(("id" = u64, Path)),
    responses((status = 200, body = CompetitionTeamView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_competition_team(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<CompetitionTeamInput, CompetitionTeamView>,
) -> ApiResult<Json<CompetitionTeamView>> {
    let link = update_link(&state, &principal, id, input.validate()?).await?;
    Ok(Json(competition_team_view(&state, link)))
}

#[utoipa::path(delete, path = "/api/CompetitionTeams/{id}", operation_id = "deleteCompetitionTeam", tag = "Memberships",
    params(("id" = u64, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete_competition_team(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    delete_link::<CompetitionTeamFields>(&state, &principal, id).await
}

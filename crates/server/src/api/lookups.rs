//! Read-only code lists the forms load: match segments, positions, coach and official roles.

use polodesk_domain::codes::{CoachRole, MatchSegment, OfficialRole, Position};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::extract::Json;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(match_segments))
        .routes(routes!(positions))
        .routes(routes!(coach_roles))
        .routes(routes!(official_roles))
}

/// One entry of a code list: its spec number, spec name and the label shown to people.
#[derive(Debug, Serialize, ToSchema)]
pub struct CodeItem {
    pub id: u16,
    /// The spec's name, for example `Goal_Referee`.
    pub name: &'static str,
    /// As shown to people, for example `Goal Referee`.
    pub label: &'static str,
}

macro_rules! code_items {
    ($list:ty) => {
        Json(
            <$list>::ALL
                .iter()
                .map(|code| CodeItem {
                    id: code.id(),
                    name: code.name(),
                    label: code.label(),
                })
                .collect::<Vec<_>>(),
        )
    };
}

#[utoipa::path(get, path = "/api/MatchSegments", operation_id = "listMatchSegments", tag = "Lookups",
    responses((status = 200, body = Vec<CodeItem>)))]
async fn match_segments() -> Json<Vec<CodeItem>> {
    code_items!(MatchSegment)
}

#[utoipa::path(get, path = "/api/Positions", operation_id = "listPositions", tag = "Lookups",
    responses((status = 200, body = Vec<CodeItem>)))]
async fn positions() -> Json<Vec<CodeItem>> {
    code_items!(Position)
}

#[utoipa::path(get, path = "/api/CoachRoles", operation_id = "listCoachRoles", tag = "Lookups",
    responses((status = 200, body = Vec<CodeItem>)))]
async fn coach_roles() -> Json<Vec<CodeItem>> {
    code_items!(CoachRole)
}

#[utoipa::path(get, path = "/api/OfficialRoles", operation_id = "listOfficialRoles", tag = "Lookups",
    responses((status = 200, body = Vec<CodeItem>)))]
async fn official_roles() -> Json<Vec<CodeItem>> {
    code_items!(OfficialRole)
}

//! The permission walk: every module × action × role of spec 01 §6 / spec 02 §6, transcribed
//! here from the spec's text, against the domain's table and, for every module that has calls,
//! through the real router.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::TestApp;
use crate::support::league::put;
use axum::http::{Method, StatusCode};
use polodesk_domain::codes::{PermissionAction, Role, UserType};
use polodesk_domain::permissions::{self, Module, REFUSED, Refusal};
use polodesk_domain::users::Identities;
use serde_json::{Value, json};

/// The spec's table as written there (Read | Create | Update | Delete).
const SPEC: &[(Module, [&str; 4])] = &[
    (Module::Dashboard, ["all", "", "", ""]),
    (
        Module::Federations,
        ["all", "admin", "admin, federation", "admin"],
    ),
    (Module::FederationRoles, ["admin, federation"; 4]),
    (
        Module::Clubs,
        [
            "all",
            "admin, federation",
            "admin, federation, club",
            "admin, federation",
        ],
    ),
    (
        Module::Teams,
        [
            "all",
            "admin, federation, club",
            "admin, federation, club, coach",
            "admin, federation, club",
        ],
    ),
    (
        Module::Competitions,
        [
            "all",
            "admin, federation",
            "admin, federation",
            "admin, federation",
        ],
    ),
    (Module::CompetitionTeams, ["admin, federation"; 4]),
    (
        Module::Matches,
        [
            "all",
            "admin, federation",
            "admin, federation, official",
            "admin, federation",
        ],
    ),
    (
        Module::MatchLog,
        [
            "all",
            "admin, federation, official",
            "admin, federation, official",
            "admin, federation, official",
        ],
    ),
    (
        Module::Coaches,
        [
            "admin, federation, club, official",
            "admin, federation, club",
            "admin, federation, club",
            "admin, federation, club",
        ],
    ),
    (
        Module::Officials,
        [
            "admin, federation, official",
            "admin, federation",
            "admin, federation, official",
            "admin, federation",
        ],
    ),
    (
        Module::Players,
        [
            "all",
            "admin, federation, club, coach",
            "admin, federation, club, coach",
            "admin, federation, club, coach",
        ],
    ),
    (
        Module::Persons,
        ["all", "admin, federation, club, coach", "all", "admin"],
    ),
    (Module::Users, ["admin"; 4]),
    (Module::Cities, ["all", "admin", "admin", "admin"]),
    // Not in the spec's table: reference data is read by all and written by admins (issue 3).
    (Module::ReferenceData, ["all", "admin", "admin", "admin"]),
];

/// Whether the own-entity rule (DESIGN §5) refuses `role` doing `action` on another account's
/// entity of `module`, where the table alone would allow it.
fn refused_for_others(module: Module, action: PermissionAction, role: Role) -> bool {
    match module {
        Module::Federations
        | Module::Clubs
        | Module::Teams
        | Module::Competitions
        | Module::Coaches
        | Module::Players
        | Module::Officials
        | Module::FederationRoles
        | Module::CompetitionTeams
        | Module::Matches => action != PermissionAction::Read && role != Role::Admin,
        // Event 999 does not exist: a DELETE of it is a replay the table allows (404, done).
        Module::MatchLog => {
            !matches!(action, PermissionAction::Read | PermissionAction::Delete)
                && role != Role::Admin
        }
        // Staff edit the people of their clubs, teams and federations, persons themselves.
        Module::Persons => action == PermissionAction::Update && role != Role::Admin,
        _ => false,
    }
}

const ACTIONS: [PermissionAction; 4] = [
    PermissionAction::Read,
    PermissionAction::Create,
    PermissionAction::Update,
    PermissionAction::Delete,
];

fn spec_allows(cell: &str, role: Role) -> bool {
    role == Role::Admin
        || cell == "all"
        || cell
            .split(", ")
            .any(|name| !name.is_empty() && name.eq_ignore_ascii_case(role.name()))
}

#[test]
fn the_domain_table_is_the_spec_table() {
    assert_eq!(SPEC.len(), Module::ALL.len(), "every module is transcribed");
    for (module, cells) in SPEC {
        for (action, cell) in ACTIONS.iter().zip(cells) {
            for role in Role::ALL {
                assert_eq!(
                    permissions::allows(&[*role], *module, *action),
                    spec_allows(cell, *role),
                    "{module:?} {action:?} {role:?}"
                );
            }
        }
    }
}

/// One caller per role: the account whose roles are exactly that role (plus Person for the
/// person-based roles, which grants nothing the role itself does not).
async fn callers(app: &TestApp) -> Vec<(Role, String)> {
    let coach = Identities {
        coach_id: Some(1),
        ..Identities::default()
    };
    let official = Identities {
        official_id: Some(1),
        ..Identities::default()
    };
    let accounts = [
        (Role::Admin, "admin@polodesk.test", None),
        (
            Role::Federation,
            "federation@polodesk.test",
            Some((UserType::Federation, None)),
        ),
        (
            Role::Club,
            "club@polodesk.test",
            Some((UserType::Club, None)),
        ),
        (
            Role::Person,
            "person@polodesk.test",
            Some((UserType::Person, None)),
        ),
        (
            Role::Coach,
            "coach@polodesk.test",
            Some((UserType::Person, Some(coach))),
        ),
        (
            Role::Official,
            "official@polodesk.test",
            Some((UserType::Person, Some(official))),
        ),
    ];
    let mut callers = Vec::new();
    for (role, email, kind) in accounts {
        if let Some((type_id, identities)) = kind {
            app.user(email, type_id, identities).await;
        }
        callers.push((role, app.token(email).await));
    }
    callers
}

/// A representative call of `module` for `action`; `None` where the module has no such call yet.
fn call_for(
    module: Module,
    action: PermissionAction,
) -> Option<(Method, &'static str, Option<Value>)> {
    use PermissionAction::{Create, Delete, Read, Update};
    let city = json!({"name": "Kotor", "nameUniversal": "Kotor", "countryId": 1});
    let country = json!({"name": "Crna Gora", "nameUniversal": "Montenegro", "code": "ME"});
    let user = json!({"email": "walk@polodesk.test", "typeId": 0});
    let competition = json!({"name": "L", "nameUniversal": "League", "federationId": 999});
    let person = json!({"name": "Walk", "surname": "Er", "birthDate": "2000-01-01"});
    let team = json!({"name": "T", "nameUniversal": "Team", "clubId": 999, "categoryId": 1});
    let club = json!({"name": "VK", "nameUniversal": "Club", "federationId": 999});
    let federation = json!({"name": "Savez", "nameUniversal": "Federation", "countryId": 1,
        "activeFrom": "1990-01-01"});
    let coach = json!({"personId": 999, "clubs": [{"clubId": 999}]});
    let club_coach = json!({"clubId": 999, "coachId": 999});
    let player = json!({"personId": 999, "teams": [{"teamId": 999, "positionId": 401}]});
    let official = json!({"personId": 999, "federations": [{"federationId": 999, "roles": [600]}]});
    let role = json!({"federationId": 999, "officialId": 999, "roles": [600]});
    let entry = json!({"competitionId": 999, "teamId": 999});
    let game = json!({"homeTeamId": 998, "awayTeamId": 999, "competitionId": 999,
        "startDate": "2026-11-28T18:00:00Z", "matchSegmentLength": 8});
    let event = json!({"matchId": 999, "typeId": 700, "periodId": 1200, "minute": 1,
        "seconds": 0, "timeout": {"teamId": 999}});
    match (module, action) {
        (Module::Matches, Read) => Some((Method::POST, "/api/Matches/search", Some(json!({})))),
        (Module::Matches, Create) => Some((Method::POST, "/api/Matches", Some(game))),
        (Module::Matches, Update) => Some((Method::PUT, "/api/Matches/999", Some(game))),
        (Module::Matches, Delete) => Some((Method::DELETE, "/api/Matches/999", None)),
        (Module::MatchLog, Read) => Some((Method::GET, "/api/Events/999", None)),
        (Module::MatchLog, Create) => Some((Method::POST, "/api/Events", Some(event))),
        (Module::MatchLog, Update) => Some((Method::PUT, "/api/Events/999", Some(event))),
        (Module::MatchLog, Delete) => Some((Method::DELETE, "/api/Events/999", None)),
        (Module::Coaches, Read) => Some((Method::GET, "/api/Coaches/search", None)),
        (Module::Coaches, Create) => Some((Method::POST, "/api/Coaches", Some(coach))),
        (Module::Coaches, Update) => Some((Method::PUT, "/api/ClubCoaches/999", Some(club_coach))),
        (Module::Coaches, Delete) => Some((Method::DELETE, "/api/Coaches/999", None)),
        (Module::Players, Read) => Some((Method::GET, "/api/Players/search", None)),
        (Module::Players, Create) => Some((Method::POST, "/api/Players", Some(player))),
        (Module::Players, Update) => Some((
            Method::PUT,
            "/api/Players/999",
            Some(json!({"height": "190 cm"})),
        )),
        (Module::Players, Delete) => Some((Method::DELETE, "/api/Players/999", None)),
        (Module::Officials, Read) => Some((Method::GET, "/api/Officials/search", None)),
        (Module::Officials, Create) => Some((Method::POST, "/api/Officials", Some(official))),
        (Module::Officials, Update) => Some((
            Method::PUT,
            "/api/Officials/999",
            Some(json!({"title": "FINA"})),
        )),
        (Module::Officials, Delete) => Some((Method::DELETE, "/api/Officials/999", None)),
        (Module::FederationRoles, Create) => {
            Some((Method::POST, "/api/FederationOfficials", Some(role)))
        }
        (Module::FederationRoles, Update) => {
            Some((Method::PUT, "/api/FederationOfficials/999", Some(role)))
        }
        (Module::FederationRoles, Delete) => {
            Some((Method::DELETE, "/api/FederationOfficials/999", None))
        }
        (Module::CompetitionTeams, Create) => {
            Some((Method::POST, "/api/CompetitionTeams", Some(entry)))
        }
        (Module::CompetitionTeams, Update) => {
            Some((Method::PUT, "/api/CompetitionTeams/999", Some(entry)))
        }
        (Module::CompetitionTeams, Delete) => {
            Some((Method::DELETE, "/api/CompetitionTeams/999", None))
        }
        (Module::Cities, Read) => Some((Method::GET, "/api/Cities", None)),
        (Module::Cities, Create) => Some((Method::POST, "/api/Cities", Some(city))),
        (Module::Cities, Update) => Some((Method::PUT, "/api/Cities/999", Some(city))),
        (Module::Cities, Delete) => Some((Method::DELETE, "/api/Cities/999", None)),
        (Module::ReferenceData, Read) => Some((Method::GET, "/api/Countries", None)),
        (Module::ReferenceData, Create) => Some((Method::POST, "/api/Countries", Some(country))),
        (Module::ReferenceData, Update) => Some((Method::PUT, "/api/Countries/999", Some(country))),
        (Module::ReferenceData, Delete) => Some((Method::DELETE, "/api/Countries/999", None)),
        (Module::Users, Read) => Some((Method::GET, "/api/Users", None)),
        (Module::Users, Create) => Some((Method::POST, "/api/Users", Some(user))),
        (Module::Users, Update) => Some((Method::PUT, "/api/Users/999", Some(user))),
        (Module::Users, Delete) => Some((Method::DELETE, "/api/Users/999", None)),
        (Module::Persons, Read) => Some((Method::GET, "/api/Persons/search?input=ana", None)),
        (Module::Persons, Create) => Some((Method::POST, "/api/Persons", Some(person))),
        (Module::Persons, Update) => Some((Method::PUT, "/api/Persons/999", Some(person))),
        (Module::Persons, Delete) => Some((Method::DELETE, "/api/Persons/999", None)),
        (Module::Competitions, Read) => Some((Method::GET, "/api/Competitions/search", None)),
        (Module::Competitions, Create) => {
            Some((Method::POST, "/api/Competitions", Some(competition)))
        }
        (Module::Competitions, Update) => {
            Some((Method::PUT, "/api/Competitions/999", Some(competition)))
        }
        (Module::Competitions, Delete) => Some((Method::DELETE, "/api/Competitions/999", None)),
        (Module::Teams, Read) => Some((Method::GET, "/api/Teams/search", None)),
        (Module::Teams, Create) => Some((Method::POST, "/api/Teams", Some(team))),
        (Module::Teams, Update) => Some((Method::PUT, "/api/Teams/999", Some(team))),
        (Module::Teams, Delete) => Some((Method::DELETE, "/api/Teams/999", None)),
        (Module::Clubs, Read) => Some((Method::GET, "/api/Clubs/search", None)),
        (Module::Clubs, Create) => Some((Method::POST, "/api/Clubs", Some(club))),
        (Module::Clubs, Update) => Some((Method::PUT, "/api/Clubs/999", Some(club))),
        (Module::Clubs, Delete) => Some((Method::DELETE, "/api/Clubs/999", None)),
        (Module::Federations, Read) => Some((Method::GET, "/api/Federations/search", None)),
        (Module::Federations, Create) => Some((Method::POST, "/api/Federations", Some(federation))),
        (Module::Federations, Update) => {
            Some((Method::PUT, "/api/Federations/999", Some(federation)))
        }
        (Module::Federations, Delete) => Some((Method::DELETE, "/api/Federations/999", None)),
        _ => None,
    }
}

#[tokio::test]
async fn the_router_enforces_the_table_for_every_module_with_calls() {
    let app = TestApp::new().await;
    let callers = callers(&app).await;
    let mut walked = 0;
    for (module, cells) in SPEC {
        for (action, cell) in ACTIONS.iter().zip(cells) {
            let Some((method, path, body)) = call_for(*module, *action) else {
                continue;
            };
            for (role, token) in &callers {
                let reply = app
                    .call(method.clone(), path, Some(token), body.clone())
                    .await;
                // The calls name another account's entity: the own-entity rules refuse some
                // cells the table allows (the own-entity cases are the tests below).
                let allowed =
                    spec_allows(cell, *role) && !refused_for_others(*module, *action, *role);
                assert_ne!(
                    reply.status,
                    StatusCode::UNAUTHORIZED,
                    "{module:?} {action:?} {role:?}"
                );
                assert_eq!(
                    reply.status == StatusCode::FORBIDDEN,
                    !allowed,
                    "{module:?} {action:?} as {role:?}: {} {}",
                    reply.status,
                    reply.text
                );
                // A refusal names its rule: the table's roles, or whose record it is.
                let message = reply.body["message"].as_str().unwrap_or_default();
                if !spec_allows(cell, *role) {
                    assert_eq!(
                        message,
                        Refusal::Table(*module, *action).message(),
                        "{module:?} {action:?} as {role:?}"
                    );
                } else if !allowed {
                    assert!(
                        message.starts_with(REFUSED) && message.len() > REFUSED.len() + 10,
                        "{module:?} {action:?} as {role:?}: {message}"
                    );
                }
                walked += 1;
            }
        }
    }
    assert_eq!(walked, 58 * 6, "every call was walked for every role");
}

#[tokio::test]
async fn every_signed_in_role_reads_its_own_profile() {
    let app = TestApp::new().await;
    for (role, token) in callers(&app).await {
        let me = app.get("/api/Users/me", Some(&token)).await;
        assert_eq!(me.status, StatusCode::OK, "{role:?}");
        let roles = me.body["roles"].as_array().unwrap();
        assert!(
            roles.iter().any(|r| r == role.name()),
            "{role:?} in {roles:?}"
        );
        // Person accounts name their person and the identities it holds.
        let person_based = matches!(role, Role::Person | Role::Coach | Role::Official);
        assert_eq!(me.body["personId"].is_u64(), person_based, "{role:?}");
        assert_eq!(me.body["coachId"].is_u64(), role == Role::Coach, "{role:?}");
        assert_eq!(
            me.body["officialId"].is_u64(),
            role == Role::Official,
            "{role:?}"
        );
        assert!(me.body["playerId"].is_null(), "{role:?}");
    }
}

/// Owned entities: a federation account changes its own federation only (DESIGN §5); the
/// calls above use another federation's id, so there the table's cell holds for admins alone.
#[tokio::test]
async fn a_federation_account_changes_only_its_own_federation() {
    let app = TestApp::new().await;
    let own = app.federation_account("federation@polodesk.test").await;
    let other = app.federation().await;
    let token = app.token("federation@polodesk.test").await;
    let body = json!({"name": "Savez", "nameUniversal": "Federation", "countryId": 1,
        "activeFrom": "1990-01-01"});
    for (id, expected) in [(own, StatusCode::OK), (other, StatusCode::FORBIDDEN)] {
        let path = format!("/api/Federations/{id}");
        let reply = put(&app, &token, &path, body.clone()).await;
        assert_eq!(reply.status, expected, "{path}: {}", reply.text);
    }
    // The id percent-encoded is still the other federation's.
    let encoded: String = other
        .to_string()
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect();
    let sneaky = put(
        &app,
        &token,
        &format!("/api/Federations/{encoded}"),
        body.clone(),
    )
    .await;
    assert_eq!(sneaky.status, StatusCode::FORBIDDEN, "{}", sneaky.text);
    let read_other = app
        .get(&format!("/api/Federations/{other}"), Some(&token))
        .await;
    assert_eq!(
        read_other.status,
        StatusCode::OK,
        "reading is open to all roles"
    );
    let delete_own = app
        .delete(&format!("/api/Federations/{own}"), Some(&token))
        .await;
    assert_eq!(
        delete_own.status,
        StatusCode::FORBIDDEN,
        "only admins delete federations"
    );
}

//! Whose records a caller may change beyond the permission table (DESIGN §5 own-entity
//! condition): admins everything; federations, clubs and team coaches what is theirs;
//! officials their matches; a person themselves.

use polodesk_domain::clubs::Club;
use polodesk_domain::codes::PermissionAction;
use polodesk_domain::competitions::Competition;
use polodesk_domain::matches::Match;
use polodesk_domain::memberships::{
    ClubCoachFields, ClubPlayerFields, FederationOfficialFields, TeamCoachFields, TeamPlayerFields,
};
use polodesk_domain::permissions::{self, Module, Refusal};
use polodesk_domain::persons::Person;
use polodesk_domain::teams::Team;
use polodesk_domain::users::Access;
use polodesk_store::{LinkKind, Owner};

use super::Principal;
use crate::AppState;
use crate::error::{ApiError, ApiResult};

/// A federation account places clubs and competitions in its own federation only.
pub fn check_federation(principal: &Principal, federation_id: Option<u64>) -> Result<(), ApiError> {
    let access = &principal.access;
    if access.admin || access.federations.is_empty() {
        return Ok(());
    }
    match federation_id {
        Some(id) if access.federations.contains(&id) => Ok(()),
        _ => Err(ApiError::Forbidden(Refusal::Federation)),
    }
}

/// A competition is a caller's own when it is in the caller's federation.
pub(super) fn owns_competition(state: &AppState, access: &Access, id: u64) -> bool {
    state
        .store
        .get::<Competition>(id)
        .is_ok_and(|c| access.federations.contains(&c.fields.federation_id))
}

/// A club is a caller's own when it is the caller's club or in the caller's federation.
pub(super) fn owns_club(state: &AppState, access: &Access, id: u64) -> bool {
    access.clubs.contains(&id)
        || state.store.get::<Club>(id).is_ok_and(|club| {
            club.fields
                .federation_id
                .is_some_and(|f| access.federations.contains(&f))
        })
}

/// A team is a caller's own when the caller coaches it, or owns its club.
pub(super) fn owns_team(state: &AppState, access: &Access, id: u64) -> bool {
    access.teams.contains(&id)
        || state
            .store
            .get::<Team>(id)
            .is_ok_and(|team| owns_club(state, access, team.fields.club_id))
}

/// A record a change names, for the ownership checks: to anyone but an admin a missing record
/// is one they may not change (403), as the access layer answers for owned paths.
pub fn existing<T>(principal: &Principal, found: polodesk_store::Result<T>) -> Result<T, ApiError> {
    match found {
        Err(polodesk_store::StoreError::NotFound { .. }) if !principal.access.admin => {
            Err(ApiError::Forbidden(Refusal::Record))
        }
        other => Ok(other?),
    }
}

/// The rule that refuses a change to what hangs on `owner`.
fn refusal_of(owner: Owner) -> Refusal {
    match owner {
        Owner::Federation(_) => Refusal::Federation,
        Owner::Club(_) => Refusal::Club,
        Owner::Team(_) => Refusal::Team,
        Owner::Competition(_) => Refusal::Competition,
        Owner::Coach(_) => Refusal::Coach,
        Owner::Player(_) => Refusal::Player,
        Owner::Official(_) => Refusal::Official,
    }
}

/// Whether the caller may change what hangs on `owner` (a membership, a competition entry):
/// admins anything, others their own federations, clubs, teams and competitions.
pub fn owns(state: &AppState, access: &Access, owner: Owner) -> bool {
    access.admin
        || match owner {
            Owner::Federation(id) => access.federations.contains(&id),
            Owner::Club(id) => owns_club(state, access, id),
            Owner::Team(id) => owns_team(state, access, id),
            Owner::Competition(id) => owns_competition(state, access, id),
            Owner::Coach(_) | Owner::Player(_) | Owner::Official(_) => false,
        }
}

/// A match is a caller's own when it is in the caller's federation, or the caller is one of
/// its officials (DESIGN §5).
pub fn owns_match(state: &AppState, access: &Access, game: &Match) -> bool {
    access.admin
        || access.matches.contains(&game.id)
        || state
            .store
            .get::<Competition>(game.state.fields.competition_id)
            .is_ok_and(|c| access.federations.contains(&c.fields.federation_id))
}

/// Whether the caller may write to a match's log (and publish its clock): an admin, or the
/// permission table's Match log row and the match is the caller's own.
pub fn may_log_match(state: &AppState, principal: &Principal, match_id: u64) -> bool {
    principal.access.admin
        || permissions::allows(&principal.roles, Module::MatchLog, PermissionAction::Update)
            && state
                .store
                .get_match(match_id)
                .is_ok_and(|game| owns_match(state, &principal.access, &game))
}

/// A federation account creates and moves matches only in its own federation's competitions.
pub fn check_competition(
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
        _ => Err(ApiError::Forbidden(Refusal::Competition)),
    }
}

/// Club accounts field teams for their own club, federation accounts for clubs of their
/// federation.
pub fn check_club(state: &AppState, principal: &Principal, club_id: u64) -> ApiResult<()> {
    let access = &principal.access;
    if access.admin || access.clubs.contains(&club_id) {
        return Ok(());
    }
    let federation = state
        .store
        .get::<Club>(club_id)
        .ok()
        .and_then(|c| c.fields.federation_id);
    if federation.is_some_and(|f| access.federations.contains(&f)) {
        return Ok(());
    }
    // Coaches may edit the teams they coach but not move them to another club.
    Err(ApiError::Forbidden(Refusal::Club))
}

/// Refuses a change to a link whose first end (club, team, federation, competition) the
/// caller does not own.
pub fn check_owner<F: LinkKind>(
    state: &AppState,
    principal: &Principal,
    fields: &F,
) -> ApiResult<()> {
    let [owner, _] = fields.ends();
    if owns(state, &principal.access, owner) {
        Ok(())
    } else {
        Err(ApiError::Forbidden(refusal_of(owner)))
    }
}

/// Refuses a new coach, player or official unless the caller owns every club, team or
/// federation it is placed in.
pub fn check_owners(
    state: &AppState,
    principal: &Principal,
    mut owners: impl Iterator<Item = Owner>,
) -> ApiResult<()> {
    match owners.find(|&o| !owns(state, &principal.access, o)) {
        None => Ok(()),
        Some(owner) => Err(ApiError::Forbidden(refusal_of(owner))),
    }
}

/// Refuses a change to `member` (a coach, player or official) unless the caller owns one of
/// the clubs, teams or federations it belongs to (admins own everything).
fn check_any_owner(
    state: &AppState,
    principal: &Principal,
    member: Owner,
    mut owners: impl Iterator<Item = Owner>,
) -> ApiResult<()> {
    if principal.access.admin || owners.any(|o| owns(state, &principal.access, o)) {
        Ok(())
    } else {
        Err(ApiError::Forbidden(refusal_of(member)))
    }
}

/// Refuses a change to a coach or player (`member`) unless the caller owns a club or team it
/// belongs to: the first end of each of its `C` (club) and `M` (team) links.
fn check_member_owner<C: LinkKind, M: LinkKind>(
    state: &AppState,
    principal: &Principal,
    member: Owner,
) -> ApiResult<()> {
    let clubs = state.store.links::<C>(member)?;
    let teams = state.store.links::<M>(member)?;
    let owners = clubs.iter().map(|l| l.fields.ends()[0]);
    let owners = owners.chain(teams.iter().map(|l| l.fields.ends()[0]));
    check_any_owner(state, principal, member, owners)
}

/// Refuses a change unless the caller owns a club or team the player belongs to.
pub fn manages_player(state: &AppState, principal: &Principal, id: u64) -> ApiResult<()> {
    check_member_owner::<ClubPlayerFields, TeamPlayerFields>(state, principal, Owner::Player(id))
}

/// Refuses a change unless the caller owns a club or team the coach belongs to.
pub fn manages_coach(state: &AppState, principal: &Principal, id: u64) -> ApiResult<()> {
    check_member_owner::<ClubCoachFields, TeamCoachFields>(state, principal, Owner::Coach(id))
}

/// The official itself, the staff of a federation it holds a role in, or an admin.
pub fn manages_official(state: &AppState, principal: &Principal, id: u64) -> ApiResult<()> {
    if principal.access.admin || principal.access.officials.contains(&id) {
        return Ok(());
    }
    let roles = state
        .store
        .links::<FederationOfficialFields>(Owner::Official(id))?;
    let owners = roles
        .iter()
        .map(|l| Owner::Federation(l.fields.federation_id));
    check_any_owner(state, principal, Owner::Official(id), owners)
}

/// An admin edits anyone and a person itself; staff edit the people they manage as coaches,
/// players or officials of their clubs, teams and federations.
pub fn manages_person(state: &AppState, principal: &Principal, id: u64) -> ApiResult<()> {
    if principal.access.admin || principal.user.person_id == Some(id) {
        return Ok(());
    }
    let person = existing(principal, state.store.get::<Person>(id))?;
    let identities = person.identities;
    let managed = identities
        .coach_id
        .is_some_and(|c| manages_coach(state, principal, c).is_ok())
        || identities
            .player_id
            .is_some_and(|p| manages_player(state, principal, p).is_ok())
        || identities
            .official_id
            .is_some_and(|o| manages_official(state, principal, o).is_ok());
    if managed {
        Ok(())
    } else {
        Err(ApiError::Forbidden(Refusal::Person))
    }
}

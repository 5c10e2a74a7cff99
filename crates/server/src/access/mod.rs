//! The one access layer in front of every `/api` call (DESIGN §5): who is calling (an access
//! token or a personal API token), and whether the permission table lets them. Each module
//! registers its paths here; the layer does the rest. Whose records a caller may change is
//! `ownership`.

mod ownership;
mod write_rate;

pub use ownership::*;
pub use write_rate::{TOO_MANY_WRITES, WriteRate};

use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use polodesk_domain::codes::{PermissionAction, Role, UserType};
use polodesk_domain::matches::Match;
use polodesk_domain::memberships::TeamCoachFields;
use polodesk_domain::permissions::{self, Module, Refusal};
use polodesk_domain::persons::Person;
use polodesk_domain::users::{Access, Identities, User, roles};
use polodesk_store::{ApiToken, MatchesOf, Owner, Result as StoreResult, Secret, StoreError};

use crate::AppState;
use crate::error::ApiError;
use crate::identity::secrets::digest;
use crate::identity::tokens::now;
use crate::identity::two_step::two_step_due;

/// The signed-in caller of a request, as handlers see it.
#[derive(Debug, Clone)]
pub struct Principal {
    pub user: User,
    pub roles: Vec<Role>,
    pub access: Access,
    /// The account must use two-step sign-in and has not turned it on: it reaches only the
    /// calls of `OPEN_BEFORE_TWO_STEP` until it does.
    pub two_step_due: bool,
}

impl Principal {
    /// Whether the table lets the caller read a module; details leave out the lists of
    /// modules it may not read (officials and coaches are not for every role).
    pub fn may_read(&self, module: Module) -> bool {
        permissions::allows(&self.roles, module, PermissionAction::Read)
    }
}

/// What guards a path: a module of the permission table, or only a signed-in caller.
#[derive(Debug, Clone, Copy)]
enum Guard {
    Public,
    SignedIn,
    Module(Module),
    /// A module whose entities belong to someone: beyond the table, a caller who is not an
    /// admin changes only the entities its access lists (DESIGN §5 own-entity condition), and
    /// is told `Refusal` otherwise.
    Owned(Module, fn(&AppState, &Access, u64) -> bool, Refusal),
    /// Matches, their logs and officials: the module and the match a call acts on depend on the
    /// rest of the path (`/api/Matches/{matchOfficialId}/confirm`, `/api/Events/{eventId}`).
    Matches(fn(&MatchCall<'_>, &str) -> Verdict),
    /// Calls on the whole store (imports, export, restore, backup): administrators only.
    Admin,
}

/// Path prefixes (whole segments) and what guards them; the first match wins.
const RULES: &[(&str, Guard)] = &[
    ("/api/health", Guard::Public),
    ("/api/openapi.json", Guard::Public),
    ("/api/docs", Guard::Public),
    ("/api/Public", Guard::Public),
    ("/api/Users/me", Guard::SignedIn),
    ("/api/Users/api-token", Guard::SignedIn),
    ("/api/Import", Guard::Admin),
    ("/api/Admin", Guard::Admin),
    ("/api/Users", Guard::Module(Module::Users)),
    ("/api/Persons", Guard::Module(Module::Persons)),
    (
        "/api/Federations",
        Guard::Owned(
            Module::Federations,
            |_, a, id| a.federations.contains(&id),
            Refusal::Federation,
        ),
    ),
    (
        "/api/Clubs",
        Guard::Owned(Module::Clubs, owns_club, Refusal::Club),
    ),
    (
        "/api/Teams",
        Guard::Owned(Module::Teams, owns_team, Refusal::Team),
    ),
    (
        "/api/Competitions",
        Guard::Owned(Module::Competitions, owns_competition, Refusal::Competition),
    ),
    (
        "/api/Matches",
        Guard::Matches(|call, rest| call.on_matches(rest)),
    ),
    (
        "/api/Events",
        Guard::Matches(|call, rest| call.on_events(rest)),
    ),
    (
        "/api/MatchOfficials",
        Guard::Matches(|call, rest| call.on_match_officials(rest)),
    ),
    ("/api/Coaches", Guard::Module(Module::Coaches)),
    ("/api/ClubCoaches", Guard::Module(Module::Coaches)),
    ("/api/TeamCoaches", Guard::Module(Module::Coaches)),
    ("/api/Players", Guard::Module(Module::Players)),
    ("/api/ClubPlayers", Guard::Module(Module::Players)),
    ("/api/TeamPlayers", Guard::Module(Module::Players)),
    ("/api/Officials", Guard::Module(Module::Officials)),
    (
        "/api/FederationOfficials",
        Guard::Module(Module::FederationRoles),
    ),
    (
        "/api/CompetitionTeams",
        Guard::Module(Module::CompetitionTeams),
    ),
    ("/api/Cities", Guard::Module(Module::Cities)),
    ("/api/Countries", Guard::Module(Module::ReferenceData)),
    ("/api/Categories", Guard::Module(Module::ReferenceData)),
    (
        "/api/CompetitionTypes",
        Guard::Module(Module::ReferenceData),
    ),
    ("/api/MatchSegments", Guard::Module(Module::ReferenceData)),
    ("/api/Positions", Guard::Module(Module::ReferenceData)),
    ("/api/CoachRoles", Guard::Module(Module::ReferenceData)),
    ("/api/OfficialRoles", Guard::Module(Module::ReferenceData)),
];

/// What an account that must turn on two-step sign-in may still call (whole segments), besides
/// reading its profile at `/api/Users/me`: setting it up, its password, ending its sign-ins.
/// Not its personal API token, which would outlast the sign-in that made it.
const OPEN_BEFORE_TWO_STEP: &[&str] = &[
    "/api/Users/me/two-step",
    "/api/Users/me/password",
    "/api/Users/me/sessions",
    "/api/Users/me/activity",
];

fn open_before_two_step(path: &str) -> bool {
    path == "/api/Users/me"
        || OPEN_BEFORE_TWO_STEP.iter().any(|prefix| {
            path.strip_prefix(prefix)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
}

/// Whether a call may go on, and if not, which rule refused it.
type Verdict = Result<(), Refusal>;

/// `Ok` when `allowed`, else the refusal.
fn verdict(allowed: bool, refusal: Refusal) -> Verdict {
    if allowed { Ok(()) } else { Err(refusal) }
}

/// A call on a match, its log or its officials, as the access layer checks it.
struct MatchCall<'a> {
    state: &'a AppState,
    principal: &'a Principal,
    action: PermissionAction,
}

impl MatchCall<'_> {
    /// Whether the table allows `action` on `module`.
    fn table(&self, module: Module, action: PermissionAction) -> Verdict {
        verdict(
            permissions::allows(&self.principal.roles, module, action),
            Refusal::Table(module, action),
        )
    }

    /// Whether the table allows the call's action on `module`.
    fn allows(&self, module: Module) -> Verdict {
        self.table(module, self.action)
    }

    /// Whether the table allows the action on `module` and the match `found` is the caller's
    /// own. A missing match is left to the handler's 404 for admins and refused to anyone else.
    fn on_own_match(&self, module: Module, found: polodesk_store::Result<Match>) -> Verdict {
        self.allows(module)?;
        let own = match found {
            Ok(game) => owns_match(self.state, &self.principal.access, &game),
            Err(_) => self.principal.access.admin,
        };
        verdict(own, Refusal::Match)
    }

    /// `on_own_match` for the match whose id is `id`, when it is one.
    fn on_match_id(
        &self,
        module: Module,
        id: &str,
        find: impl Fn(u64) -> polodesk_store::Result<Match>,
    ) -> Verdict {
        match id.parse() {
            Ok(id) => self.on_own_match(module, find(id)),
            Err(_) => Err(Refusal::Match),
        }
    }

    /// `/api/Matches…`: reads and the search for everyone; the match form by the Matches row;
    /// the lineups, officials and confirmation by the Match log row; writes on the caller's own
    /// match.
    fn on_matches(&self, rest: &str) -> Verdict {
        let parts: Vec<&str> = rest.split('/').filter(|p| !p.is_empty()).collect();
        let read = PermissionAction::Read;
        let store = &self.state.store;
        match parts.as_slice() {
            // Who changed what is for those who keep logs, not for every reader.
            [_, "history"] if self.action == read => {
                self.table(Module::MatchLog, PermissionAction::Update)
            }
            _ if self.action == read => self.table(Module::Matches, read),
            ["search"] if self.action == PermissionAction::Create => {
                self.table(Module::Matches, read)
            }
            // Creating checks the competition's federation in the handler.
            [] => self.allows(Module::Matches),
            [id] => self.on_match_id(Module::Matches, id, |id| store.get_match(id)),
            [id, "confirm"] => {
                self.on_match_id(Module::MatchLog, id, |id| store.match_of_official_entry(id))
            }
            [id, "log" | "players" | "coaches" | "officials"] => {
                self.on_match_id(Module::MatchLog, id, |id| store.get_match(id))
            }
            _ => Err(Refusal::Match),
        }
    }

    /// `/api/Events…`: the Match log row; a new event's match is checked in the handler.
    fn on_events(&self, rest: &str) -> Verdict {
        let store = &self.state.store;
        match rest.trim_start_matches('/') {
            _ if self.action == PermissionAction::Read => self.allows(Module::MatchLog),
            "" => self.allows(Module::MatchLog),
            id => match id.parse().map(|id| store.event(id)) {
                Err(_) => Err(Refusal::Match),
                // A replayed DELETE finds its event gone and is answered 404, which the client
                // takes as done; a refusal would leave it retrying.
                Ok(Err(StoreError::NotFound { .. })) if self.action == PermissionAction::Delete => {
                    self.allows(Module::MatchLog)
                }
                Ok(found) => {
                    let found = found.and_then(|e| store.get_match(e.fields.match_id));
                    self.on_own_match(Module::MatchLog, found)
                }
            },
        }
    }

    /// `/api/MatchOfficials…`: the Officials row (spec 02 §6: creating match officials follows
    /// Create on Officials) on the caller's own match.
    fn on_match_officials(&self, rest: &str) -> Verdict {
        match rest.trim_start_matches('/') {
            "" => self.allows(Module::Officials),
            id => self.on_match_id(Module::Officials, id, |id| {
                self.state.store.match_of_official_entry(id)
            }),
        }
    }
}

/// What follows a guarded prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Segment {
    /// The collection itself (`/api/Clubs`).
    None,
    /// An entity (`/api/Clubs/5`, `/api/Clubs/5/remove`).
    Id(u64),
    /// Anything else (`/api/Clubs/search`).
    Other,
}

/// The guard of a path (already percent-decoded), what follows its prefix, and that rest.
fn guard_for(path: &str) -> (Guard, Segment, &str) {
    for (prefix, guard) in RULES {
        let Some(rest) = path.strip_prefix(prefix) else {
            continue;
        };
        if rest.is_empty() || rest.starts_with('/') {
            let segment = match rest.trim_start_matches('/').split('/').next() {
                None | Some("") => Segment::None,
                Some(text) => text.parse().map_or(Segment::Other, Segment::Id),
            };
            return (*guard, segment, rest);
        }
    }
    (Guard::SignedIn, Segment::None, "")
}

/// The action a method performs (spec 01 §6: read by default).
fn action_of(method: &Method) -> PermissionAction {
    match *method {
        Method::POST => PermissionAction::Create,
        Method::PUT | Method::PATCH => PermissionAction::Update,
        Method::DELETE => PermissionAction::Delete,
        _ => PermissionAction::Read,
    }
}

/// Personal API tokens carry this prefix, so the layer knows not to parse them as JWTs.
pub const API_TOKEN_PREFIX: &str = "pd_";

/// The token of an `Authorization: Bearer` header.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    value
        .strip_prefix("Bearer ")
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

/// What a token was let in on, so a connection that outlives the request (the live hub's) can
/// ask again whether it still stands: not signed out, its account's sign-ins not ended, the
/// account not deleted, the API token not revoked or expired.
#[derive(Debug, Clone)]
pub enum SignIn {
    Operator,
    /// The digest of a personal API token.
    ApiToken(String),
    Session {
        user_id: u64,
        generation: u64,
        family: Option<u64>,
    },
}

/// The caller a token names: an access token (for the issuer `headers` reach) or a personal
/// API token, with what it was let in on. The access layer and the live hub (which gets the
/// token in its query) both use it.
pub fn sign_in_for_token(
    state: &AppState,
    token: &str,
    headers: &HeaderMap,
) -> Option<(Principal, SignIn)> {
    if state.operator.as_deref() == Some(token) {
        return Some((operator(), SignIn::Operator));
    }
    let sign_in = if token.starts_with(API_TOKEN_PREFIX) {
        SignIn::ApiToken(digest(token))
    } else {
        let issuer = state.identity.issuer(headers);
        let claims = state.identity.verify_access(token, &issuer)?;
        if !claims.grants_api() {
            return None;
        }
        SignIn::Session {
            user_id: claims.sub.parse().ok()?,
            generation: claims.generation,
            family: claims.family,
        }
    };
    let now = signed_in_now(state, &sign_in).ok()??;
    Some((now, sign_in))
}

/// The caller a sign-in stands for now, with the account's rights as they are now; `None` once
/// it has ended (signed out, the account's sign-ins ended, the account deleted, the API token
/// revoked or expired). An access token's own expiry is not asked again: a live connection
/// opened in time stays open for as long as its sign-in does.
pub fn signed_in_now(state: &AppState, sign_in: &SignIn) -> StoreResult<Option<Principal>> {
    let user = match sign_in {
        SignIn::Operator => return Ok(Some(operator())),
        SignIn::ApiToken(digest) => match state.store.secret::<ApiToken>(digest)? {
            // Expired tokens wait for the hourly sweep; until then they are refused here.
            Some(stored) if stored.expires_at().is_none_or(|at| at > now()) => state
                .store
                .get::<User>(stored.user_id)
                .map(Some)
                .or_else(gone)?,
            _ => None,
        },
        SignIn::Session {
            user_id,
            generation,
            family,
        } => state.store.signed_in_user(*user_id, *generation, *family)?,
    };
    Ok(user.map(|user| principal(state, user)))
}

/// A record that is not there is an answer (none), not a failure.
fn gone<T>(error: StoreError) -> StoreResult<Option<T>> {
    match error {
        StoreError::NotFound { .. } => Ok(None),
        other => Err(other),
    }
}

/// The command line's in-process caller: an administrator that no account stands behind.
fn operator() -> Principal {
    let user = User {
        id: 0,
        user_name: "polodesk".to_owned(),
        email: "polodesk@localhost".to_owned(),
        phone_number: None,
        type_id: UserType::Admin,
        federation_id: None,
        club_id: None,
        person_id: None,
        email_confirmed: true,
    };
    Principal {
        roles: roles(user.type_id, Identities::default()),
        access: Access::of(&user, Identities::default()),
        two_step_due: false,
        user,
    }
}

/// Roles and access of a user, from the account and its person's identities.
pub fn principal(state: &AppState, user: User) -> Principal {
    let identities = user
        .person_id
        .and_then(|id| state.store.get::<Person>(id).ok())
        .map_or(Identities::default(), |p| p.identities);
    let mut access = Access::of(&user, identities);
    // An official acts on the matches they are assigned to (DESIGN §5).
    if let Some(official_id) = identities.official_id {
        access.matches = state
            .store
            .match_ids_of(MatchesOf::Official(official_id))
            .unwrap_or_default();
    }
    // A coach acts on the teams it coaches (DESIGN §5).
    if let Some(coach_id) = identities.coach_id {
        let benches = state.store.links::<TeamCoachFields>(Owner::Coach(coach_id));
        access.teams = benches
            .map(|links| links.iter().map(|l| l.fields.team_id).collect())
            .unwrap_or_default();
    }
    Principal {
        roles: roles(user.type_id, identities),
        access,
        two_step_due: two_step_due(state, &user),
        user,
    }
}

/// The answer to a request whose token lets no one in: 403 for a valid access token without
/// the API's scope (RFC 6750 §3.1), 401 for anything else.
fn refused_token(state: &AppState, headers: &HeaderMap) -> Response {
    let issuer = state.identity.issuer(headers);
    let without_scope = bearer(headers)
        .and_then(|token| state.identity.verify_access(token, &issuer))
        .is_some_and(|claims| !claims.grants_api());
    let (error, challenge) = if without_scope {
        (
            ApiError::InsufficientScope,
            "Bearer error=\"insufficient_scope\", scope=\"polodesk-api\"",
        )
    } else {
        (ApiError::Unauthorized, "Bearer")
    };
    let mut response = error.into_response();
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        header::HeaderValue::from_static(challenge),
    );
    response
}

pub async fn layer(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    // Decoded as the router decodes it, so `/api/Clubs/%35` is judged as `/api/Clubs/5`.
    let path = percent_encoding::percent_decode_str(request.uri().path()).decode_utf8_lossy();
    let (guard, segment, rest) = guard_for(&path);
    if matches!(guard, Guard::Public) {
        return next.run(request).await;
    }
    let found = bearer(request.headers())
        .and_then(|token| sign_in_for_token(&state, token, request.headers()));
    let Some((principal, sign_in)) = found else {
        return refused_token(&state, request.headers());
    };
    if principal.two_step_due && !open_before_two_step(&path) {
        return ApiError::Forbidden(Refusal::TwoStepFirst).into_response();
    }
    let action = action_of(request.method());
    let table = |module| {
        verdict(
            permissions::allows(&principal.roles, module, action),
            Refusal::Table(module, action),
        )
    };
    let allowed = match guard {
        Guard::Public | Guard::SignedIn => Ok(()),
        Guard::Module(module) => table(module),
        Guard::Owned(module, owned, refusal) => table(module).and_then(|()| {
            let own = action == PermissionAction::Read
                || principal.access.admin
                || match segment {
                    Segment::None => true,
                    Segment::Id(id) => owned(&state, &principal.access, id),
                    // A write to something that is not an entity id is not a caller's own.
                    Segment::Other => false,
                };
            verdict(own, refusal)
        }),
        Guard::Matches(allowed) => {
            let call = MatchCall {
                state: &state,
                principal: &principal,
                action,
            };
            allowed(&call, rest)
        }
        Guard::Admin => verdict(principal.access.admin, Refusal::AdminOnly),
    };
    if let Err(refusal) = allowed {
        return ApiError::Forbidden(refusal).into_response();
    }
    if action != PermissionAction::Read
        && !matches!(sign_in, SignIn::Operator)
        && let Some(rate) = &state.write_rate
        && let Err(wait) = rate.take(principal.user.id, std::time::Instant::now())
    {
        let mut response = ApiError::TooManyRequests(TOO_MANY_WRITES.into()).into_response();
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, header::HeaderValue::from(wait));
        return response;
    }
    request.extensions_mut().insert(principal);
    request.extensions_mut().insert(sign_in);
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_match_whole_segments_and_unknown_paths_need_a_signed_in_caller() {
        assert!(matches!(
            guard_for("/api/Users/me"),
            (Guard::SignedIn, Segment::None, _)
        ));
        assert!(matches!(
            guard_for("/api/Users/12"),
            (Guard::Module(Module::Users), Segment::Id(12), _)
        ));
        assert!(matches!(
            guard_for("/api/Users"),
            (Guard::Module(Module::Users), Segment::None, _)
        ));
        assert!(matches!(
            guard_for("/api/UsersX"),
            (Guard::SignedIn, Segment::None, _)
        ));
        assert!(matches!(
            guard_for("/api/health"),
            (Guard::Public, Segment::None, _)
        ));
        assert!(matches!(
            guard_for("/api/Nothing"),
            (Guard::SignedIn, Segment::None, _)
        ));
        assert!(matches!(
            guard_for("/api/Clubs/search"),
            (Guard::Owned(..), Segment::Other, _)
        ));
        assert!(matches!(
            guard_for("/api/Clubs/7/remove"),
            (Guard::Owned(..), Segment::Id(7), _)
        ));
        assert_eq!(action_of(&Method::HEAD), PermissionAction::Read);
    }

    #[test]
    fn an_account_due_to_turn_on_two_step_reaches_only_its_own_account() {
        for open in [
            "/api/Users/me",
            "/api/Users/me/two-step",
            "/api/Users/me/two-step/confirm",
            "/api/Users/me/password",
            "/api/Users/me/sessions/4",
        ] {
            assert!(open_before_two_step(open), "{open}");
        }
        for closed in [
            "/api/Users/me/api-token",
            "/api/Users/api-token",
            "/api/Users/me/two-steps",
            "/api/Users/7",
            "/api/Clubs",
        ] {
            assert!(!open_before_two_step(closed), "{closed}");
        }
    }

    /// A route missing from `RULES` would fall back to "any signed-in caller": every path the
    /// API documents has its own rule.
    #[test]
    fn every_documented_path_has_a_rule() {
        let document = crate::api::openapi();
        let paths: Vec<&String> = document.paths.paths.keys().collect();
        assert!(paths.len() > 80, "{} paths", paths.len());
        let unruled: Vec<&&String> = paths
            .iter()
            .filter(|path| {
                !RULES.iter().any(|(prefix, _)| {
                    path.strip_prefix(prefix)
                        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
                })
            })
            .collect();
        assert!(unruled.is_empty(), "no rule for {unruled:?}");
    }
}

//! User accounts (spec 01 §7 Users): admin-only management, the signed-in user's own profile,
//! and personal API tokens for scripts.

use axum::Extension;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use polodesk_domain::codes::{Role, UserType};
use polodesk_domain::devices::device_name;
use polodesk_domain::persons::Person;
use polodesk_domain::users::{Access, EMAIL_IMMUTABLE, User, UserInput};
use polodesk_domain::validation::ValidationErrors;
use polodesk_domain::views::users::{
    AccountActivityKind, AccountActivityView, ApiTokenStatus, ApiTokenView, ChangedByView,
    CreatedUser, PasswordChange, PasswordInput, SetPasswordLinkView, SignInView, UserView,
};
use polodesk_store::{
    API_TOKEN_SECONDS, Activity, ActivityEntry, ApiToken, ChangedBy, SetPasswordLink,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Created, created};
use crate::AppState;
use crate::access::{API_TOKEN_PREFIX, Principal, SignIn};
use crate::client_address::ClientAddress;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path, Update};
use crate::identity::secrets::{digest, hash_password, password_problem, random_secret};
use crate::identity::tokens::now;
use crate::identity::two_step::two_step_on;
use crate::identity::{SET_PASSWORD_SECONDS, app_name, confirm_password, display_name};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(me))
        .routes(routes!(change_own_password))
        .routes(routes!(list_own_sign_ins, end_own_sign_ins))
        .routes(routes!(end_own_sign_in))
        .routes(routes!(own_activity))
        .routes(routes!(user_activity))
        .routes(routes!(api_token))
        .routes(routes!(own_api_token, revoke_own_api_token))
        .routes(routes!(list_users, create_user))
        .routes(routes!(get_user, update_user, delete_user))
        .routes(routes!(set_password))
        .routes(routes!(issue_set_password_link))
        .routes(routes!(end_sign_ins))
}

/// The signed-in user: name, roles and what they may act on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub type_id: UserType,
    #[serde(rename = "type")]
    pub type_name: &'static str,
    pub roles: Vec<Role>,
    pub access: Access,
    /// The person of a Person account, and the coach, player and official it is.
    pub person_id: Option<u64>,
    pub coach_id: Option<u64>,
    pub player_id: Option<u64>,
    pub official_id: Option<u64>,
    /// The account must use two-step sign-in and has not turned it on: every call but its own
    /// account's (`/api/Users/me…`) is refused until it does.
    pub two_step_due: bool,
}

fn view(state: &AppState, user: User) -> UserView {
    let person = user
        .person_id
        .and_then(|id| state.store.get::<Person>(id).ok())
        .map(|p| p.summary());
    UserView {
        id: user.id,
        user_name: user.user_name,
        email: user.email,
        phone_number: user.phone_number,
        type_id: user.type_id,
        type_name: user.type_id.name().to_owned(),
        federation_id: user.federation_id,
        club_id: user.club_id,
        person_id: user.person_id,
        email_confirmed: user.email_confirmed,
        person,
        two_step: two_step_on(state, user.id),
    }
}

/// The signed-in user's profile.
#[utoipa::path(get, path = "/api/Users/me", operation_id = "getCurrentUser", tag = "Users",
    responses((status = 200, body = Profile), (status = 401, body = ErrorBody)))]
async fn me(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
) -> Json<Profile> {
    let name = display_name(&state.store, &principal.user);
    let person_id = principal.user.person_id;
    let identities = person_id
        .and_then(|id| state.store.get::<polodesk_domain::persons::Person>(id).ok())
        .map(|person| person.identities)
        .unwrap_or_default();
    Json(Profile {
        person_id,
        coach_id: identities.coach_id,
        player_id: identities.player_id,
        official_id: identities.official_id,
        id: principal.user.id,
        email: principal.user.email,
        name,
        type_id: principal.user.type_id,
        type_name: principal.user.type_id.name(),
        roles: principal.roles,
        access: principal.access,
        two_step_due: principal.two_step_due,
    })
}

pub const CURRENT_PASSWORD_WRONG: &str = "The current password is not correct.";
pub const PASSWORD_UNCHANGED: &str = "The new password must be different from the current one.";

/// The signed-in user changes their own password, giving the current one (counted by the
/// sign-in throttle like a sign-in). Every sign-in of the account ends, this one too.
#[utoipa::path(put, path = "/api/Users/me/password", operation_id = "changeOwnPassword", tag = "Users",
    request_body = PasswordChange,
    responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
async fn change_own_password(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    ClientAddress(address): ClientAddress,
    Json(input): Json<PasswordChange>,
) -> ApiResult<StatusCode> {
    let email = &principal.user.email;
    let problem = match password_problem(&input.password, email) {
        None if input.password == input.current_password => Some(PASSWORD_UNCHANGED),
        None => state.identity.breached_problem(&input.password).await,
        problem => problem,
    };
    if let Some(problem) = problem {
        return Err(ValidationErrors::single("password", problem).into());
    }
    reauthenticate(
        &state,
        &principal,
        &input.current_password,
        address.as_deref(),
    )
    .await?;
    store_password(&state, principal.user.id, input.password, ChangedBy::Own).await
}

/// Checks the signed-in user's current password again, under the sign-in throttle, before a
/// change to how the account signs in (ASVS V7.5.1).
pub(super) async fn reauthenticate(
    state: &AppState,
    principal: &Principal,
    current_password: &str,
    address: Option<&str>,
) -> ApiResult<()> {
    let email = &principal.user.email;
    let user = confirm_password(state, email, current_password, address)
        .await
        .map_err(|(status, message)| {
            if status == StatusCode::TOO_MANY_REQUESTS {
                ApiError::TooManyRequests(message.to_owned())
            } else {
                ValidationErrors::single("currentPassword", CURRENT_PASSWORD_WRONG).into()
            }
        })?;
    // The operator of the command line has no account; its email names none.
    if user.id != principal.user.id {
        return Err(ValidationErrors::single("currentPassword", CURRENT_PASSWORD_WRONG).into());
    }
    Ok(())
}

/// The signed-in user's sign-ins that still work, one for each app on each device, the last
/// used first. A personal API token is not a sign-in and is not listed.
#[utoipa::path(get, path = "/api/Users/me/sessions", operation_id = "listOwnSignIns", tag = "Users",
    responses((status = 200, body = Vec<SignInView>), (status = 401, body = ErrorBody)))]
async fn list_own_sign_ins(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Extension(sign_in): Extension<SignIn>,
) -> ApiResult<Json<Vec<SignInView>>> {
    let current = match sign_in {
        SignIn::Session { family, .. } => family,
        SignIn::Operator | SignIn::ApiToken(_) => None,
    };
    let sign_ins = state.store.sign_ins(principal.user.id, now())?;
    let views = sign_ins
        .into_iter()
        .map(|(id, device)| SignInView {
            id,
            app: app_name(&device.client_id),
            device: device_name(&device.user_agent),
            address: device.address,
            signed_in_at: device.started_at,
            last_used_at: device.last_used_at,
            expires_at: device.expires_at,
            current: current == Some(id),
        })
        .collect();
    Ok(Json(views))
}

/// What happened to the signed-in user's sign-in, the latest first: sign-ins, wrong passwords
/// and codes, changes to the password and to two-step sign-in (the latest 50).
#[utoipa::path(get, path = "/api/Users/me/activity", operation_id = "listOwnActivity", tag = "Users",
    responses((status = 200, body = Vec<AccountActivityView>), (status = 401, body = ErrorBody)))]
async fn own_activity(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
) -> ApiResult<Json<Vec<AccountActivityView>>> {
    activity_of(&state, principal.user.id)
}

/// What happened to a user's sign-in, as its owner sees it on their Account page: for an
/// administrator looking into an account its owner says someone else used.
#[utoipa::path(get, path = "/api/Users/{id}/activity", operation_id = "listUserActivity", tag = "Users",
    params(("id" = u64, Path)),
    responses((status = 200, body = Vec<AccountActivityView>), (status = 404, body = ErrorBody)))]
async fn user_activity(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<Vec<AccountActivityView>>> {
    // An account that does not exist is a 404, not an empty history.
    state.store.get::<User>(id)?;
    activity_of(&state, id)
}

fn activity_of(state: &AppState, user_id: u64) -> ApiResult<Json<Vec<AccountActivityView>>> {
    let entries = state.store.account_activity(user_id)?;
    Ok(Json(
        entries
            .into_iter()
            .map(|(id, entry)| activity_view(id, entry))
            .collect(),
    ))
}

fn activity_view(id: u64, entry: ActivityEntry) -> AccountActivityView {
    use AccountActivityKind as Kind;
    let at = entry.at;
    let view = |kind| AccountActivityView {
        id,
        at,
        kind,
        by: None,
        app: None,
        device: None,
        address: None,
        count: None,
    };
    let by = |by: ChangedBy| {
        Some(match by {
            ChangedBy::Own => ChangedByView::Own,
            ChangedBy::Administrator => ChangedByView::Administrator,
            ChangedBy::Link => ChangedByView::Link,
        })
    };
    match entry.activity {
        Activity::SignedIn {
            client_id,
            user_agent,
            address,
        } => AccountActivityView {
            app: Some(app_name(&client_id)),
            device: Some(device_name(&user_agent)),
            address,
            ..view(Kind::SignedIn)
        },
        Activity::WrongPasswords { address, count } => AccountActivityView {
            address,
            count: Some(count),
            ..view(Kind::WrongPasswords)
        },
        Activity::WrongSecondStep { address } => AccountActivityView {
            address,
            ..view(Kind::WrongSecondStep)
        },
        Activity::PasswordChanged(changed) => AccountActivityView {
            by: by(changed),
            ..view(Kind::PasswordChanged)
        },
        Activity::TwoStepOn => view(Kind::TwoStepOn),
        Activity::TwoStepOff(changed) => AccountActivityView {
            by: by(changed),
            ..view(Kind::TwoStepOff)
        },
        Activity::RecoveryCodesRenewed => view(Kind::RecoveryCodesRenewed),
        Activity::RecoveryCodeUsed => view(Kind::RecoveryCodeUsed),
        Activity::ApiTokenIssued => view(Kind::ApiTokenIssued),
        Activity::ApiTokenRevoked => view(Kind::ApiTokenRevoked),
        Activity::SignedOutEverywhere(ended) => AccountActivityView {
            by: by(ended),
            ..view(Kind::SignedOutEverywhere)
        },
    }
}

/// Ends one sign-in of the signed-in user: that app on that device must sign in again, with
/// the password. Its access tokens stop working at once.
#[utoipa::path(delete, path = "/api/Users/me/sessions/{id}", operation_id = "endOwnSignIn", tag = "Users",
    params(("id" = u64, Path, description = "The sign-in, as the list names it")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn end_own_sign_in(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    state.store.end_sign_in(principal.user.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Ends every sign-in of the signed-in user, on every device, this one too.
#[utoipa::path(delete, path = "/api/Users/me/sessions", operation_id = "endOwnSignIns", tag = "Users",
    responses((status = 204), (status = 401, body = ErrorBody)))]
async fn end_own_sign_ins(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
) -> ApiResult<StatusCode> {
    let own = (ChangedBy::Own, now());
    state.store.end_sign_ins(principal.user.id, own).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Issues a new personal API token for scripts; the previous one stops working.
#[utoipa::path(get, path = "/api/Users/api-token", operation_id = "issueApiToken", tag = "Users",
    responses((status = 200, body = ApiTokenView), (status = 401, body = ErrorBody)))]
async fn api_token(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
) -> ApiResult<Json<ApiTokenView>> {
    let token = format!("{API_TOKEN_PREFIX}{}", random_secret());
    let created_at = now();
    state
        .store
        .replace_api_token(
            digest(&token),
            ApiToken {
                user_id: principal.user.id,
                created_at,
            },
        )
        .await?;
    Ok(Json(ApiTokenView {
        token,
        created_at,
        expires_at: created_at + API_TOKEN_SECONDS,
    }))
}

pub const NO_API_TOKEN: &str = "You have no API token.";

/// The signed-in user's personal API token: when it was issued and when it stops working.
#[utoipa::path(get, path = "/api/Users/me/api-token", operation_id = "getOwnApiToken", tag = "Users",
    responses((status = 200, body = ApiTokenStatus), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "You have no API token.")))]
async fn own_api_token(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
) -> ApiResult<Json<ApiTokenStatus>> {
    let token = state.store.api_token_of(principal.user.id, now())?;
    let token = token.ok_or_else(|| ApiError::NotFound(NO_API_TOKEN.to_owned()))?;
    Ok(Json(ApiTokenStatus {
        created_at: token.created_at,
        expires_at: token.created_at + API_TOKEN_SECONDS,
    }))
}

/// Revokes the signed-in user's personal API token: scripts using it are refused at once.
#[utoipa::path(delete, path = "/api/Users/me/api-token", operation_id = "revokeOwnApiToken", tag = "Users",
    responses((status = 204), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "You have no API token.")))]
async fn revoke_own_api_token(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
) -> ApiResult<StatusCode> {
    if state
        .store
        .revoke_api_token(principal.user.id, now())
        .await?
    {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::NotFound(NO_API_TOKEN.to_owned()))
    }
}

/// Every user account, by email.
#[utoipa::path(get, path = "/api/Users", operation_id = "listUsers", tag = "Users",
    responses((status = 200, body = Vec<UserView>), (status = 403, body = ErrorBody)))]
async fn list_users(State(state): State<AppState>) -> ApiResult<Json<Vec<UserView>>> {
    let users = state.store.list::<User>()?;
    Ok(Json(users.into_iter().map(|u| view(&state, u)).collect()))
}

#[utoipa::path(get, path = "/api/Users/{id}", operation_id = "getUser", tag = "Users", params(("id" = u64, Path)),
    responses((status = 200, body = UserView), (status = 404, body = ErrorBody)))]
async fn get_user(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<Json<UserView>> {
    let user = state.store.get(id)?;
    Ok(Json(view(&state, user)))
}

/// Creates a user with a one-time set-password link (answered once, here).
#[utoipa::path(post, path = "/api/Users", operation_id = "createUser", tag = "Users", request_body = UserInput,
    responses((status = 201, body = CreatedUser), (status = 400, body = ErrorBody)))]
async fn create_user(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(input): Json<UserInput>,
) -> ApiResult<Created<CreatedUser>> {
    let fields = input.validate()?;
    let secret = random_secret();
    let link = SetPasswordLink {
        user_id: 0,
        expires_at: now() + SET_PASSWORD_SECONDS,
    };
    let user = state
        .store
        .create_user(fields, None, Some((digest(&secret), link)))
        .await?;
    let set_password_url = set_password_url(&state, &headers, &secret);
    let location = format!("/api/Users/{}", user.id);
    Ok(created(
        location,
        CreatedUser {
            user: view(&state, user),
            set_password_url,
        },
    ))
}

#[utoipa::path(put, path = "/api/Users/{id}", operation_id = "updateUser", tag = "Users", request_body = inline(Update<UserInput, UserView>),
    params(("id" = u64, Path)),
    responses((status = 200, body = UserView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_user(
    State(state): State<AppState>,
    Update { id, input, .. }: Update<UserInput, UserView>,
) -> ApiResult<Json<UserView>> {
    let current: User = state.store.get(id)?;
    let fields = input.validate()?;
    if !fields.email.eq_ignore_ascii_case(&current.email) {
        return Err(ValidationErrors::single("email", EMAIL_IMMUTABLE).into());
    }
    let user = state.store.update(id, fields).await?;
    Ok(Json(view(&state, user)))
}

/// Sets an account's password; the account counts as confirmed from then on, and its
/// sign-ins end.
#[utoipa::path(put, path = "/api/Users/{id}/password", operation_id = "setUserPassword", tag = "Users", request_body = PasswordInput,
    params(("id" = u64, Path)),
    responses((status = 204), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn set_password(
    State(state): State<AppState>,
    Path(id): Path<u64>,
    Json(input): Json<PasswordInput>,
) -> ApiResult<StatusCode> {
    let user: User = state.store.get(id)?;
    let problem = (state.identity)
        .new_password_problem(&input.password, &user.email)
        .await;
    if let Some(problem) = problem {
        return Err(ValidationErrors::single("password", problem).into());
    }
    store_password(&state, user.id, input.password, ChangedBy::Administrator).await
}

/// The page where a set-password link's holder chooses a password.
fn set_password_url(state: &AppState, headers: &HeaderMap, secret: &str) -> String {
    let issuer = state.identity.issuer(headers);
    format!("{issuer}/account/set-password?token={secret}")
}

/// A new one-time set-password link for a user who forgot their password, or lost the first
/// link: the user's earlier links stop working; their password and sign-ins work until the
/// link is used.
#[utoipa::path(post, path = "/api/Users/{id}/set-password-link", operation_id = "issueSetPasswordLink", tag = "Users",
    params(("id" = u64, Path)),
    responses((status = 200, body = SetPasswordLinkView), (status = 404, body = ErrorBody)))]
async fn issue_set_password_link(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<u64>,
) -> ApiResult<Json<SetPasswordLinkView>> {
    let secret = random_secret();
    let link = SetPasswordLink {
        user_id: id,
        expires_at: now() + SET_PASSWORD_SECONDS,
    };
    let expires_at = link.expires_at;
    state
        .store
        .replace_set_password_link(digest(&secret), link)
        .await?;
    Ok(Json(SetPasswordLinkView {
        set_password_url: set_password_url(&state, &headers, &secret),
        expires_at,
    }))
}

async fn store_password(
    state: &AppState,
    user_id: u64,
    password: String,
    by: ChangedBy,
) -> ApiResult<StatusCode> {
    let hash = hash_password(password)
        .await
        .ok_or_else(|| ApiError::Internal("cannot hash a password".to_owned()))?;
    let changed = (by, now());
    state
        .store
        .set_password_hash(user_id, hash, None, changed)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Ends every sign-in of a user (a lost device, a departed secretary): their browser sessions,
/// refresh tokens and access tokens stop working. Their personal API token stays.
#[utoipa::path(delete, path = "/api/Users/{id}/sessions", operation_id = "endUserSignIns", tag = "Users",
    params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn end_sign_ins(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<StatusCode> {
    state
        .store
        .end_sign_ins(id, (ChangedBy::Administrator, now()))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/api/Users/{id}", operation_id = "deleteUser", tag = "Users", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn delete_user(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<StatusCode> {
    // The store refuses to remove the last administrator (409).
    state.store.delete::<User>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}

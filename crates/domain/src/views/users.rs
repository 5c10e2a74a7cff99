//! User accounts as the Users API answers them, and the password an administrator sets.

use serde::{Deserialize, Serialize};

use crate::codes::UserType;
use crate::persons::PersonSummary;

/// A password an administrator sets for an account (bootstrap and recovery from the command
/// line; people choose their own through the set-password link).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PasswordInput {
    pub password: String,
}

/// The signed-in user's own password change: the current password, then the new one.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PasswordChange {
    pub current_password: String,
    pub password: String,
}

/// A user account as lists and forms show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = User))]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: u64,
    pub user_name: String,
    pub email: String,
    pub phone_number: Option<String>,
    pub type_id: UserType,
    /// The type's name: Admin, Federation, Club or Person.
    #[serde(rename = "type")]
    pub type_name: String,
    pub federation_id: Option<u64>,
    pub club_id: Option<u64>,
    pub person_id: Option<u64>,
    pub email_confirmed: bool,
    pub person: Option<PersonSummary>,
    /// Signs in with a code from an authenticator app after the password.
    #[serde(default)]
    pub two_step: bool,
}

/// The answer to creating a user: the user and its one-time set-password link, shown once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreatedUser {
    #[serde(flatten)]
    pub user: UserView,
    /// Hand this to the user: it lets them choose a password, once, within 7 days.
    pub set_password_url: String,
}

/// A personal API token; send it as `Authorization: Bearer <token>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ApiTokenView {
    pub token: String,
    /// Unix seconds.
    pub created_at: u64,
    /// When it stops working (Unix seconds): a year after it was issued.
    pub expires_at: u64,
}

/// A new one-time set-password link for a user, shown once to the administrator who asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SetPasswordLinkView {
    /// Hand this to the user: it lets them choose a password, once, within 7 days.
    pub set_password_url: String,
    /// When it stops working (Unix seconds).
    pub expires_at: u64,
}

/// The signed-in user's personal API token, without its value (shown only when it is issued).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ApiTokenStatus {
    /// Unix seconds.
    pub created_at: u64,
    /// When it stops working (Unix seconds).
    pub expires_at: u64,
}

/// One of the signed-in user's sign-ins: an app on a device where they are signed in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SignInView {
    /// Names the sign-in to end it.
    pub id: u64,
    /// Web app, Console or Command line.
    pub app: String,
    /// What the device says it is, e.g. "Firefox on Windows"; "Unknown device" when it says
    /// nothing we know.
    pub device: String,
    /// The network address it was last used from.
    pub address: Option<String>,
    /// Unix seconds.
    pub signed_in_at: u64,
    /// When it last renewed its access (Unix seconds).
    pub last_used_at: u64,
    /// When it ends unless it is ended first (Unix seconds).
    pub expires_at: u64,
    /// The sign-in the request came with.
    pub current: bool,
}

/// What happened to the signed-in user's sign-in: an entry of the Account page's activity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AccountActivityView {
    /// The entry's number in the account's activity (later entries have larger ones).
    pub id: u64,
    /// Unix seconds (for wrong passwords in a row, the last one).
    pub at: u64,
    pub kind: AccountActivityKind,
    /// Who changed the password, turned two-step sign-in off or ended every sign-in.
    pub by: Option<ChangedByView>,
    /// The app that signed in: Web app, Console or Command line.
    pub app: Option<String>,
    /// The device that signed in, e.g. "Firefox on Windows".
    pub device: Option<String>,
    /// Where a sign-in or a wrong guess came from.
    pub address: Option<String>,
    /// How many wrong passwords in a row came from that address.
    pub count: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum AccountActivityKind {
    SignedIn,
    WrongPasswords,
    /// The right password, then a wrong authenticator or recovery code.
    WrongSecondStep,
    PasswordChanged,
    TwoStepOn,
    TwoStepOff,
    RecoveryCodesRenewed,
    RecoveryCodeUsed,
    ApiTokenIssued,
    ApiTokenRevoked,
    /// Every sign-in ended at once.
    SignedOutEverywhere,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ChangedByView {
    /// The user, with the current password.
    Own,
    /// An administrator.
    Administrator,
    /// The user, with a set-password link.
    Link,
}

/// The signed-in user's two-step sign-in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TwoStepStatus {
    /// Every sign-in with the password also asks for a code.
    pub on: bool,
    /// Recovery codes not used yet.
    pub recovery_codes_left: usize,
    /// The server requires two-step sign-in of this account: it cannot be turned off.
    pub required: bool,
}

/// The current password, asked again before a change to how the account signs in.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CurrentPassword {
    pub current_password: String,
}

/// A new authenticator key, for the app to scan or the user to type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TwoStepSetup {
    /// The key in base32, as an app takes it typed.
    pub key: String,
    /// The `otpauth://` link an app takes from a QR code.
    pub uri: String,
}

/// A code the authenticator app shows, confirming its setup.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TwoStepCode {
    pub code: String,
}

/// New recovery codes, shown once: each signs in once in place of the app's code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    pub codes: Vec<String>,
}

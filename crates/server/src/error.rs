//! The one mapping from every failure to an HTTP answer (DESIGN §4): 4xx bodies carry the
//! spec's message, 5xx bodies say nothing internal and the real error is logged.

use std::collections::BTreeMap;

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use polodesk_domain::permissions::Refusal;
use polodesk_domain::validation::ValidationErrors;
use polodesk_store::StoreError;
use serde::Serialize;
use utoipa::ToSchema;

/// The error body of every failed call.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ApiError)]
pub struct ErrorBody {
    /// What the web app shows in its toast.
    pub message: String,
    /// Messages by request field (camelCase), when a field is to blame.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, Vec<String>>>,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    Validation(ValidationErrors),
    /// A summary, and the messages by field: rows of an import (under `rows[i].field`), or a
    /// query or body whose values do not read as the call's input.
    #[error("{0}")]
    Fields(String, ValidationErrors),
    #[error("{0}")]
    BadRequest(String),
    #[error("Sign in to continue.")]
    Unauthorized,
    /// A valid access token without the API's scope.
    #[error(
        "This access token was not granted the polodesk-api scope: ask for it when you sign in."
    )]
    InsufficientScope,
    /// Refused by the permission table or the own-entity rules; the message names the rule.
    #[error("{}", .0.message())]
    Forbidden(Refusal),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    MethodNotAllowed(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    TooManyRequests(String),
    /// The store takes no writes since a durable commit failed (the cause is logged).
    #[error("{0}")]
    Unavailable(String),
    /// An edge's upstream writer did not answer.
    #[error("The server behind this one did not answer; try again in a moment.")]
    Upstream,
    #[error("{0}")]
    Internal(String),
}

pub type ApiResult<T> = Result<T, ApiError>;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = match &self {
            ApiError::Validation(_) | ApiError::Fields(..) | ApiError::BadRequest(_) => {
                StatusCode::BAD_REQUEST
            }
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) | ApiError::InsufficientScope => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Upstream => StatusCode::BAD_GATEWAY,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let errors = match &self {
            ApiError::Validation(errors) | ApiError::Fields(_, errors) => {
                Some(errors.fields().clone())
            }
            _ => None,
        };
        let message = match &self {
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "request failed");
                "An unexpected server error occurred.".to_owned()
            }
            other => other.to_string(),
        };
        (status, axum::Json(ErrorBody { message, errors })).into_response()
    }
}

impl From<ValidationErrors> for ApiError {
    fn from(errors: ValidationErrors) -> Self {
        ApiError::Validation(errors)
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NotFound { .. } => ApiError::NotFound(error.to_string()),
            StoreError::Invalid(errors) => ApiError::Validation(errors),
            StoreError::Conflict(message) => ApiError::Conflict(message),
            StoreError::BadDocument(message) => ApiError::BadRequest(message),
            StoreError::Unavailable(ref cause) => {
                tracing::error!(%cause, "a write was refused: the store takes no more writes");
                ApiError::Unavailable(error.to_string())
            }
            StoreError::InUse(_)
            | StoreError::UnknownVersion { .. }
            | StoreError::Backend(_)
            | StoreError::Closed => ApiError::Internal(error.to_string()),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        let message = rejection.body_text();
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::PayloadTooLarge("The request body is too large.".into())
            }
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType(
                "Expected a JSON body with the header Content-Type: application/json.".into(),
            ),
            _ => match unreadable_in::<serde_json::Error>(&rejection) {
                Some(found) => unreadable_error("request body", found),
                None => ApiError::BadRequest(message),
            },
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        use axum::extract::path::ErrorKind;
        let PathRejection::FailedToDeserializePathParams(failed) = &rejection else {
            return ApiError::Internal(rejection.body_text());
        };
        let (key, value) = match failed.kind() {
            ErrorKind::ParseErrorAtKey { key, value, .. } => (key.as_str(), value),
            // Axum names no key for a path of one value; every such typed value is an `{id}`.
            ErrorKind::ParseError { value, .. } | ErrorKind::ParseErrorAtIndex { value, .. } => {
                ("id", value)
            }
            _ => return ApiError::BadRequest(rejection.body_text()),
        };
        let reason = if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
            format!("{value} is too large.")
        } else {
            format!("{value} is not a whole number.")
        };
        unreadable_error("path", (key.to_owned(), reason))
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        match unreadable_in::<serde_urlencoded::de::Error>(&rejection) {
            Some(found) => unreadable_error("query", found),
            None => ApiError::BadRequest(rejection.body_text()),
        }
    }
}

/// A 400 that names the field to blame, under it in `errors` and in the message a toast or a
/// script shows.
fn unreadable_error(place: &str, (field, reason): (String, String)) -> ApiError {
    if field.is_empty() {
        return ApiError::BadRequest(format!("The {place} is not valid: {reason}"));
    }
    let message = if reason == UNKNOWN_FIELD {
        format!("The {place} has a field this call does not take: {field}.")
    } else {
        format!("The {place}'s {field} is not valid: {reason}")
    };
    ApiError::Fields(message, ValidationErrors::single(&field, &reason))
}

const UNKNOWN_FIELD: &str = "Unknown field.";

/// The field and reason serde gave where a rejection's cause is a value that does not read as
/// the call's input (axum keeps it a few sources down).
fn unreadable_in<E: std::error::Error + 'static>(
    rejection: &(dyn std::error::Error + 'static),
) -> Option<(String, String)> {
    let mut cause = rejection.source();
    while let Some(error) = cause {
        if let Some(error) = error.downcast_ref::<serde_path_to_error::Error<E>>() {
            return Some(unreadable(error));
        }
        cause = error.source();
    }
    None
}

/// The field and message of a value that does not read as a call's input: an unknown field
/// ("Unknown field."), or a value of the wrong type (serde's reason as a sentence). The field
/// is empty when the whole document is to blame.
pub fn unreadable<E: std::fmt::Display>(error: &serde_path_to_error::Error<E>) -> (String, String) {
    let path = error.path().to_string();
    let path = if path == "." { String::new() } else { path };
    let text = error.inner().to_string();
    if let Some(rest) = text.strip_prefix("unknown field `")
        && let Some((name, _)) = rest.split_once('`')
    {
        // The path names the unknown field itself.
        let field = if path.is_empty() {
            name.to_owned()
        } else {
            path
        };
        return (field, UNKNOWN_FIELD.to_owned());
    }
    let mut message = text;
    if let Some(first) = message.get(..1) {
        let upper = first.to_ascii_uppercase();
        message.replace_range(..1, &upper);
    }
    if !message.ends_with('.') {
        message.push('.');
    }
    (path, message)
}

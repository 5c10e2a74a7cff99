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
    /// Rows of an import rejected: a summary, and each row's messages under `rows[i].field`.
    #[error("{0}")]
    Rows(String, ValidationErrors),
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
            ApiError::Validation(_) | ApiError::Rows(..) | ApiError::BadRequest(_) => {
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
            ApiError::Validation(errors) | ApiError::Rows(_, errors) => {
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
            _ => ApiError::BadRequest(message),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        ApiError::BadRequest(rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::BadRequest(rejection.body_text())
    }
}

//! Axum's extractors with rejections in PoloDesk's error shape, so a malformed body, path or
//! query is a 400 (or 413, 415) in JSON, never axum's plain text.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use polodesk_domain::validation::ValidationErrors;
use serde::Serialize;
use serde::de::DeserializeOwned;
use utoipa::ToSchema;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    AdditionalProperties, KnownFormat, ObjectBuilder, Schema, SchemaFormat, SchemaType, Type,
};

use crate::error::ApiError;

#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

/// Room a JSON answer starts with: a page of a list fits without growing the buffer, where
/// axum's 128 bytes would be copied over six times on the way to it.
const ANSWER_CAPACITY: usize = 8 * 1024;

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        let mut body = Vec::with_capacity(ANSWER_CAPACITY);
        match serde_json::to_writer(&mut body, &self.0) {
            Ok(()) => (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                )],
                body,
            )
                .into_response(),
            Err(error) => ApiError::Internal(error.to_string()).into_response(),
        }
    }
}

#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

/// What a `PUT` that replaces a record reads: the path's id and the write shape `W`, from a
/// body that may be what the read shape `R` gave (spec 02 §4: the whole match is sent back).
/// An `id` equal to the path's is accepted and another is refused; members `R` has and `W`
/// has not (names, nested objects, scores, `status`) are ignored; members neither knows are
/// refused as `W` refuses them.
#[derive(Debug)]
pub struct Update<W, R> {
    pub id: u64,
    pub input: W,
    read: PhantomData<R>,
}

pub const ID_MISMATCH: &str = "The id in the body must be the one in the path.";

impl<S, W, R> FromRequest<S> for Update<W, R>
where
    S: Send + Sync,
    W: DeserializeOwned + ToSchema,
    R: ToSchema,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let (mut parts, body) = request.into_parts();
        let Path(id) = Path::<u64>::from_request_parts(&mut parts, state).await?;
        let Json(mut body) =
            Json::<serde_json::Value>::from_request(Request::from_parts(parts, body), state)
                .await?;
        if let Some(members) = body.as_object_mut() {
            if members
                .get("id")
                .is_some_and(|sent| !sent.is_null() && sent.as_u64() != Some(id))
            {
                return Err(ValidationErrors::single("id", ID_MISMATCH).into());
            }
            let write = Members::of::<W>();
            let read = Members::of::<R>();
            members.retain(|name, _| write.has(name) || !(name == "id" || read.has(name)));
        }
        // Read again as JSON text, so a refusal says what it says for any other body.
        let text = serde_json::to_vec(&body).map_err(|e| ApiError::Internal(e.to_string()))?;
        let axum::Json(input) = axum::Json::<W>::from_bytes(&text)?;
        Ok(Update {
            id,
            input,
            read: PhantomData,
        })
    }
}

/// The members of an object schema, through `allOf` (flattened structs) and references.
struct Members {
    properties: BTreeMap<String, RefOr<Schema>>,
    required: Vec<String>,
}

impl Members {
    fn of<T: ToSchema>() -> Members {
        let mut named = Vec::new();
        T::schemas(&mut named);
        let mut members = Members {
            properties: BTreeMap::new(),
            required: Vec::new(),
        };
        members.add(&T::schema(), &named);
        members
    }

    fn add(&mut self, schema: &RefOr<Schema>, named: &[(String, RefOr<Schema>)]) {
        match schema {
            RefOr::Ref(reference) => {
                let name = reference
                    .ref_location
                    .rsplit('/')
                    .next()
                    .unwrap_or_default();
                if let Some((_, schema)) = named.iter().find(|(n, _)| n == name) {
                    self.add(schema, named);
                }
            }
            RefOr::T(Schema::Object(object)) => {
                let properties = object.properties.iter();
                self.properties
                    .extend(properties.map(|(name, schema)| (name.clone(), schema.clone())));
                self.required.extend(object.required.iter().cloned());
            }
            RefOr::T(Schema::AllOf(all)) => {
                all.items.iter().for_each(|item| self.add(item, named));
            }
            RefOr::T(_) => {}
        }
    }

    fn has(&self, name: &str) -> bool {
        self.properties.contains_key(name)
    }
}

/// The body an update takes, as the OpenAPI document shows it: the write shape's members, the
/// `id`, and the read shape's other members, accepted whatever they hold and ignored.
/// (utoipa asks a generic request body for `ComposeSchema`, which gives `PartialSchema`.)
impl<W: ToSchema, R: ToSchema> utoipa::__dev::ComposeSchema for Update<W, R> {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        let write = Members::of::<W>();
        let read = Members::of::<R>();
        let mut object =
            ObjectBuilder::new().additional_properties(Some(AdditionalProperties::FreeForm(false)));
        let ignored = |description: &str| -> RefOr<Schema> {
            ObjectBuilder::new()
                .schema_type(SchemaType::AnyValue)
                .description(Some(description))
                .build()
                .into()
        };
        if !write.has("id") {
            let id = ObjectBuilder::new()
                .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
                .description(Some("When sent, the id in the path."));
            object = object.property("id", id);
        }
        let read_only = read
            .properties
            .keys()
            .filter(|name| *name != "id" && !write.has(name));
        for name in read_only {
            object = object.property(name, ignored("A member of the read shape: ignored."));
        }
        for (name, schema) in write.properties {
            object = object.property(name, schema);
        }
        for name in write.required {
            object = object.required(name);
        }
        RefOr::T(Schema::Object(object.build()))
    }
}

/// Inline in each `PUT`: the schemas the write shape's members name.
impl<W: ToSchema, R: ToSchema> ToSchema for Update<W, R> {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        W::schemas(schemas);
    }
}

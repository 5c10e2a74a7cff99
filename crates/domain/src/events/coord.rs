//! Where on the pool or goal image a shot or foul happened.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A coordinate on the pool or goal image, 0 to 1, kept to three decimals (as thousandths).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Coord(pub i32);

impl Coord {
    pub fn value(self) -> f64 {
        f64::from(self.0) / 1000.0
    }

    pub(super) fn in_range(self) -> bool {
        (0..=1000).contains(&self.0)
    }
}

impl Serialize for Coord {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.value())
    }
}

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = f64::deserialize(deserializer)?;
        if !value.is_finite() {
            return Err(serde::de::Error::custom("a coordinate must be a number"));
        }
        // Out-of-range values are kept (clamped far outside 0..1) so validation can name them.
        let thousandths = (value * 1000.0).round().clamp(-1.0e6, 1.0e6);
        #[allow(clippy::cast_possible_truncation)] // clamped to ±1e6 just above
        Ok(Coord(thousandths as i32))
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Coord {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::Number)
            .description(Some("0 to 1, kept to three decimals"))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Coord {}

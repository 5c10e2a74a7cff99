//! Date-only values (`YYYY-MM-DD`): no time, no time zone, never shifted; and instants, RFC 3339
//! in UTC (`2026-05-01T18:30:00Z`) (DESIGN §4).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A calendar date, checked on the way in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => {
            29
        }
        2 => 28,
        _ => 0,
    }
}

impl Date {
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        (1..=9999)
            .contains(&year)
            .then_some(())
            .filter(|()| day >= 1 && day <= days_in_month(year, month))
            .map(|()| Date { year, month, day })
    }

    /// The civil date `days` days after 1970-01-01 (Howard Hinnant's days-to-civil algorithm).
    pub fn from_unix_days(days: i64) -> Option<Date> {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date::new(
            u16::try_from(year).ok()?,
            u8::try_from(month).ok()?,
            u8::try_from(day).ok()?,
        )
    }

    /// The days from 1970-01-01 to this date (Howard Hinnant's days-from-civil algorithm).
    pub fn unix_days(self) -> i64 {
        let month = i64::from(self.month);
        let year = i64::from(self.year) - i64::from(month <= 2);
        let era = year.div_euclid(400);
        let yoe = year.rem_euclid(400);
        let mp = (month + 9) % 12;
        let doy = (153 * mp + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// Parses exactly `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Date> {
        let bytes = text.as_bytes();
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return None;
        }
        let number = |range: std::ops::Range<usize>| -> Option<u16> {
            let part = &text[range];
            part.bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| part.parse().ok())?
        };
        let month = u8::try_from(number(5..7)?).ok()?;
        let day = u8::try_from(number(8..10)?).ok()?;
        Date::new(number(0..4)?, month, day)
    }
}

impl Date {
    /// `DD.MM.YYYY.`, as the spec writes dates on screens and printed sheets (spec 02 §9).
    pub fn dotted(self) -> String {
        format!("{:02}.{:02}.{}.", self.day, self.month, self.year)
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Date::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!("{text:?} is not a date of the form YYYY-MM-DD"))
        })
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Date {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                utoipa::openapi::KnownFormat::Date,
            )))
            .examples(["2026-05-01"])
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Date {}

/// A moment in time, kept as whole seconds since 1970 UTC. Read from RFC 3339 with any offset,
/// always written in UTC (`2026-05-01T18:30:00Z`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant(pub i64);

impl Instant {
    /// Parses RFC 3339 (`2026-05-01T18:30:00Z`, `2026-05-01T20:30:00+02:00`); fractions of a
    /// second are dropped.
    pub fn parse(text: &str) -> Option<Instant> {
        let moment =
            time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
                .ok()?;
        // Years outside 1..=9999 cannot be written back as RFC 3339.
        (1..=9999)
            .contains(&moment.year())
            .then(|| Instant(moment.unix_timestamp()))
    }

    /// The calendar day (UTC) the instant falls on.
    pub fn date(self) -> Option<Date> {
        Date::from_unix_days(self.0.div_euclid(86_400))
    }

    /// `2026-11-24 18:00`: to the minute, in UTC, as the console and the command line print
    /// times.
    pub fn utc_minute(self) -> String {
        let minutes = self.0.rem_euclid(86_400) / 60;
        match self.date() {
            Some(date) => format!("{date} {:02}:{:02}", minutes / 60, minutes % 60),
            None => self.0.to_string(),
        }
    }

    /// The unix days of the Monday starting the UTC week the instant falls in.
    pub fn week_start_days(self) -> i64 {
        let days = self.0.div_euclid(86_400);
        // 1970-01-01 was a Thursday: Monday is 3 days before.
        days - (days + 3).rem_euclid(7)
    }
}

impl std::fmt::Display for Instant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match time::OffsetDateTime::from_unix_timestamp(self.0) {
            Ok(moment) => match moment.format(&time::format_description::well_known::Rfc3339) {
                Ok(text) => f.write_str(&text),
                Err(_) => Err(std::fmt::Error),
            },
            Err(_) => Err(std::fmt::Error),
        }
    }
}

impl Serialize for Instant {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Instant {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Instant::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{text:?} is not an RFC 3339 instant such as 2026-05-01T18:30:00Z"
            ))
        })
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Instant {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                utoipa::openapi::KnownFormat::DateTime,
            )))
            .examples(["2026-05-01T18:30:00Z"])
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Instant {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dotted_dates_are_day_month_year_with_a_final_dot() {
        assert_eq!(Date::new(2026, 3, 7).unwrap().dotted(), "07.03.2026.");
    }

    #[test]
    fn an_instant_to_the_minute_is_utc_with_seconds_dropped() {
        let moment = Instant::parse("2026-11-24T20:05:59+02:00").unwrap();
        assert_eq!(moment.utc_minute(), "2026-11-24 18:05");
        assert_eq!(Instant(0).utc_minute(), "1970-01-01 00:00");
    }

    #[test]
    fn instants_are_read_with_any_offset_and_written_in_utc() {
        let moment = Instant::parse("2026-05-01T20:30:15+02:00").unwrap();
        assert_eq!(moment.to_string(), "2026-05-01T18:30:15Z");
        assert_eq!(Instant::parse("2026-05-01T18:30:15.250Z"), Some(moment));
        assert_eq!(moment.date(), Date::new(2026, 5, 1));
        for bad in [
            "2026-05-01",
            "2026-05-01 18:30:00",
            "2026-13-01T00:00:00Z",
            "",
        ] {
            assert_eq!(Instant::parse(bad), None, "{bad}");
        }
        let json: Instant = serde_json::from_str("\"2026-11-24T00:00:00Z\"").unwrap();
        assert_eq!(
            serde_json::to_string(&json).unwrap(),
            "\"2026-11-24T00:00:00Z\""
        );
    }

    #[test]
    fn weeks_start_on_monday() {
        // 2026-11-24 is a Tuesday; its week starts on Monday 2026-11-23.
        let tuesday = Instant::parse("2026-11-24T10:00:00Z").unwrap();
        assert_eq!(
            Date::from_unix_days(tuesday.week_start_days()),
            Date::new(2026, 11, 23)
        );
        let monday = Instant::parse("2026-11-23T00:00:00Z").unwrap();
        assert_eq!(monday.week_start_days(), tuesday.week_start_days());
        let sunday = Instant::parse("2026-11-22T23:59:59Z").unwrap();
        assert_eq!(sunday.week_start_days(), monday.week_start_days() - 7);
    }

    #[test]
    fn parses_real_dates_only() {
        assert_eq!(Date::parse("2024-02-29"), Date::new(2024, 2, 29));
        for bad in [
            "2023-02-29",
            "2024-13-01",
            "2024-00-10",
            "2024-1-01",
            "24-01-01",
            "2024-01-01T",
        ] {
            assert_eq!(Date::parse(bad), None, "{bad}");
        }
        assert_eq!(Date::parse("1900-02-29"), None);
        assert_eq!(Date::parse("2000-02-29").unwrap().to_string(), "2000-02-29");
    }

    #[test]
    fn days_since_1970_become_civil_dates() {
        assert_eq!(Date::from_unix_days(0), Date::new(1970, 1, 1));
        assert_eq!(Date::from_unix_days(11_016), Date::new(2000, 2, 29));
        assert_eq!(Date::from_unix_days(20_779), Date::new(2026, 11, 22));
        assert_eq!(Date::from_unix_days(-1), Date::new(1969, 12, 31));
        // And back, over every day of four centuries around the epoch.
        for days in -146_097..146_097 {
            let date = Date::from_unix_days(days).unwrap();
            assert_eq!(date.unix_days(), days, "{date:?}");
        }
    }

    #[test]
    fn serde_uses_the_plain_text_form() {
        let date: Date = serde_json::from_str("\"1998-07-14\"").unwrap();
        assert_eq!(serde_json::to_string(&date).unwrap(), "\"1998-07-14\"");
        assert!(serde_json::from_str::<Date>("\"1998-07-32\"").is_err());
    }
}

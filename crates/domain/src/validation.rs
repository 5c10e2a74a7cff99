//! Field validation with the spec's exact messages (spec 01 §5).
//!
//! Inputs arrive as loosely typed forms (every field optional) and leave as checked values, so
//! a message can be given for a missing field instead of a parse error.

use std::collections::BTreeMap;

/// The messages of spec 01 §5 that more than one form uses.
pub mod messages {
    pub const REQUIRED_FIELD: &str = "Required field";
    pub const MAXIMUM_200: &str = "Maximum 200 characters";
    pub const COUNTRY_IS_REQUIRED: &str = "Country is required!";
    pub const NAME_REQUIRED: &str = "Name field is required!";
    pub const UNIVERSAL_NAME_REQUIRED: &str = "Universal name field is required!";
    pub const TOO_LONG: &str = "Too long input!";
}

/// Most text fields may hold 200 characters (spec 01 §5).
pub const TEXT_LIMIT: usize = 200;

/// A format a text field must have, with the spec's message when it has not (spec 01 §5).
#[derive(Debug, Clone, Copy)]
pub struct Format {
    pub is_valid: fn(&str) -> bool,
    pub message: &'static str,
}

impl Format {
    /// A plain address check: one `@`, a local part, a dotted domain, no spaces. Deliverability
    /// is the mail server's business.
    pub const EMAIL: Format = Format {
        is_valid: |email| {
            let Some((local, domain)) = email.split_once('@') else {
                return false;
            };
            !local.is_empty()
                && !domain.contains('@')
                && !email.chars().any(char::is_whitespace)
                && domain.split('.').count() >= 2
                && domain.split('.').all(|part| !part.is_empty())
        },
        message: WRONG_EMAIL,
    };
    /// Digits, parentheses, spaces and a plus (spec 01 §5 phone pattern).
    pub const PHONE: Format = Format {
        is_valid: |phone| {
            phone
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '+' | '(' | ')' | ' '))
        },
        message: PHONE_FORMAT,
    };

    /// Adds this format's message to `field` when `value` is given and not of this format.
    pub fn check(self, errors: &mut ValidationErrors, field: &'static str, value: Option<&str>) {
        if value.is_some_and(|v| !(self.is_valid)(v)) {
            errors.add(field, self.message);
        }
    }

    /// Checks a field that may be empty by its text rule, then by this format.
    pub fn check_optional(
        self,
        errors: &mut ValidationErrors,
        rule: TextRule,
        value: Option<String>,
    ) -> Option<String> {
        let value = rule.check(errors, value);
        self.check(errors, rule.field, value.as_deref());
        value
    }
}

/// Folds a text for searching: lower case, accents removed ("Dubrovník" finds "dubrovnik").
pub fn fold(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    // ASCII has no marks to take off: lowercasing is the whole fold, without decomposing.
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    text.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        // Letters that carry their stroke in the base letter rather than a combining mark.
        .map(|c| match c {
            'đ' => 'd',
            'ł' => 'l',
            'ø' => 'o',
            _ => c,
        })
        .collect()
}

pub const WRONG_EMAIL: &str = "Wrong e-mail format!";
pub const PHONE_FORMAT: &str = "Only numbers and plus sign are allowed!";
pub const ACTIVE_ORDER: &str = "Active to must not be before active from.";

/// Name rules of the forms that follow the club form's wording (spec 01 §5).
pub const NAME: TextRule = TextRule {
    field: "name",
    max: TEXT_LIMIT,
    required: Some(messages::NAME_REQUIRED),
    too_long: messages::TOO_LONG,
};
pub const NAME_UNIVERSAL: TextRule = TextRule {
    field: "nameUniversal",
    required: Some(messages::UNIVERSAL_NAME_REQUIRED),
    ..NAME
};

/// An optional text field with the common "Too long input!" message.
pub const fn optional(field: &'static str, max: usize) -> TextRule {
    TextRule {
        field,
        max,
        required: None,
        too_long: messages::TOO_LONG,
    }
}

/// Reports `message` under `field` when a required value is missing. The default stands in for
/// it, never seen because `errors` then holds the message.
pub fn required<T: Default>(
    errors: &mut ValidationErrors,
    value: Option<T>,
    field: &str,
    message: &str,
) -> T {
    if value.is_none() {
        errors.add(field, message);
    }
    value.unwrap_or_default()
}

pub const COUNTRY_REQUIRED: &str = "Country field is required!";

/// A city is only given with its country; the message goes to `country_field`.
pub fn check_city_country(
    errors: &mut ValidationErrors,
    country_field: &str,
    country_id: Option<u64>,
    city_id: Option<u64>,
) {
    if city_id.is_some() && country_id.is_none() {
        errors.add(country_field, COUNTRY_REQUIRED);
    }
}

/// Checks a logo that may be absent; it is kept without its metadata.
pub fn check_logo(errors: &mut ValidationErrors, value: Option<String>) -> Option<String> {
    check_image(
        errors,
        "logo",
        value,
        crate::images::LOGO_MAX_SIDE,
        crate::images::LOGO_TOO_BIG,
    )
}

/// Checks an image `field` that may be absent, at most `max_side` pixels a side; it is kept
/// without its metadata.
pub fn check_image(
    errors: &mut ValidationErrors,
    field: &str,
    value: Option<String>,
    max_side: u32,
    too_big: &'static str,
) -> Option<String> {
    let value = value.filter(|v| !v.trim().is_empty())?;
    match crate::images::check_png(&value, max_side, too_big) {
        Ok(clean) => Some(clean),
        Err(message) => {
            errors.add(field, message);
            Some(value)
        }
    }
}

/// Checks that an active period does not end before it starts.
pub fn check_period(
    errors: &mut ValidationErrors,
    from: Option<crate::dates::Date>,
    to: Option<crate::dates::Date>,
) {
    if let (Some(from), Some(to)) = (from, to)
        && to < from
    {
        errors.add("activeTo", ACTIVE_ORDER);
    }
}

/// Messages by field name (the JSON body's camelCase name), in a stable order.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct ValidationErrors(BTreeMap<String, Vec<String>>);

impl ValidationErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn single(field: &str, message: &str) -> Self {
        let mut errors = Self::new();
        errors.add(field, message);
        errors
    }

    pub fn add(&mut self, field: &str, message: &str) {
        let messages = self.0.entry(field.to_owned()).or_default();
        if !messages.iter().any(|m| m == message) {
            messages.push(message.to_owned());
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn fields(&self) -> &BTreeMap<String, Vec<String>> {
        &self.0
    }

    /// One line for a toast: every distinct message once, in field order.
    pub fn summary(&self) -> String {
        let mut seen: Vec<&str> = Vec::new();
        for message in self.0.values().flatten() {
            if !seen.contains(&message.as_str()) {
                seen.push(message);
            }
        }
        seen.join(" ")
    }

    /// Takes in the messages of a nested form under `prefix` (`clubs[0]` + `activeTo` gives
    /// `clubs[0].activeTo`).
    pub fn nest(&mut self, prefix: &str, inner: ValidationErrors) {
        for (field, messages) in inner.0 {
            for message in messages {
                self.add(&format!("{prefix}.{field}"), &message);
            }
        }
    }

    /// `Ok(value)` when nothing was reported, so a validator can end with
    /// `errors.finish(value)`.
    pub fn finish<T>(self, value: T) -> Result<T, ValidationErrors> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

impl std::fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.summary())
    }
}

impl std::error::Error for ValidationErrors {}

/// The two messages a text field can produce: missing and too long.
#[derive(Debug, Clone, Copy)]
pub struct TextRule {
    pub field: &'static str,
    pub max: usize,
    /// `None` for optional fields.
    pub required: Option<&'static str>,
    pub too_long: &'static str,
}

impl TextRule {
    /// Checks a text and returns it trimmed; blank optional texts become `None`.
    pub fn check(&self, errors: &mut ValidationErrors, value: Option<String>) -> Option<String> {
        let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        match &value {
            None => {
                if let Some(message) = self.required {
                    errors.add(self.field, message);
                }
            }
            Some(text) if text.chars().count() > self.max => errors.add(self.field, self.too_long),
            Some(_) => {}
        }
        value
    }

    /// Like `check` for a required field: the empty string stands in when it is missing, which
    /// is never seen because `errors` then holds the required message.
    pub fn check_required(&self, errors: &mut ValidationErrors, value: Option<String>) -> String {
        debug_assert!(
            self.required.is_some(),
            "{} is not a required rule",
            self.field
        );
        self.check(errors, value).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAME: TextRule = TextRule {
        field: "name",
        max: 5,
        required: Some(messages::REQUIRED_FIELD),
        too_long: messages::MAXIMUM_200,
    };

    #[test]
    fn missing_blank_and_too_long_texts_are_reported() {
        for (input, expected) in [
            (None, Some(messages::REQUIRED_FIELD)),
            (Some("   "), Some(messages::REQUIRED_FIELD)),
            (Some("abcdef"), Some(messages::MAXIMUM_200)),
            (Some(" abcde "), None),
            (Some("čćžšđ"), None),
        ] {
            let mut errors = ValidationErrors::new();
            NAME.check(&mut errors, input.map(str::to_owned));
            let got = errors.fields().get("name").map(|m| m[0].as_str());
            assert_eq!(got, expected, "input {input:?}");
        }
    }

    #[test]
    fn texts_are_trimmed_and_optional_blanks_dropped() {
        let mut errors = ValidationErrors::new();
        let optional = TextRule {
            required: None,
            ..NAME
        };
        assert_eq!(optional.check(&mut errors, Some("  ".into())), None);
        assert_eq!(
            NAME.check(&mut errors, Some(" ab ".into())).as_deref(),
            Some("ab")
        );
        assert!(errors.is_empty());
    }

    #[test]
    fn folding_ignores_case_and_accents() {
        assert_eq!(fold("Dubrovník"), "dubrovnik");
        assert_eq!(fold("ŠABAC Čačak"), "sabac cacak");
        assert_eq!(fold("Αθήνα"), "αθηνα");
        assert_eq!(fold("Đorđević"), "dordevic");
        assert_eq!(fold("VK Radnicki KG 2"), "vk radnicki kg 2");
        assert_eq!(fold(""), "");
    }

    #[test]
    fn summary_lists_each_message_once() {
        let mut errors = ValidationErrors::new();
        errors.add("name", messages::REQUIRED_FIELD);
        errors.add("nameUniversal", messages::REQUIRED_FIELD);
        errors.add("countryId", messages::COUNTRY_IS_REQUIRED);
        errors.add("countryId", messages::COUNTRY_IS_REQUIRED);
        assert_eq!(errors.summary(), "Country is required! Required field");
        assert_eq!(errors.fields()["countryId"].len(), 1);
    }
}

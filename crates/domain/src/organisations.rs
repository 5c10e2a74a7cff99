//! The fields that federations, clubs, teams and competitions all have (spec 01 §5): their
//! names, short name and description, address and contacts, logo and professional flag, checked
//! by one set of rules for the four forms.
//!
//! Each record keeps these fields at the top level of its stored and JSON shape, in its own
//! order (serde's `flatten` suits neither bincode nor `deny_unknown_fields`), so
//! `shared_fields_of!` takes them out of a form and `with_shared_fields!` puts them into a
//! record, naming each field once for all four kinds.

use crate::validation::{
    Format, NAME, NAME_UNIVERSAL, TEXT_LIMIT, ValidationErrors, check_logo, optional,
};

/// The web address and the social accounts hold 100 characters, as do the phone and e-mail.
const CONTACT_LIMIT: usize = 100;

/// Declares the form of a federation, club, team or competition: the shared fields, then the
/// record's own, every one optional and no other accepted.
macro_rules! organisation_form {
    (
        $(#[$meta:meta])*
        pub struct $form:ident {
            $($(#[$field_meta:meta])* pub $field:ident: $type:ty,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, serde::Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        pub struct $form {
            pub name: Option<String>,
            pub name_universal: Option<String>,
            pub short_name: Option<String>,
            pub description: Option<String>,
            pub address: Option<String>,
            pub phone: Option<String>,
            pub email: Option<String>,
            pub web: Option<String>,
            pub facebook: Option<String>,
            pub twitter: Option<String>,
            pub youtube: Option<String>,
            pub instagram: Option<String>,
            /// Base64 PNG, at most 256×256.
            pub logo: Option<String>,
            pub is_pro: Option<bool>,
            $($(#[$field_meta])* pub $field: $type,)*
        }
    };
}
pub(crate) use organisation_form;

organisation_form! {
    /// The shared fields of a form, as sent and, after `check`, trimmed and checked.
    pub struct SharedFields {}
}

impl SharedFields {
    /// Reports what breaks a rule and returns the fields trimmed, blank texts dropped.
    pub fn check(self, errors: &mut ValidationErrors) -> SharedFields {
        let contact = |field| optional(field, CONTACT_LIMIT);
        SharedFields {
            name: NAME.check(errors, self.name),
            name_universal: NAME_UNIVERSAL.check(errors, self.name_universal),
            short_name: optional("shortName", TEXT_LIMIT).check(errors, self.short_name),
            description: optional("description", TEXT_LIMIT).check(errors, self.description),
            address: optional("address", TEXT_LIMIT).check(errors, self.address),
            phone: Format::PHONE.check_optional(errors, contact("phone"), self.phone),
            email: Format::EMAIL.check_optional(errors, contact("email"), self.email),
            web: contact("web").check(errors, self.web),
            facebook: contact("facebook").check(errors, self.facebook),
            twitter: contact("twitter").check(errors, self.twitter),
            youtube: contact("youtube").check(errors, self.youtube),
            instagram: contact("instagram").check(errors, self.instagram),
            logo: check_logo(errors, self.logo),
            is_pro: self.is_pro,
        }
    }
}

/// Moves the shared fields out of a form (`self` in its `validate`), leaving its other fields.
macro_rules! shared_fields_of {
    ($form:ident) => {
        $crate::organisations::SharedFields {
            name: $form.name,
            name_universal: $form.name_universal,
            short_name: $form.short_name,
            description: $form.description,
            address: $form.address,
            phone: $form.phone,
            email: $form.email,
            web: $form.web,
            facebook: $form.facebook,
            twitter: $form.twitter,
            youtube: $form.youtube,
            instagram: $form.instagram,
            logo: $form.logo,
            is_pro: $form.is_pro,
        }
    };
}
pub(crate) use shared_fields_of;

/// Builds a record from checked shared fields and the record's own fields
/// (`with_shared_fields!(shared, ClubFields { venue, city_id: self.city_id })`). A missing name
/// becomes empty, never seen because the check reported it.
macro_rules! with_shared_fields {
    ($shared:expr, $record:ident { $($field:ident $(: $value:expr)?),* $(,)? }) => {{
        let shared: $crate::organisations::SharedFields = $shared;
        $record {
            $($field $(: $value)?,)*
            name: shared.name.unwrap_or_default(),
            name_universal: shared.name_universal.unwrap_or_default(),
            short_name: shared.short_name,
            description: shared.description,
            address: shared.address,
            phone: shared.phone,
            email: shared.email,
            web: shared.web,
            facebook: shared.facebook,
            twitter: shared.twitter,
            youtube: shared.youtube,
            instagram: shared.instagram,
            logo: shared.logo,
            is_pro: shared.is_pro.unwrap_or(false),
        }
    }};
}
pub(crate) use with_shared_fields;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::{PHONE_FORMAT, WRONG_EMAIL, messages};

    #[test]
    fn every_organisation_form_checks_the_shared_fields() {
        let empty = [
            crate::clubs::ClubInput::default().validate().err(),
            crate::teams::TeamInput::default().validate().err(),
            crate::federations::FederationInput::default()
                .validate()
                .err(),
            crate::competitions::CompetitionInput::default()
                .validate()
                .err(),
        ];
        for errors in empty {
            let errors = errors.expect("an empty form is refused");
            assert_eq!(errors.fields()["name"], ["Name field is required!"]);
            assert_eq!(
                errors.fields()["nameUniversal"],
                ["Universal name field is required!"]
            );
        }
    }

    #[test]
    fn one_set_of_rules_for_the_shared_fields() {
        let mut errors = ValidationErrors::new();
        let checked = SharedFields {
            name: Some("  VK Partizan ".into()),
            short_name: Some("   ".into()),
            address: Some("a".repeat(200)),
            web: Some("w".repeat(101)),
            phone: Some("011-123".into()),
            email: Some("vk@partizan".into()),
            ..SharedFields::default()
        }
        .check(&mut errors);
        assert_eq!(checked.name.as_deref(), Some("VK Partizan"));
        assert_eq!(checked.short_name, None);
        let fields = errors.fields();
        assert_eq!(fields["nameUniversal"], [messages::UNIVERSAL_NAME_REQUIRED]);
        assert!(!fields.contains_key("address"), "the address holds 200");
        assert_eq!(fields["web"], [messages::TOO_LONG]);
        assert_eq!(fields["phone"], [PHONE_FORMAT]);
        assert_eq!(fields["email"], [WRONG_EMAIL]);
    }
}

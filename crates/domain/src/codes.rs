//! The spec's code lists: the fixed values that matches, events, lineups and users refer to.
//!
//! Numbered lists (match statuses, event types, positions, ...) travel over the API as their spec
//! number, so a stored `705` is always a shot, and are shown to users by their label. Named lists
//! (roles, permission actions, filter operators, ...) have no numbers in the spec and travel as
//! their spec name. Every number and name here is pinned by a test against the spec.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A number that is not a code of the list it was read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("unknown {list} {code}")]
pub struct UnknownCode {
    /// The list in words, e.g. "match status".
    pub list: &'static str,
    /// The number that was read.
    pub code: u16,
}

/// Turns a spec name into its label (the spec shows names "with underscores replaced by spaces").
/// It runs at compile time so that `label` can hand out `&'static str` without allocating.
const fn underscores_to_spaces<const N: usize>(name: &str) -> [u8; N] {
    let bytes = name.as_bytes();
    assert!(bytes.len() == N);
    let mut label = [0; N];
    let mut i = 0;
    while i < N {
        label[i] = if bytes[i] == b'_' { b' ' } else { bytes[i] };
        i += 1;
    }
    label
}

/// The label of one code: the one written next to it, or else its name with spaces.
macro_rules! code_label {
    ($name:literal as $label:literal) => {
        $label
    };
    ($name:literal) => {{
        const BYTES: [u8; $name.len()] = underscores_to_spaces($name);
        const LABEL: &str = match std::str::from_utf8(&BYTES) {
            Ok(label) => label,
            // Swapping one ASCII byte for another keeps UTF-8 valid, so this cannot happen.
            Err(_) => panic!("a label is not UTF-8"),
        };
        LABEL
    }};
}

/// A list whose codes have spec numbers: serialized as the number, shown by the label.
macro_rules! numbered_codes {
    (
        $(#[$attr:meta])*
        pub enum $ty:ident($list:literal) {
            $(
                $(#[$variant_attr:meta])*
                $variant:ident = $id:literal => $name:literal $(as $label:literal)?,
            )+
        }
    ) => {
        $(#[$attr])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u16)]
        pub enum $ty {
            $($(#[$variant_attr])* $variant = $id,)+
        }

        impl $ty {
            /// Every code of the list, in spec order.
            pub const ALL: &[Self] = &[$(Self::$variant),+];

            /// The spec number.
            pub const fn id(self) -> u16 {
                self as u16
            }

            /// The spec name, with underscores (e.g. "Not_Started").
            pub const fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $name,)+
                }
            }

            /// The text shown to users (e.g. "Not Started").
            pub const fn label(self) -> &'static str {
                match self {
                    $(Self::$variant => code_label!($name $(as $label)?),)+
                }
            }
        }

        impl TryFrom<u16> for $ty {
            type Error = UnknownCode;

            fn try_from(code: u16) -> Result<Self, UnknownCode> {
                match code {
                    $($id => Ok(Self::$variant),)+
                    _ => Err(UnknownCode { list: $list, code }),
                }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_u16(self.id())
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let code = u16::deserialize(deserializer)?;
                Self::try_from(code).map_err(serde::de::Error::custom)
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                openapi::integer_code_schema($list, Self::ALL.iter().map(|c| (c.id(), c.name())))
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::ToSchema for $ty {}
    };
}

/// A list without spec numbers: serialized as, and shown by, its spec name.
macro_rules! named_codes {
    (
        $(#[$attr:meta])*
        pub enum $ty:ident {
            // `tt`, not `literal`: utoipa's derive does not see through a `literal` fragment in
            // `#[serde(rename = ...)]` and would name the values after the variants.
            $(
                $(#[$variant_attr:meta])*
                $variant:ident => $name:tt,
            )+
        }
    ) => {
        $(#[$attr])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        pub enum $ty {
            $($(#[$variant_attr])* #[serde(rename = $name)] $variant,)+
        }

        impl $ty {
            /// Every code of the list, in spec order.
            pub const ALL: &[Self] = &[$(Self::$variant),+];

            /// The spec name, as it travels over the API.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $name,)+
                }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

#[cfg(feature = "openapi")]
mod openapi {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::extensions::ExtensionsBuilder;
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};

    /// An integer schema that allows exactly the list's numbers. `x-enum-varnames` carries the
    /// spec names so that generated TypeScript can name the values.
    pub(super) fn integer_code_schema(
        list: &str,
        codes: impl Iterator<Item = (u16, &'static str)>,
    ) -> RefOr<Schema> {
        let (ids, names): (Vec<u16>, Vec<&str>) = codes.unzip();
        let listing = ids
            .iter()
            .zip(&names)
            .map(|(id, name)| format!("{id} {name}"))
            .collect::<Vec<_>>()
            .join(", ");
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
            .description(Some(format!("A {list} code: {listing}.")))
            .enum_values(Some(ids))
            .extensions(Some(
                ExtensionsBuilder::new()
                    .add("x-enum-varnames", names)
                    .build(),
            ))
            .into()
    }
}

named_codes! {
    /// A role a signed-in user holds; access is granted if any of the user's roles allows it.
    pub enum Role {
        Admin => "Admin",
        Federation => "Federation",
        Club => "Club",
        Person => "Person",
        Coach => "Coach",
        Official => "Official",
    }
}

numbered_codes! {
    /// The kind of user account: who the account administers for.
    pub enum UserType("user type") {
        Admin = 0 => "Admin",
        Federation = 1 => "Federation",
        Club = 2 => "Club",
        Person = 3 => "Person",
    }
}

numbered_codes! {
    /// The job of a match official at a game, from referee to video assistant referee.
    pub enum OfficialRole("official role") {
        Referee = 600 => "Referee",
        Delegate = 601 => "Delegate",
        Secretary = 602 => "Secretary",
        Timekeeper = 603 => "Timekeeper",
        Director = 604 => "Director",
        GoalReferee = 605 => "Goal_Referee",
        /// Video assistant referee.
        Var = 606 => "VAR",
    }
}

numbered_codes! {
    /// The role of a coach on a team's bench (HC or AC on the score sheet).
    pub enum CoachRole("coach role") {
        HeadCoach = 500 => "Head_Coach",
        AssistantCoach = 501 => "Assistant_Coach",
    }
}

numbered_codes! {
    /// A player's position in the water.
    pub enum Position("position") {
        Goalkeeper = 400 => "Goalkeeper",
        Driver = 401 => "Driver",
        LeftDriver = 402 => "Left_Driver",
        RightDriver = 403 => "Right_Driver",
        CentralDefender = 404 => "Central_Defender",
        LeftWinger = 405 => "Left_Winger",
        RightWinger = 406 => "Right_Winger",
        CenterForward = 407 => "Center_Forward",
    }
}

numbered_codes! {
    /// Where a match stands: not started, in one of its periods, finished or cancelled.
    #[derive(Default)]
    pub enum MatchStatus("match status") {
        #[default]
        NotStarted = 200 => "Not_Started",
        FirstPeriod = 201 => "First_Period",
        SecondPeriod = 202 => "Second_Period",
        ThirdPeriod = 203 => "Third_Period",
        FourthPeriod = 204 => "Fourth_Period",
        Overtime = 205 => "Overtime",
        Finished = 206 => "Finished",
        Cancelled = 207 => "Cancelled",
    }
}

numbered_codes! {
    /// How a match's playing time is divided: one segment, halves, thirds or quarters.
    pub enum MatchSegment("match segment") {
        Single = 300 => "Single",
        Half = 301 => "Half",
        Third = 302 => "Third",
        Quarter = 303 => "Quarter",
    }
}

numbered_codes! {
    /// The period a match event happened in; overtime doubles as the penalty shootout.
    pub enum Period("period") {
        First = 1200 => "First" as "1st Period",
        Second = 1201 => "Second" as "2nd Period",
        Third = 1202 => "Third" as "3rd Period",
        Fourth = 1203 => "Fourth" as "4th Period",
        Overtime = 1204 => "Overtime",
    }
}

numbered_codes! {
    /// What a match log event records; each type has its own sub-record.
    pub enum EventType("event type") {
        Timeout = 700 => "Timeout",
        SwimOff = 701 => "Swim_Off",
        Card = 702 => "Card",
        Turnover = 703 => "Turnover",
        Exclusion = 704 => "Exclusion",
        Shot = 705 => "Shot",
        Challenge = 706 => "Challenge",
    }
}

numbered_codes! {
    /// The card shown to a player or coach.
    pub enum CardType("card type") {
        Yellow = 800 => "Yellow",
        Red = 801 => "Red",
    }
}

numbered_codes! {
    /// How a team lost possession without a shot.
    pub enum TurnoverType("turnover type") {
        LostBall = 900 => "Lost_Ball",
        OffensiveFoul = 901 => "Offensive_Foul",
        BallUnder = 902 => "Ball_Under",
        ClockExpired = 903 => "Clock_Expired",
    }
}

numbered_codes! {
    /// The personal foul called: an ordinary exclusion, a suspension, a brutality or a 5m penalty.
    pub enum ExclusionType("exclusion type") {
        Exclusion = 1000 => "Exclusion",
        Suspension = 1001 => "Suspension",
        Brutality = 1002 => "Brutality",
        Penalty = 1003 => "Penalty" as "Penalty (5m)",
    }
}

numbered_codes! {
    /// The situation a shot was taken in.
    pub enum ShotType("shot type") {
        RegularAttack = 1100 => "Regular_Attack",
        Penalty = 1101 => "Penalty",
        PowerPlay = 1102 => "Power_Play",
        PenaltyShootout = 1103 => "Penalty_Shootout",
    }
}

named_codes! {
    /// The language a competition's printed match log (score sheet) uses.
    #[derive(Default)]
    pub enum TemplateLanguage {
        /// English.
        #[default]
        En => "en",
        /// Serbian.
        Rs => "rs",
    }
}

named_codes! {
    /// The hand a player shoots with (spec 01 §9: L or R).
    pub enum Hand {
        Left => "L",
        Right => "R",
    }
}

named_codes! {
    /// What a permission check asks to do with a module's records.
    pub enum PermissionAction {
        Read => "Read",
        Create => "Create",
        Update => "Update",
        Delete => "Delete",
    }
}

named_codes! {
    /// How a list filter compares a field with its value.
    pub enum FilterOperator {
        Eq => "EQ",
        Gt => "GT",
        Lt => "LT",
        Gte => "GTE",
        Lte => "LTE",
        Contains => "CONTAINS",
    }
}

named_codes! {
    /// The state of the period clock on the live scoring screen.
    pub enum ClockState {
        Stopped => "Stopped",
        Paused => "Paused",
        Running => "Running",
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::{Debug, Display};

    use serde::de::DeserializeOwned;

    use super::*;

    /// Pins a numbered list to its spec table and checks every conversion of every code.
    fn check_numbered<T>(
        all: &[T],
        id: fn(T) -> u16,
        name: fn(T) -> &'static str,
        expected: &[(u16, &str)],
    ) where
        T: Copy + Debug + PartialEq + Display + TryFrom<u16, Error = UnknownCode>,
        T: Serialize + DeserializeOwned,
    {
        let actual: Vec<(u16, &str)> = all.iter().map(|&c| (id(c), name(c))).collect();
        assert_eq!(actual, expected);
        for &code in all {
            assert_eq!(T::try_from(id(code)), Ok(code));
            assert_eq!(code.to_string(), name(code));
            let json = serde_json::to_string(&code).expect("a code serializes");
            assert_eq!(json, id(code).to_string());
            let back: T = serde_json::from_str(&json).expect("a code deserializes");
            assert_eq!(back, code);
        }
    }

    /// Pins a named list to its spec names and checks the JSON form of every code.
    fn check_named<T>(all: &[T], name: fn(T) -> &'static str, expected: &[&str])
    where
        T: Copy + Debug + PartialEq + Display + Serialize + DeserializeOwned,
    {
        let actual: Vec<&str> = all.iter().map(|&c| name(c)).collect();
        assert_eq!(actual, expected);
        for &code in all {
            assert_eq!(code.to_string(), name(code));
            let json = serde_json::to_string(&code).expect("a code serializes");
            assert_eq!(json, format!("\"{}\"", name(code)));
            let back: T = serde_json::from_str(&json).expect("a code deserializes");
            assert_eq!(back, code);
        }
    }

    #[test]
    fn roles() {
        check_named(
            Role::ALL,
            Role::name,
            &["Admin", "Federation", "Club", "Person", "Coach", "Official"],
        );
    }

    #[test]
    fn user_types() {
        check_numbered(
            UserType::ALL,
            UserType::id,
            UserType::name,
            &[(0, "Admin"), (1, "Federation"), (2, "Club"), (3, "Person")],
        );
    }

    #[test]
    fn official_roles() {
        check_numbered(
            OfficialRole::ALL,
            OfficialRole::id,
            OfficialRole::name,
            &[
                (600, "Referee"),
                (601, "Delegate"),
                (602, "Secretary"),
                (603, "Timekeeper"),
                (604, "Director"),
                (605, "Goal_Referee"),
                (606, "VAR"),
            ],
        );
    }

    #[test]
    fn coach_roles() {
        check_numbered(
            CoachRole::ALL,
            CoachRole::id,
            CoachRole::name,
            &[(500, "Head_Coach"), (501, "Assistant_Coach")],
        );
    }

    #[test]
    fn positions() {
        check_numbered(
            Position::ALL,
            Position::id,
            Position::name,
            &[
                (400, "Goalkeeper"),
                (401, "Driver"),
                (402, "Left_Driver"),
                (403, "Right_Driver"),
                (404, "Central_Defender"),
                (405, "Left_Winger"),
                (406, "Right_Winger"),
                (407, "Center_Forward"),
            ],
        );
    }

    #[test]
    fn match_statuses() {
        check_numbered(
            MatchStatus::ALL,
            MatchStatus::id,
            MatchStatus::name,
            &[
                (200, "Not_Started"),
                (201, "First_Period"),
                (202, "Second_Period"),
                (203, "Third_Period"),
                (204, "Fourth_Period"),
                (205, "Overtime"),
                (206, "Finished"),
                (207, "Cancelled"),
            ],
        );
    }

    #[test]
    fn match_segments() {
        check_numbered(
            MatchSegment::ALL,
            MatchSegment::id,
            MatchSegment::name,
            &[
                (300, "Single"),
                (301, "Half"),
                (302, "Third"),
                (303, "Quarter"),
            ],
        );
    }

    #[test]
    fn periods() {
        check_numbered(
            Period::ALL,
            Period::id,
            Period::name,
            &[
                (1200, "First"),
                (1201, "Second"),
                (1202, "Third"),
                (1203, "Fourth"),
                (1204, "Overtime"),
            ],
        );
    }

    #[test]
    fn event_types() {
        check_numbered(
            EventType::ALL,
            EventType::id,
            EventType::name,
            &[
                (700, "Timeout"),
                (701, "Swim_Off"),
                (702, "Card"),
                (703, "Turnover"),
                (704, "Exclusion"),
                (705, "Shot"),
                (706, "Challenge"),
            ],
        );
    }

    #[test]
    fn card_types() {
        check_numbered(
            CardType::ALL,
            CardType::id,
            CardType::name,
            &[(800, "Yellow"), (801, "Red")],
        );
    }

    #[test]
    fn turnover_types() {
        check_numbered(
            TurnoverType::ALL,
            TurnoverType::id,
            TurnoverType::name,
            &[
                (900, "Lost_Ball"),
                (901, "Offensive_Foul"),
                (902, "Ball_Under"),
                (903, "Clock_Expired"),
            ],
        );
    }

    #[test]
    fn exclusion_types() {
        check_numbered(
            ExclusionType::ALL,
            ExclusionType::id,
            ExclusionType::name,
            &[
                (1000, "Exclusion"),
                (1001, "Suspension"),
                (1002, "Brutality"),
                (1003, "Penalty"),
            ],
        );
    }

    #[test]
    fn shot_types() {
        check_numbered(
            ShotType::ALL,
            ShotType::id,
            ShotType::name,
            &[
                (1100, "Regular_Attack"),
                (1101, "Penalty"),
                (1102, "Power_Play"),
                (1103, "Penalty_Shootout"),
            ],
        );
    }

    #[test]
    fn template_languages() {
        check_named(TemplateLanguage::ALL, TemplateLanguage::name, &["en", "rs"]);
        check_named(Hand::ALL, Hand::name, &["L", "R"]);
    }

    #[test]
    fn permission_actions() {
        check_named(
            PermissionAction::ALL,
            PermissionAction::name,
            &["Read", "Create", "Update", "Delete"],
        );
    }

    #[test]
    fn filter_operators() {
        check_named(
            FilterOperator::ALL,
            FilterOperator::name,
            &["EQ", "GT", "LT", "GTE", "LTE", "CONTAINS"],
        );
    }

    #[test]
    fn clock_states() {
        check_named(
            ClockState::ALL,
            ClockState::name,
            &["Stopped", "Paused", "Running"],
        );
    }

    #[test]
    fn defaults_follow_the_spec() {
        assert_eq!(MatchStatus::default(), MatchStatus::NotStarted);
        assert_eq!(TemplateLanguage::default(), TemplateLanguage::En);
    }

    #[test]
    fn labels_replace_underscores_with_spaces() {
        assert_eq!(MatchStatus::NotStarted.label(), "Not Started");
        assert_eq!(MatchStatus::FourthPeriod.label(), "Fourth Period");
        assert_eq!(OfficialRole::GoalReferee.label(), "Goal Referee");
        assert_eq!(OfficialRole::Var.label(), "VAR");
        assert_eq!(CoachRole::HeadCoach.label(), "Head Coach");
        assert_eq!(Position::CenterForward.label(), "Center Forward");
        assert_eq!(EventType::SwimOff.label(), "Swim Off");
        assert_eq!(ShotType::PenaltyShootout.label(), "Penalty Shootout");
        assert_eq!(TurnoverType::ClockExpired.label(), "Clock Expired");
    }

    #[test]
    fn labels_that_the_spec_spells_out() {
        assert_eq!(ExclusionType::Penalty.label(), "Penalty (5m)");
        assert_eq!(ExclusionType::Brutality.label(), "Brutality");
        let periods: Vec<&str> = Period::ALL.iter().map(|p| p.label()).collect();
        assert_eq!(
            periods,
            [
                "1st Period",
                "2nd Period",
                "3rd Period",
                "4th Period",
                "Overtime"
            ]
        );
    }

    #[test]
    fn unknown_numbers_are_rejected_by_name_of_list() {
        assert_eq!(
            MatchStatus::try_from(299).map_err(|e| e.to_string()),
            Err("unknown match status 299".to_owned())
        );
        assert_eq!(
            OfficialRole::try_from(500),
            Err(UnknownCode {
                list: "official role",
                code: 500
            })
        );
        let error = serde_json::from_str::<EventType>("707").expect_err("707 is no event type");
        assert!(
            error.to_string().starts_with("unknown event type 707"),
            "{error}"
        );
        let error = serde_json::from_str::<Period>("4").expect_err("4 is no period");
        assert!(error.to_string().starts_with("unknown period 4"), "{error}");
    }

    #[test]
    fn numbered_codes_do_not_deserialize_from_names_or_negative_numbers() {
        assert!(serde_json::from_str::<MatchStatus>("\"Finished\"").is_err());
        assert!(serde_json::from_str::<UserType>("-1").is_err());
        assert!(serde_json::from_str::<CardType>("800.5").is_err());
    }

    #[test]
    fn unknown_names_are_rejected() {
        assert!(serde_json::from_str::<Role>("\"Referee\"").is_err());
        assert!(serde_json::from_str::<FilterOperator>("\"Eq\"").is_err());
        assert!(serde_json::from_str::<TemplateLanguage>("\"EN\"").is_err());
    }

    #[cfg(feature = "openapi")]
    #[test]
    fn numbered_schema_is_an_integer_enum_of_the_spec_numbers() {
        use utoipa::{PartialSchema, ToSchema};

        assert_eq!(<CardType as ToSchema>::name(), "CardType");
        let schema = serde_json::to_value(CardType::schema()).expect("a schema serializes");
        assert_eq!(
            schema,
            serde_json::json!({
                "type": "integer",
                "format": "int32",
                "description": "A card type code: 800 Yellow, 801 Red.",
                "enum": [800, 801],
                "x-enum-varnames": ["Yellow", "Red"],
            })
        );
    }

    #[cfg(feature = "openapi")]
    #[test]
    fn named_schema_is_a_string_enum_of_the_spec_names() {
        use utoipa::PartialSchema;

        let schema = serde_json::to_value(FilterOperator::schema()).expect("a schema serializes");
        assert_eq!(schema["type"], "string");
        assert_eq!(
            schema["enum"],
            serde_json::json!(["EQ", "GT", "LT", "GTE", "LTE", "CONTAINS"])
        );
    }
}

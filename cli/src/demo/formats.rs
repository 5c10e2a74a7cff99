//! The demo fixture files as they are written: what each file holds, parsed and checked with
//! the name of the file in every error, and the hashes and crests made by `cargo xtask demo-season`.

use std::collections::HashMap;
use std::io::Read as _;

use anyhow::{Context, bail};
use flate2::read::ZlibDecoder;
use polodesk_domain::codes::{Hand, OfficialRole, Position};
use polodesk_domain::dates::Date;
use polodesk_domain::persons::PersonFields;
use polodesk_domain::validation::ValidationErrors;
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// One of the fixture files, as `build.rs` deflated it into the binary.
pub(super) struct Fixture {
    folder: &'static str,
    file: &'static str,
    packed: &'static [u8],
}

macro_rules! fixture {
    ($folder:literal, $file:literal) => {
        Fixture {
            folder: $folder,
            file: $file,
            packed: include_bytes!(concat!(env!("OUT_DIR"), "/fixtures/", $folder, "/", $file)),
        }
    };
}

pub(super) const COUNTRIES: Fixture = fixture!("reference", "countries.json");
pub(super) const CATEGORIES: Fixture = fixture!("reference", "categories.json");
pub(super) const COMPETITION_TYPES: Fixture = fixture!("reference", "competition-types.json");
pub(super) const PERSONS: Fixture = fixture!("demo", "persons.json");
const USERS: Fixture = fixture!("demo", "users.json");
pub(super) const FEDERATIONS: Fixture = fixture!("demo", "federations.json");
pub(super) const CLUBS: Fixture = fixture!("demo", "clubs.json");
pub(super) const TEAMS: Fixture = fixture!("demo", "teams.json");
pub(super) const COMPETITIONS: Fixture = fixture!("demo", "competitions.json");
pub(super) const SQUADS: Fixture = fixture!("demo", "squads.json");
pub(super) const OFFICIALS: Fixture = fixture!("demo", "officials.json");
pub(super) const SEASON: Fixture = fixture!("demo", "season.json");
const SECRETS: Fixture = fixture!("demo", "secrets.json");

impl Fixture {
    /// The file's content, with its path in every error.
    pub(super) fn parsed<T: DeserializeOwned>(&self) -> anyhow::Result<T> {
        let mut json = Vec::new();
        ZlibDecoder::new(self.packed)
            .read_to_end(&mut json)
            .map_err(anyhow::Error::from)
            .and_then(|_| Ok(serde_json::from_slice(&json)?))
            .with_context(|| format!("fixtures/{}/{} is not valid", self.folder, self.file))
    }
}

/// The argon2id hashes of the demo passwords (by email) and PINs (by "Name Surname"), made by
/// `cargo xtask demo-season`: hashing them at every first start would cost most of a second.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Secrets {
    pub(super) passwords: HashMap<String, String>,
    pub(super) pins: HashMap<String, String>,
}

impl Secrets {
    pub(super) fn parse() -> anyhow::Result<Secrets> {
        SECRETS.parsed()
    }
}

pub(super) fn hash_of<'a>(
    hashes: &'a HashMap<String, String>,
    key: &str,
) -> anyhow::Result<&'a String> {
    hashes.get(key).with_context(|| {
        format!("fixtures/demo/secrets.json has no hash for {key}: run cargo xtask demo-season")
    })
}

/// The club crests by short name, drawn by `cargo xtask demo-season`.
const CRESTS: [(&str, &[u8]); 18] = [
    (
        "PAR",
        include_bytes!("../../../fixtures/demo/crests/par.png"),
    ),
    (
        "CZV",
        include_bytes!("../../../fixtures/demo/crests/czv.png"),
    ),
    (
        "RAD",
        include_bytes!("../../../fixtures/demo/crests/rad.png"),
    ),
    (
        "SAB",
        include_bytes!("../../../fixtures/demo/crests/sab.png"),
    ),
    (
        "NBG",
        include_bytes!("../../../fixtures/demo/crests/nbg.png"),
    ),
    (
        "VOJ",
        include_bytes!("../../../fixtures/demo/crests/voj.png"),
    ),
    (
        "ZRE",
        include_bytes!("../../../fixtures/demo/crests/zre.png"),
    ),
    (
        "SIN",
        include_bytes!("../../../fixtures/demo/crests/sin.png"),
    ),
    (
        "VAL",
        include_bytes!("../../../fixtures/demo/crests/val.png"),
    ),
    (
        "TNT",
        include_bytes!("../../../fixtures/demo/crests/tnt.png"),
    ),
    (
        "ZEM",
        include_bytes!("../../../fixtures/demo/crests/zem.png"),
    ),
    (
        "SME",
        include_bytes!("../../../fixtures/demo/crests/sme.png"),
    ),
    (
        "TAS",
        include_bytes!("../../../fixtures/demo/crests/tas.png"),
    ),
    (
        "STU",
        include_bytes!("../../../fixtures/demo/crests/stu.png"),
    ),
    (
        "SOM",
        include_bytes!("../../../fixtures/demo/crests/som.png"),
    ),
    (
        "SPA",
        include_bytes!("../../../fixtures/demo/crests/spa.png"),
    ),
    (
        "VRB",
        include_bytes!("../../../fixtures/demo/crests/vrb.png"),
    ),
    (
        "SEN",
        include_bytes!("../../../fixtures/demo/crests/sen.png"),
    ),
];

/// The demo accounts, which `serve --demo` prints (as do `cargo xtask run` and the README).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DemoUser {
    pub email: String,
    pub password: String,
    pub(super) type_id: u16,
    /// "Name Surname" of a demo person, for Person accounts.
    pub(super) person: Option<String>,
    /// The name of a demo federation, for Federation accounts.
    pub(super) federation: Option<String>,
    /// The name of a demo club, for Club accounts.
    pub(super) club: Option<String>,
}

/// A demo club; its federation by name, its country by ISO code, its city by local name.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct DemoClub {
    pub(super) name: String,
    pub(super) name_universal: String,
    pub(super) short_name: Option<String>,
    pub(super) federation: Option<String>,
    pub(super) country: String,
    pub(super) city: Option<String>,
    pub(super) venue: Option<String>,
    pub(super) active_from: Option<Date>,
    pub(super) is_pro: bool,
}

/// A demo federation; its country by ISO code and its city by local name.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct DemoFederation {
    pub(super) name: String,
    pub(super) name_universal: String,
    pub(super) short_name: Option<String>,
    pub(super) country: String,
    pub(super) city: Option<String>,
    pub(super) active_from: Date,
    pub(super) president: Option<String>,
    pub(super) address: Option<String>,
    pub(super) phone: Option<String>,
    pub(super) web: Option<String>,
    pub(super) email: Option<String>,
    pub(super) is_pro: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct DemoPerson {
    pub(super) name: String,
    pub(super) surname: String,
    pub(super) birth_date: Date,
}

impl DemoPerson {
    pub(super) fn fields(&self) -> PersonFields {
        PersonFields::new(&self.name, &self.surname, self.birth_date)
    }
}

/// A demo team: its club by name, its category by local name.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct DemoTeam {
    pub(super) name: String,
    pub(super) name_universal: String,
    pub(super) club: String,
    pub(super) category: String,
}

/// A demo competition with the teams entered in it, all by name.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct DemoCompetition {
    pub(super) name: String,
    pub(super) name_universal: String,
    pub(super) short_name: Option<String>,
    pub(super) federation: String,
    pub(super) category: String,
    pub(super) competition_type: String,
    pub(super) season: String,
    pub(super) start_date: Date,
    pub(super) end_date: Date,
    pub(super) teams: Vec<String>,
}

/// A team's bench: its head coach and its players with their caps.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct DemoSquad {
    pub(super) team: String,
    pub(super) head_coach: DemoPerson,
    pub(super) assistant_coach: Option<DemoPerson>,
    pub(super) players: Vec<DemoPlayer>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct DemoPlayer {
    pub(super) name: String,
    pub(super) surname: String,
    pub(super) birth_date: Date,
    pub(super) cap_number: u8,
    pub(super) position_id: Position,
    pub(super) dominant_hand: Hand,
    pub(super) height: String,
    pub(super) weight: String,
}

/// A demo official with its roles in one federation.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct DemoOfficial {
    pub(super) name: String,
    pub(super) surname: String,
    pub(super) birth_date: Date,
    pub(super) title: Option<String>,
    pub(super) federation: String,
    pub(super) roles: Vec<OfficialRole>,
    pub(super) active_from: Date,
    /// The PIN the official confirms match logs with (hashed at load).
    pub(super) pin: String,
}

pub fn users() -> anyhow::Result<Vec<DemoUser>> {
    USERS.parsed()
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct DemoCountry {
    pub(super) name: String,
    pub(super) name_universal: String,
    pub(super) code: String,
    pub(super) cities: Vec<DemoCity>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct DemoCity {
    pub(super) name: String,
    pub(super) name_universal: String,
}

pub(super) fn checked_at<T>(
    folder: &str,
    file: &str,
    what: &str,
    result: Result<T, ValidationErrors>,
) -> anyhow::Result<T> {
    match result {
        Ok(fields) => Ok(fields),
        Err(errors) => bail!("fixtures/{folder}/{file}: {what}: {errors}"),
    }
}

pub(super) fn checked<T>(
    file: &str,
    what: &str,
    result: Result<T, ValidationErrors>,
) -> anyhow::Result<T> {
    checked_at("reference", file, what, result)
}

/// The crest of a club, as the API stores a logo (base64 PNG), checked like an upload.
pub(super) fn crest(short_name: Option<&str>) -> Option<String> {
    use base64::Engine;
    let (_, bytes) = CRESTS
        .iter()
        .find(|(short, _)| Some(*short) == short_name)?;
    Some(base64::engine::general_purpose::STANDARD.encode(bytes))
}

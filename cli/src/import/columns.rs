//! The CSV columns of each kind and where each goes in the create call's body: a column is
//! a camelCase field of the body, or of the part of it that a row has one of (the new person,
//! the first club, team or federation membership). Ids refer to existing records; code lists
//! are numbers, as the API takes them.

use super::Kind;

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    Text,
    /// An id or a code's number.
    Number,
    /// `true` or `false` (also `yes`/`no`, `1`/`0`).
    Bool,
    /// Numbers separated by `;` (team categories, official roles).
    Numbers,
}

/// One column: its header, the path of its field in the body, and what it holds.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub name: &'static str,
    /// Dotted; a number is a list index (`clubs.0.clubId`).
    pub path: &'static str,
    pub cell: Cell,
}

const fn col(name: &'static str, path: &'static str, cell: Cell) -> Column {
    Column { name, path, cell }
}

/// The new person of a coach, player or official (`person` in the body), or `personId`.
const PERSON: &[Column] = &[
    col("personId", "personId", Cell::Number),
    col("name", "person.name", Cell::Text),
    col("surname", "person.surname", Cell::Text),
    col("birthDate", "person.birthDate", Cell::Text),
    col("nationality", "person.nationality", Cell::Text),
    col("address", "person.address", Cell::Text),
    col("email", "person.email", Cell::Text),
    col("phone", "person.phone", Cell::Text),
    col("facebook", "person.facebook", Cell::Text),
    col("youtube", "person.youtube", Cell::Text),
    col("twitter", "person.twitter", Cell::Text),
    col("instagram", "person.instagram", Cell::Text),
    col("countryOfBirthId", "person.countryOfBirthId", Cell::Number),
    col("cityOfBirthId", "person.cityOfBirthId", Cell::Number),
];

const CLUBS: &[Column] = &[
    col("name", "name", Cell::Text),
    col("nameUniversal", "nameUniversal", Cell::Text),
    col("shortName", "shortName", Cell::Text),
    col("description", "description", Cell::Text),
    col("activeFrom", "activeFrom", Cell::Text),
    col("activeTo", "activeTo", Cell::Text),
    col("venue", "venue", Cell::Text),
    col("president", "president", Cell::Text),
    col("address", "address", Cell::Text),
    col("web", "web", Cell::Text),
    col("email", "email", Cell::Text),
    col("phone", "phone", Cell::Text),
    col("facebook", "facebook", Cell::Text),
    col("youtube", "youtube", Cell::Text),
    col("twitter", "twitter", Cell::Text),
    col("instagram", "instagram", Cell::Text),
    col("isPro", "isPro", Cell::Bool),
    col("isNational", "isNational", Cell::Bool),
    col("federationId", "federationId", Cell::Number),
    col("countryId", "countryId", Cell::Number),
    col("cityId", "cityId", Cell::Number),
    col("teamCategories", "teamCategories", Cell::Numbers),
];

const TEAMS: &[Column] = &[
    col("name", "name", Cell::Text),
    col("nameUniversal", "nameUniversal", Cell::Text),
    col("shortName", "shortName", Cell::Text),
    col("description", "description", Cell::Text),
    col("activeFrom", "activeFrom", Cell::Text),
    col("activeTo", "activeTo", Cell::Text),
    col("venue", "venue", Cell::Text),
    col("address", "address", Cell::Text),
    col("web", "web", Cell::Text),
    col("email", "email", Cell::Text),
    col("phone", "phone", Cell::Text),
    col("facebook", "facebook", Cell::Text),
    col("twitter", "twitter", Cell::Text),
    col("youtube", "youtube", Cell::Text),
    col("instagram", "instagram", Cell::Text),
    col("isPro", "isPro", Cell::Bool),
    col("clubId", "clubId", Cell::Number),
    col("categoryId", "categoryId", Cell::Number),
    col("gender", "gender", Cell::Text),
    col("countryId", "countryId", Cell::Number),
    col("cityId", "cityId", Cell::Number),
];

const PLAYERS: &[Column] = &[
    col("height", "height", Cell::Text),
    col("weight", "weight", Cell::Text),
    col("dominantHand", "dominantHand", Cell::Text),
    col("primaryPositionId", "primaryPositionId", Cell::Number),
    col("clubId", "clubs.0.clubId", Cell::Number),
    col("clubActiveFrom", "clubs.0.activeFrom", Cell::Text),
    col("clubActiveTo", "clubs.0.activeTo", Cell::Text),
    col("teamId", "teams.0.teamId", Cell::Number),
    col("positionId", "teams.0.positionId", Cell::Number),
    col("capNumber", "teams.0.capNumber", Cell::Number),
    col("teamActiveFrom", "teams.0.activeFrom", Cell::Text),
    col("teamActiveTo", "teams.0.activeTo", Cell::Text),
];

const COACHES: &[Column] = &[
    col("clubId", "clubs.0.clubId", Cell::Number),
    col("clubActiveFrom", "clubs.0.activeFrom", Cell::Text),
    col("clubActiveTo", "clubs.0.activeTo", Cell::Text),
    col("teamId", "teams.0.teamId", Cell::Number),
    col("roleId", "teams.0.roleId", Cell::Number),
    col("teamActiveFrom", "teams.0.activeFrom", Cell::Text),
    col("teamActiveTo", "teams.0.activeTo", Cell::Text),
];

const OFFICIALS: &[Column] = &[
    col("title", "title", Cell::Text),
    col("federationId", "federations.0.federationId", Cell::Number),
    col("roles", "federations.0.roles", Cell::Numbers),
    col("activeFrom", "federations.0.activeFrom", Cell::Text),
    col("activeTo", "federations.0.activeTo", Cell::Text),
];

const MATCHES: &[Column] = &[
    col("homeTeamId", "homeTeamId", Cell::Number),
    col("awayTeamId", "awayTeamId", Cell::Number),
    col("competitionId", "competitionId", Cell::Number),
    col("countryId", "countryId", Cell::Number),
    col("cityId", "cityId", Cell::Number),
    col("venue", "venue", Cell::Text),
    col("round", "round", Cell::Text),
    col("number", "number", Cell::Text),
    col("description", "description", Cell::Text),
    col("matchSegmentId", "matchSegmentId", Cell::Number),
    col("matchSegmentLength", "matchSegmentLength", Cell::Number),
    col("startDate", "startDate", Cell::Text),
    col("endDate", "endDate", Cell::Text),
];

/// The columns a CSV file of `kind` may have, in the order the docs list them.
pub fn of(kind: Kind) -> Vec<Column> {
    let (person, own) = match kind {
        Kind::Clubs => (false, CLUBS),
        Kind::Teams => (false, TEAMS),
        Kind::Players => (true, PLAYERS),
        Kind::Coaches => (true, COACHES),
        Kind::Officials => (true, OFFICIALS),
        Kind::Matches => (false, MATCHES),
    };
    let mut columns = if person { PERSON.to_vec() } else { Vec::new() };
    columns.extend_from_slice(own);
    columns
}

/// The column a field of the body came from (`clubs[0].clubId` → `clubId`), for messages.
pub fn column_of(columns: &[Column], field: &str) -> Option<&'static str> {
    let dotted = field.replace('[', ".").replace(']', "");
    columns.iter().find(|c| c.path == dotted).map(|c| c.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_names_each_column_once() {
        for kind in Kind::ALL {
            let columns = of(kind);
            for (i, column) in columns.iter().enumerate() {
                assert!(
                    columns[i + 1..].iter().all(|c| c.name != column.name),
                    "{kind:?} {}",
                    column.name
                );
            }
        }
    }

    #[test]
    fn a_body_field_leads_back_to_its_column() {
        let players = of(Kind::Players);
        assert_eq!(column_of(&players, "clubs[0].clubId"), Some("clubId"));
        assert_eq!(column_of(&players, "person.name"), Some("name"));
        assert_eq!(column_of(&players, "teams[0].capNumber"), Some("capNumber"));
        assert_eq!(column_of(&players, "clubs"), None);
    }
}

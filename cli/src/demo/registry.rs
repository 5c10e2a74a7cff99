//! The registry part of the demo: teams, competitions, squads and officials, named in the
//! fixtures by name and written with the ids those names stand for.

use std::collections::HashMap;

use super::formats::*;
use polodesk_domain::coaches::{Coach, CoachFields};
use polodesk_domain::codes::{CoachRole, Position};
use polodesk_domain::competitions::{Competition, CompetitionInput};
use polodesk_domain::memberships::{
    ClubCoach, ClubCoachFields, ClubPlayer, ClubPlayerFields, CompetitionTeam,
    CompetitionTeamFields, FederationOfficial, FederationOfficialFields, TeamCoach,
    TeamCoachFields, TeamPlayer, TeamPlayerFields,
};
use polodesk_domain::officials::{Official, OfficialFields};
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::players::{Player, PlayerFields};
use polodesk_domain::teams::{Team, TeamInput};
use polodesk_domain::validation::ValidationErrors;
use polodesk_store::{Batch, StoreError};

/// Every demo person by full name, for the accounts that name one.
#[derive(Default)]
pub(super) struct People(pub(super) HashMap<String, Vec<u64>>);

impl People {
    pub(super) fn add(&mut self, person: &Person) {
        self.0
            .entry(person.full_name())
            .or_default()
            .push(person.id);
    }

    /// The one person of that name; none or several is a broken fixture.
    pub(super) fn one(&self, full_name: &str) -> Result<u64, StoreError> {
        match self.0.get(full_name).map(Vec::as_slice) {
            Some([id]) => Ok(*id),
            _ => Err(StoreError::Invalid(ValidationErrors::single(
                "person",
                &format!("the demo files name no single person {full_name:?}"),
            ))),
        }
    }
}

/// A team's squad as the season names it: players by cap number, coaches by role.
#[derive(Debug, Default)]
pub(super) struct Roster {
    pub(super) players: HashMap<u8, (u64, Position)>,
    pub(super) coaches: Vec<(CoachRole, u64)>,
}

/// Ids by the names the demo files use, for the registry part of the demo.
pub(super) struct Registry<'a> {
    pub(super) federations: &'a HashMap<String, u64>,
    pub(super) clubs: &'a HashMap<String, u64>,
    pub(super) categories: &'a HashMap<String, u64>,
    pub(super) competition_types: &'a HashMap<String, u64>,
}

/// A name in a demo file that names nothing: a broken fixture, reported as such.
pub(super) fn named<T: Copy>(
    ids: &HashMap<String, T>,
    what: &str,
    name: &str,
) -> Result<T, StoreError> {
    ids.get(name).copied().ok_or_else(|| {
        StoreError::Invalid(ValidationErrors::single(
            what,
            &format!("the demo files name no {what} {name:?}"),
        ))
    })
}

pub(super) type TeamIds = HashMap<String, (u64, u64)>;

impl Registry<'_> {
    /// Creates the teams, then the competitions with their entries; returns team ids (with
    /// their club's) and competition ids by name.
    pub(super) fn teams_and_competitions(
        &self,
        batch: &Batch<'_>,
        teams: Vec<DemoTeam>,
        competitions: Vec<DemoCompetition>,
    ) -> Result<(TeamIds, HashMap<String, u64>), StoreError> {
        let mut team_ids = HashMap::new();
        for demo in teams {
            let club_id = named(self.clubs, "club", &demo.club)?;
            let input = TeamInput {
                name: Some(demo.name.clone()),
                name_universal: Some(demo.name_universal),
                club_id: Some(club_id),
                category_id: Some(named(self.categories, "category", &demo.category)?),
                ..TeamInput::default()
            };
            let team = batch.create::<Team>(input.validate().map_err(StoreError::Invalid)?)?;
            team_ids.insert(demo.name, (team.id, club_id));
        }
        let mut competition_ids = HashMap::new();
        for demo in competitions {
            let input = CompetitionInput {
                name: Some(demo.name.clone()),
                name_universal: Some(demo.name_universal),
                short_name: demo.short_name,
                season: Some(demo.season),
                start_date: Some(demo.start_date),
                end_date: Some(demo.end_date),
                federation_id: Some(named(self.federations, "federation", &demo.federation)?),
                category_id: Some(named(self.categories, "category", &demo.category)?),
                competition_type_id: Some(named(
                    self.competition_types,
                    "competition type",
                    &demo.competition_type,
                )?),
                // The demo's referees confirm logs with their PINs (README, fixtures/demo/officials.json).
                game_log_pin_confirmation_required: Some(true),
                ..CompetitionInput::default()
            };
            let fields = input.validate().map_err(StoreError::Invalid)?;
            let competition = batch.create::<Competition>(fields)?;
            competition_ids.insert(demo.name, competition.id);
            for team in demo.teams {
                let (team_id, _) = named(&team_ids, "team", &team)?;
                batch.create::<CompetitionTeam>(CompetitionTeamFields {
                    competition_id: competition.id,
                    team_id,
                    description: None,
                    is_disqualified: false,
                    is_seed: false,
                })?;
            }
        }
        Ok((team_ids, competition_ids))
    }

    /// Each squad's coaches and players, members of the team and of its club; returns each
    /// team's roster by team id.
    pub(super) fn squads(
        &self,
        batch: &Batch<'_>,
        team_ids: &TeamIds,
        squads: Vec<DemoSquad>,
        people: &mut People,
    ) -> Result<HashMap<u64, Roster>, StoreError> {
        let mut rosters = HashMap::new();
        for squad in squads {
            let (team_id, club_id) = named(team_ids, "team", &squad.team)?;
            let mut roster = Roster::default();
            let bench = std::iter::once((CoachRole::HeadCoach, squad.head_coach)).chain(
                squad
                    .assistant_coach
                    .map(|p| (CoachRole::AssistantCoach, p)),
            );
            for (role_id, demo) in bench {
                let person = batch.create::<Person>(demo.fields())?;
                people.add(&person);
                let coach = batch.create::<Coach>(CoachFields {
                    person_id: person.id,
                })?;
                batch.create::<ClubCoach>(ClubCoachFields {
                    club_id,
                    coach_id: coach.id,
                    active_from: None,
                    active_to: None,
                })?;
                batch.create::<TeamCoach>(TeamCoachFields {
                    team_id,
                    coach_id: coach.id,
                    role_id,
                    active_from: None,
                    active_to: None,
                })?;
                roster.coaches.push((role_id, coach.id));
            }
            for demo in squad.players {
                let fields = PersonFields::new(&demo.name, &demo.surname, demo.birth_date);
                let person = batch.create::<Person>(fields)?;
                people.add(&person);
                let player = batch.create::<Player>(PlayerFields {
                    person_id: person.id,
                    height: Some(demo.height),
                    weight: Some(demo.weight),
                    dominant_hand: Some(demo.dominant_hand),
                    primary_position_id: Some(demo.position_id),
                })?;
                batch.create::<ClubPlayer>(ClubPlayerFields {
                    club_id,
                    player_id: player.id,
                    active_from: None,
                    active_to: None,
                })?;
                batch.create::<TeamPlayer>(TeamPlayerFields {
                    team_id,
                    player_id: player.id,
                    position_id: demo.position_id,
                    cap_number: Some(demo.cap_number),
                    active_from: None,
                    active_to: None,
                })?;
                roster
                    .players
                    .insert(demo.cap_number, (player.id, demo.position_id));
            }
            rosters.insert(team_id, roster);
        }
        Ok(rosters)
    }

    /// The officials with their federation roles and PIN hashes; returns their ids by name.
    pub(super) fn officials(
        &self,
        batch: &Batch<'_>,
        officials: Vec<DemoOfficial>,
        pin_hashes: Vec<String>,
        people: &mut People,
    ) -> Result<HashMap<String, u64>, StoreError> {
        let mut ids = HashMap::new();
        for (demo, pin_hash) in officials.into_iter().zip(pin_hashes) {
            let fields = PersonFields::new(&demo.name, &demo.surname, demo.birth_date);
            let person = batch.create::<Person>(fields)?;
            people.add(&person);
            let official = batch.create::<Official>(OfficialFields {
                person_id: person.id,
                title: demo.title,
            })?;
            batch.set_official_pin(official.id, pin_hash)?;
            batch.create::<FederationOfficial>(FederationOfficialFields {
                federation_id: named(self.federations, "federation", &demo.federation)?,
                official_id: official.id,
                roles: demo.roles,
                active_from: demo.active_from,
                active_to: None,
            })?;
            ids.insert(person.full_name(), official.id);
        }
        Ok(ids)
    }
}

//! The league part of the demo: every match of `fixtures/demo/season.json` with its lineups,
//! officials and log, by the ids the registry part wrote.

use std::collections::HashMap;

use super::registry::*;
use super::season;
use polodesk_domain::codes::Position;
use polodesk_domain::dates::Instant;
use polodesk_domain::matches::{
    MatchCoachInput, MatchFields, MatchOfficialInput, MatchPlayerInput, MatchState, check_coaches,
    check_officials, check_players,
};
use polodesk_store::{Actor, Batch, MatchLog, StoreError};

/// What the season file's names stand for in the store.
pub(super) struct SeasonIds<'a> {
    pub(super) competition: u64,
    pub(super) cities: &'a HashMap<(u64, String), u64>,
    pub(super) serbia: Option<u64>,
    pub(super) teams: &'a TeamIds,
    pub(super) rosters: &'a HashMap<u64, Roster>,
    pub(super) officials: &'a HashMap<String, u64>,
}

impl SeasonIds<'_> {
    /// Writes every match of the season with its log; returns how many events were written.
    pub(super) fn load(
        &self,
        batch: &Batch<'_>,
        season: season::Season,
    ) -> Result<usize, StoreError> {
        use season::Team as Side;
        let actor = Actor {
            user_id: 0,
            user: "demo data".into(),
            at: Instant(0),
            may_correct: true,
        };
        let mut count = 0;
        for game in season.matches {
            let home = named(self.teams, "team", &game.home)?.0;
            let away = named(self.teams, "team", &game.away)?.0;
            let empty = Roster::default();
            let roster = |side: Side| {
                let team = if side == Side::Home { home } else { away };
                self.rosters.get(&team).unwrap_or(&empty)
            };
            let mut fields = MatchFields::new(home, away, self.competition, game.start);
            fields.round = Some(game.round);
            fields.number = Some(game.number);
            fields.venue = Some(game.venue);
            fields.country_id = self.serbia;
            fields.city_id = self
                .cities
                .get(&(self.serbia.unwrap_or_default(), game.city))
                .copied();
            fields.end_date = game.end;
            let actor = Actor {
                at: game.start,
                ..actor.clone()
            };
            let mut rows = Vec::new();
            for (side, caps) in [
                (Side::Home, &game.home_lineup),
                (Side::Away, &game.away_lineup),
            ] {
                let team_id = if side == Side::Home { home } else { away };
                for &cap in caps {
                    let (player_id, position) = roster(side)
                        .players
                        .get(&cap)
                        .copied()
                        .unwrap_or((0, Position::Driver));
                    rows.push(MatchPlayerInput {
                        team_id: Some(team_id),
                        player_id: Some(player_id),
                        position_id: (position != Position::Goalkeeper).then_some(position),
                        number: Some(cap),
                        cap_number: Some(cap),
                        ..MatchPlayerInput::default()
                    });
                }
            }
            let state = MatchState::new(fields.clone());
            let players = check_players(&state, rows).map_err(StoreError::Invalid)?;
            let mut coaches = Vec::new();
            if !players.is_empty() {
                for (side, team_id) in [(Side::Home, home), (Side::Away, away)] {
                    for &(role, coach_id) in &roster(side).coaches {
                        coaches.push(MatchCoachInput {
                            team_id: Some(team_id),
                            coach_id: Some(coach_id),
                            role_id: Some(role),
                            ..MatchCoachInput::default()
                        });
                    }
                }
            }
            let coaches = check_coaches(&state, coaches).map_err(StoreError::Invalid)?;
            let mut officials = Vec::new();
            let mut confirmations = Vec::new();
            for official in &game.officials {
                let id = named(self.officials, "official", &official.name)?;
                officials.push(MatchOfficialInput {
                    official_id: Some(id),
                    role_id: Some(official.role),
                    ..MatchOfficialInput::default()
                });
                if let Some(at) = official.confirmed_at {
                    confirmations.push((id, at));
                }
            }
            let officials = check_officials(officials).map_err(StoreError::Invalid)?;
            let ids = season::Ids {
                team: &|side| if side == Side::Home { home } else { away },
                player: &|side, cap| roster(side).players.get(&cap).map_or(0, |p| p.0),
                coach: &|side, role| {
                    roster(side)
                        .coaches
                        .iter()
                        .find(|(r, _)| *r == role)
                        .map_or(0, |c| c.1)
                },
            };
            let events = game
                .events
                .iter()
                .map(|event| event.input(0, &ids).validate())
                .collect::<Result<Vec<_>, _>>()
                .map_err(StoreError::Invalid)?;
            count += events.len();
            batch.write_match_log(
                MatchLog {
                    fields,
                    players,
                    coaches,
                    officials,
                    events,
                    status: game.status,
                    confirmations,
                },
                &actor,
            )?;
        }
        Ok(count)
    }
}

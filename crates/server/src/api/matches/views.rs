//! The match views: a match with the names beside its ids, its lineup, bench and official
//! rows, read as a page of views needs them.

use std::collections::HashMap;

use polodesk_domain::codes::OfficialRole;
use polodesk_domain::competitions::Competition;
use polodesk_domain::matches::{Match, MatchOfficial};
use polodesk_domain::officials::Official;
use polodesk_domain::persons::Person;
use polodesk_domain::teams::Team;

use polodesk_domain::views::matches::{
    MatchCoachView, MatchOfficialView, MatchPlayerView, MatchView, PersonName,
};
use polodesk_domain::views::score::score_of;

use crate::AppState;
use crate::api::names::EntityRef;
use crate::api::people::Identity;
use crate::error::ApiResult;

/// A competition as match views show it.
#[derive(Debug, Clone)]
struct CompetitionRef {
    entity: EntityRef,
    federation_id: u64,
    logo: Option<String>,
    pin_required: bool,
}

/// What match views name beside the ids, read as a page of views needs it and kept for the
/// request: a search page reads its ten matches' teams, not every team.
#[derive(Debug, Default)]
pub struct MatchNames {
    teams: HashMap<u64, Option<EntityRef>>,
    competitions: HashMap<u64, Option<CompetitionRef>>,
    federation_logos: HashMap<u64, Option<String>>,
    places: HashMap<(bool, u64), Option<EntityRef>>,
    people: HashMap<(u8, u64), Option<PersonName>>,
}

fn entity(id: u64, name: &str, name_universal: &str) -> EntityRef {
    EntityRef {
        id,
        name: name.to_owned(),
        name_universal: name_universal.to_owned(),
    }
}

impl MatchNames {
    fn competition(&mut self, state: &AppState, id: u64) -> Option<CompetitionRef> {
        self.competitions
            .entry(id)
            .or_insert_with(|| {
                let c = state.store.get::<Competition>(id).ok()?;
                Some(CompetitionRef {
                    entity: entity(id, &c.fields.name, &c.fields.name_universal),
                    federation_id: c.fields.federation_id,
                    logo: c.fields.logo,
                    pin_required: c.fields.game_log_pin_confirmation_required,
                })
            })
            .clone()
    }

    fn federation_logo(&mut self, state: &AppState, id: u64) -> Option<String> {
        self.federation_logos
            .entry(id)
            .or_insert_with(|| {
                let federation = state
                    .store
                    .get::<polodesk_domain::federations::Federation>(id);
                federation.ok()?.fields.logo
            })
            .clone()
    }

    /// A country (`true`) or city by name.
    fn place(&mut self, state: &AppState, country: bool, id: Option<u64>) -> Option<EntityRef> {
        let id = id?;
        self.places
            .entry((country, id))
            .or_insert_with(|| {
                if country {
                    let c = state
                        .store
                        .get::<polodesk_domain::reference::Country>(id)
                        .ok()?;
                    Some(entity(id, &c.name, &c.name_universal))
                } else {
                    let c = state
                        .store
                        .get::<polodesk_domain::reference::City>(id)
                        .ok()?;
                    Some(entity(id, &c.name, &c.name_universal))
                }
            })
            .clone()
    }

    fn person<T: Identity>(&mut self, state: &AppState, kind: u8, id: u64) -> Option<PersonName> {
        self.people
            .entry((kind, id))
            .or_insert_with(|| {
                let record = state.store.get::<T>(id).ok()?;
                let person = state.store.get::<Person>(record.person_id()).ok()?;
                Some(PersonName {
                    name: person.fields.name,
                    surname: person.fields.surname,
                })
            })
            .clone()
    }

    fn team(&mut self, state: &AppState, id: u64) -> (String, Option<EntityRef>) {
        let team = self
            .teams
            .entry(id)
            .or_insert_with(|| {
                let team = state.store.get::<Team>(id).ok()?;
                Some(entity(id, &team.fields.name, &team.fields.name_universal))
            })
            .clone();
        (
            team.as_ref().map(|t| t.name.clone()).unwrap_or_default(),
            team,
        )
    }

    pub fn official_view(
        &mut self,
        state: &AppState,
        match_id: u64,
        o: &MatchOfficial,
    ) -> MatchOfficialView {
        MatchOfficialView {
            id: o.id,
            match_id,
            official_id: o.official_id,
            role_id: o.role_id,
            confirmed: o.confirmed,
            confirmed_at: o.confirmed_at,
            official: self.person::<Official>(state, 3, o.official_id),
        }
    }

    /// The view of a match; `full` adds logos, lineups and coaches.
    pub fn view(&mut self, state: &AppState, game: &Match, full: bool) -> MatchView {
        let f = &game.state.fields;
        let (home_name, home_team) = self.team(state, f.home_team_id);
        let (away_name, away_team) = self.team(state, f.away_team_id);
        let officials: Vec<MatchOfficialView> = game
            .state
            .officials
            .iter()
            .map(|o| self.official_view(state, game.id, o))
            .collect();
        let with_role = |role: OfficialRole| -> Vec<PersonName> {
            game.state
                .officials
                .iter()
                .zip(&officials)
                .filter(|(o, _)| o.role_id == role)
                .filter_map(|(_, v)| v.official.clone())
                .collect()
        };
        let (referees, delegates) = (
            with_role(OfficialRole::Referee),
            with_role(OfficialRole::Delegate),
        );
        let (players, coaches) = if full {
            let players = game
                .state
                .players
                .iter()
                .map(|p| MatchPlayerView {
                    id: p.id,
                    match_id: game.id,
                    team_id: p.team_id,
                    player_id: p.player_id,
                    position_id: p.position_id,
                    number: p.number,
                    cap_number: p.cap_number,
                    player: self.person::<polodesk_domain::players::Player>(state, 1, p.player_id),
                })
                .collect();
            let coaches = game
                .state
                .coaches
                .iter()
                .map(|c| MatchCoachView {
                    id: c.id,
                    match_id: game.id,
                    team_id: c.team_id,
                    coach_id: c.coach_id,
                    role_id: c.role_id,
                    coach: self.person::<polodesk_domain::coaches::Coach>(state, 2, c.coach_id),
                })
                .collect();
            (players, coaches)
        } else {
            (Vec::new(), Vec::new())
        };
        let competition = self.competition(state, f.competition_id);
        let federation_logo = match (&competition, full) {
            (Some(c), true) => self.federation_logo(state, c.federation_id),
            _ => None,
        };
        let log_pin_required = competition.as_ref().is_some_and(|c| c.pin_required);
        let country = self.place(state, true, f.country_id);
        let city = self.place(state, false, f.city_id);
        MatchView {
            home_team_id: f.home_team_id,
            away_team_id: f.away_team_id,
            home_team_display_name: home_name,
            away_team_display_name: away_name,
            home_team,
            away_team,
            federation_id: competition.as_ref().map(|c| c.federation_id),
            competition_id: f.competition_id,
            competition_display_name: competition
                .as_ref()
                .map(|c| c.entity.name.clone())
                .unwrap_or_default(),
            competition_logo: competition
                .as_ref()
                .filter(|_| full)
                .and_then(|c| c.logo.clone()),
            competition: competition.map(|c| c.entity),
            federation_logo,
            country_id: f.country_id,
            country,
            city_id: f.city_id,
            city,
            venue: f.venue.clone(),
            round: f.round.clone(),
            number: f.number.clone(),
            description: f.description.clone(),
            match_segment_id: f.match_segment_id,
            match_segment: f.match_segment_id.name().to_owned(),
            match_segment_length: f.match_segment_length,
            start_date: f.start_date,
            end_date: f.end_date,
            log_pin_required,
            score: score_of(game),
            referees,
            delegates,
            officials,
            players,
            coaches,
        }
    }
}

/// The views of several matches, latest first, as the details of teams, people and
/// competitions list them.
pub fn views_of(state: &AppState, of: polodesk_store::MatchesOf) -> ApiResult<Vec<MatchView>> {
    let matches = state.store.matches_of(of)?;
    let mut names = MatchNames::default();
    Ok(matches
        .iter()
        .map(|m| names.view(state, m, false))
        .collect())
}

//! The form's event to and from the API's shapes: a logged event opened for correction, and
//! the `EventInput` a save sends, or the form's own messages for what it cannot send empty.

use polodesk_domain::codes::EventType;
use polodesk_domain::events::shot_target::ActiveKeepers;
use polodesk_domain::events::{
    Card, EventInput, EventView, Exclusion, Shot, SwimOff, TeamCall, Turnover,
};
use polodesk_domain::matches::{self, Side};
use polodesk_domain::views::matches::MatchView;

use super::{Draft, ExclusionDraft, Person, Point, Record, ShotDraft, SwimOffDraft, xy};

/// The form's own messages for a field it cannot send empty (the web's).
pub const TEAM_REQUIRED: &str = matches::TEAM_REQUIRED;
pub const TAKEN_BY_REQUIRED: &str = "Taken by field is required!";
pub const HOME_SWIMMER_REQUIRED: &str = "Home swimmer field is required!";
pub const AWAY_SWIMMER_REQUIRED: &str = "Away swimmer field is required!";
pub const WINNER_REQUIRED: &str = "Winner field is required!";

impl Draft {
    /// A logged event, to correct.
    pub fn existing(event: &EventView, game: &MatchView, keepers: ActiveKeepers) -> Draft {
        let side = |team_id: u64| {
            if team_id == game.home_team_id {
                Some(Side::Home)
            } else if team_id == game.away_team_id {
                Some(Side::Away)
            } else {
                None
            }
        };
        let (team, record) = if let Some(s) = &event.shot {
            let shot = ShotDraft {
                type_id: s.type_id,
                taken_by: Some(s.taken_by_id),
                assisted_by: s.assisted_by_id,
                blocked_by: s.blocked_by_id,
                saved_by: s.saved_by_id,
                is_goal: s.is_goal,
                is_fast_break: s.is_fast_break,
                is_direct_from_foul: s.is_direct_from_foul,
                location: Point::of(s.location_x, s.location_y),
                target: Point::of(s.target_x, s.target_y),
            };
            (side(s.team_id), Record::Shot(shot))
        } else if let Some(e) = &event.exclusion {
            let exclusion = ExclusionDraft {
                type_id: e.type_id,
                excluded: Person::of(e.excluded_player_id, e.excluded_coach_id),
                fouled: e.fouled_player_id,
                is_penalty_exclusion: e.is_penalty_exclusion,
                is_double_exclusion: e.is_double_exclusion,
                location: Point::of(e.location_x, e.location_y),
            };
            (side(e.team_id), Record::Exclusion(exclusion))
        } else if let Some(c) = &event.card {
            let carded = Person::of(c.carded_player_id, c.carded_coach_id);
            (
                side(c.team_id),
                Record::Card {
                    type_id: c.type_id,
                    carded,
                },
            )
        } else if let Some(t) = &event.turnover {
            let record = Record::Turnover {
                type_id: t.type_id,
                lost_by: t.lost_possesion_player_id,
                won_by: t.won_possesion_player_id,
            };
            (side(t.team_id), record)
        } else if let Some(s) = &event.swimoff {
            let swimoff = SwimOffDraft {
                home: Some(s.home_team_swimmer_id),
                away: Some(s.away_team_swimmer_id),
                winner: Some(s.winner_swimmer_id),
            };
            (None, Record::SwimOff(swimoff))
        } else {
            let call = event.timeout.as_ref().or(event.challenge.as_ref());
            (call.and_then(|c| side(c.team_id)), Record::TeamCall)
        };
        Draft {
            match_id: event.match_id,
            event_id: Some(event.id),
            event_type: event.type_id,
            period: event.period_id,
            minute: event.minute,
            seconds: event.seconds,
            team,
            record,
            keepers,
        }
    }

    /// The event to send (with its id when it corrects one), or the fields the form cannot
    /// send empty with their messages, by the API's paths.
    pub fn input(&self, game: &MatchView) -> Result<EventInput, Vec<(String, String)>> {
        let mut missing = Vec::new();
        let mut need = |path: &str, message: &str, empty: bool| {
            if empty {
                missing.push((path.to_owned(), message.to_owned()));
            }
        };
        let record = polodesk_domain::events::record_field(self.event_type);
        if let Record::SwimOff(s) = &self.record {
            need(
                "swimoff.homeTeamSwimmerId",
                HOME_SWIMMER_REQUIRED,
                s.home.is_none(),
            );
            need(
                "swimoff.awayTeamSwimmerId",
                AWAY_SWIMMER_REQUIRED,
                s.away.is_none(),
            );
            need(
                "swimoff.winnerSwimmerId",
                WINNER_REQUIRED,
                s.winner.is_none(),
            );
        } else {
            need(
                &format!("{record}.teamId"),
                TEAM_REQUIRED,
                self.team.is_none(),
            );
        }
        if let Record::Shot(s) = &self.record {
            need("shot.takenById", TAKEN_BY_REQUIRED, s.taken_by.is_none());
        }
        if !missing.is_empty() {
            return Err(missing);
        }
        let team_id = match self.team {
            Some(Side::Away) => game.away_team_id,
            _ => game.home_team_id,
        };
        let mut input = EventInput {
            id: self.event_id,
            match_id: Some(self.match_id),
            type_id: Some(self.event_type),
            period_id: Some(self.period),
            minute: Some(self.minute),
            seconds: Some(self.seconds),
            ..EventInput::default()
        };
        match &self.record {
            Record::TeamCall if self.event_type == EventType::Challenge => {
                input.challenge = Some(TeamCall { team_id });
            }
            Record::TeamCall => input.timeout = Some(TeamCall { team_id }),
            Record::Shot(s) => input.shot = Some(shot(s, team_id)),
            Record::Exclusion(e) => input.exclusion = Some(exclusion(e, team_id)),
            Record::Card { type_id, carded } => {
                input.card = Some(Card {
                    team_id,
                    type_id: *type_id,
                    carded_player_id: carded.and_then(Person::player),
                    carded_coach_id: carded.and_then(Person::coach),
                });
            }
            Record::Turnover {
                type_id,
                lost_by,
                won_by,
            } => {
                input.turnover = Some(Turnover {
                    team_id,
                    type_id: *type_id,
                    lost_possesion_player_id: *lost_by,
                    won_possesion_player_id: *won_by,
                });
            }
            Record::SwimOff(s) => {
                if let (Some(home), Some(away), Some(winner)) = (s.home, s.away, s.winner) {
                    let winner_team_id = if winner == home {
                        game.home_team_id
                    } else {
                        game.away_team_id
                    };
                    input.swimoff = Some(SwimOff {
                        home_team_swimmer_id: home,
                        away_team_swimmer_id: away,
                        winner_swimmer_id: winner,
                        winner_team_id,
                    });
                }
            }
        }
        Ok(input)
    }
}

fn shot(s: &ShotDraft, team_id: u64) -> Shot {
    let (location_x, location_y) = xy(s.location);
    let (target_x, target_y) = xy(s.target);
    Shot {
        blocked_by_id: s.blocked_by,
        assisted_by_id: s.assisted_by,
        saved_by_id: s.saved_by,
        is_goal: s.is_goal,
        is_fast_break: s.is_fast_break,
        is_direct_from_foul: s.is_direct_from_foul,
        location_x,
        location_y,
        target_x,
        target_y,
        ..Shot::new(team_id, s.type_id, s.taken_by.unwrap_or_default())
    }
}

fn exclusion(e: &ExclusionDraft, team_id: u64) -> Exclusion {
    let (location_x, location_y) = xy(e.location);
    Exclusion {
        team_id,
        type_id: e.type_id,
        excluded_player_id: e.excluded.and_then(Person::player),
        excluded_coach_id: e.excluded.and_then(Person::coach),
        fouled_player_id: e.fouled,
        is_penalty_exclusion: e.is_penalty_exclusion,
        is_double_exclusion: e.is_double_exclusion,
        location_x,
        location_y,
    }
}

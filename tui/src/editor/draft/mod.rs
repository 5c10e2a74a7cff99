//! The event being entered, as plain data, and the form rules that follow a change of one
//! field (spec 02 §4 Event form behaviour; the web's `editor/editor-state.ts`): a goal is not
//! blocked nor assisted unless a goal, a penalty shot is no fast break, the penalty exclusion
//! goes with the 5m type, a new turnover type clears the winner of possession, and the save a
//! goal target implies comes from the domain's `shot_target::saved_by`.

use polodesk_domain::codes::{CardType, EventType, ExclusionType, Period, ShotType, TurnoverType};
use polodesk_domain::events::shot_target::{ActiveKeepers, ShotAim, saved_by};
use polodesk_domain::events::{Coord, SwimOff};
use polodesk_domain::matches::Side;
use polodesk_domain::views::matches::MatchView;

use super::fields::{self, Field};

mod wire;
pub use wire::{
    AWAY_SWIMMER_REQUIRED, HOME_SWIMMER_REQUIRED, TAKEN_BY_REQUIRED, TEAM_REQUIRED, WINNER_REQUIRED,
};

/// Who a card or an exclusion is given to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Person {
    Player(u64),
    Coach(u64),
}

impl Person {
    fn player(self) -> Option<u64> {
        match self {
            Person::Player(id) => Some(id),
            Person::Coach(_) => None,
        }
    }

    fn coach(self) -> Option<u64> {
        match self {
            Person::Coach(id) => Some(id),
            Person::Player(_) => None,
        }
    }

    fn of(player: Option<u64>, coach: Option<u64>) -> Option<Person> {
        player.map(Person::Player).or(coach.map(Person::Coach))
    }
}

/// A point on the pool or the goal picture, each coordinate 0..1 in thousandths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Point {
    pub x: Coord,
    pub y: Coord,
}

impl Point {
    fn of(x: Option<Coord>, y: Option<Coord>) -> Option<Point> {
        Some(Point { x: x?, y: y? })
    }
}

fn xy(point: Option<Point>) -> (Option<Coord>, Option<Coord>) {
    (point.map(|p| p.x), point.map(|p| p.y))
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShotDraft {
    pub type_id: ShotType,
    pub taken_by: Option<u64>,
    pub assisted_by: Option<u64>,
    pub blocked_by: Option<u64>,
    pub saved_by: Option<u64>,
    pub is_goal: bool,
    pub is_fast_break: bool,
    pub is_direct_from_foul: bool,
    pub location: Option<Point>,
    pub target: Option<Point>,
}

impl ShotDraft {
    fn aim(&self) -> ShotAim {
        let (target_x, target_y) = xy(self.target);
        ShotAim {
            is_goal: self.is_goal,
            blocked_by_id: self.blocked_by,
            saved_by_id: self.saved_by,
            target_x,
            target_y,
        }
    }

    fn is_penalty(&self) -> bool {
        matches!(self.type_id, ShotType::Penalty | ShotType::PenaltyShootout)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExclusionDraft {
    pub type_id: ExclusionType,
    pub excluded: Option<Person>,
    pub fouled: Option<u64>,
    pub is_penalty_exclusion: bool,
    pub is_double_exclusion: bool,
    pub location: Option<Point>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwimOffDraft {
    pub home: Option<u64>,
    pub away: Option<u64>,
    pub winner: Option<u64>,
}

/// The sub-record being entered, by the event's type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// A timeout or a challenge: only the team.
    TeamCall,
    Shot(ShotDraft),
    Exclusion(ExclusionDraft),
    Card {
        type_id: CardType,
        carded: Option<Person>,
    },
    Turnover {
        type_id: TurnoverType,
        lost_by: Option<u64>,
        won_by: Option<u64>,
    },
    SwimOff(SwimOffDraft),
}

/// What a new event starts with: the grammar's event key for a side and its player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewEvent {
    pub event_type: EventType,
    pub side: Option<Side>,
    pub player: Option<u64>,
    pub shot_is_goal: bool,
    pub exclusion_penalty: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub match_id: u64,
    /// The event corrected; none while new.
    pub event_id: Option<u64>,
    pub event_type: EventType,
    pub period: Period,
    pub minute: u8,
    pub seconds: u8,
    /// The team the event is for; a swim-off names both teams' swimmers instead.
    pub team: Option<Side>,
    pub record: Record,
    pub keepers: ActiveKeepers,
}

impl Draft {
    /// A new event as an event key opens it (docs/keyboard.md): a goal or a missed
    /// regular-attack shot by the player, an exclusion of the player (a Penalty (5m) one marked
    /// as a penalty exclusion), a yellow card, a lost ball; a swim-off between the last
    /// swim-off's swimmers, won by the player, who swam for his side.
    pub fn new(
        event: NewEvent,
        (period, minute, seconds): (Period, u8, u8),
        game: &MatchView,
        last_swim_off: Option<&SwimOff>,
        keepers: ActiveKeepers,
    ) -> Draft {
        let player = event.player;
        let record = match event.event_type {
            EventType::Timeout | EventType::Challenge => Record::TeamCall,
            EventType::Shot => Record::Shot(ShotDraft {
                type_id: ShotType::RegularAttack,
                taken_by: player,
                assisted_by: None,
                blocked_by: None,
                saved_by: None,
                is_goal: event.shot_is_goal,
                is_fast_break: false,
                is_direct_from_foul: false,
                location: None,
                target: None,
            }),
            EventType::Exclusion => Record::Exclusion(ExclusionDraft {
                type_id: if event.exclusion_penalty {
                    ExclusionType::Penalty
                } else {
                    ExclusionType::Exclusion
                },
                excluded: player.map(Person::Player),
                fouled: None,
                is_penalty_exclusion: event.exclusion_penalty,
                is_double_exclusion: false,
                location: None,
            }),
            EventType::Card => Record::Card {
                type_id: CardType::Yellow,
                carded: player.map(Person::Player),
            },
            EventType::Turnover => Record::Turnover {
                type_id: TurnoverType::LostBall,
                lost_by: player,
                won_by: None,
            },
            EventType::SwimOff => Record::SwimOff(SwimOffDraft {
                home: last_swim_off.map(|s| s.home_team_swimmer_id),
                away: last_swim_off.map(|s| s.away_team_swimmer_id),
                winner: None,
            }),
        };
        let mut draft = Draft {
            match_id: game.score.id,
            event_id: None,
            event_type: event.event_type,
            period,
            minute,
            seconds,
            team: event.side,
            record,
            keepers,
        };
        if event.event_type == EventType::SwimOff {
            draft.team = None;
            if let (Some(side), Some(player)) = (event.side, player) {
                let swimmer = match side {
                    Side::Home => Field::HomeSwimmer,
                    Side::Away => Field::AwaySwimmer,
                };
                draft.set_player(swimmer, Some(Person::Player(player)));
                draft.choose_winner(Some(player));
            }
        }
        draft
    }

    /// The side a player field picks from; none before the team is chosen.
    pub fn side_of(&self, team: fields::Team) -> Option<Side> {
        match team {
            fields::Team::Own => self.team,
            fields::Team::Opponent => self.team.map(Side::other),
            fields::Team::Home => Some(Side::Home),
            fields::Team::Away => Some(Side::Away),
        }
    }

    /// Whether a field can be used now (spec 02 §4: assisted-by only for goals, blocked-by only
    /// for misses, no fast break for a penalty, the penalty exclusion only with the 5m type); a
    /// player field waits for the team, the swim-off's winner for both swimmers.
    pub fn enabled(&self, field: Field) -> bool {
        if let fields::Kind::Player { team, .. } = field.kind()
            && self.side_of(team).is_none()
        {
            return false;
        }
        match (&self.record, field) {
            (Record::Shot(shot), Field::AssistedBy) => shot.is_goal,
            (Record::Shot(shot), Field::BlockedBy) => !shot.is_goal,
            (Record::Shot(shot), Field::SavedBy) => !shot.is_goal && shot.blocked_by.is_none(),
            (Record::Shot(shot), Field::FastBreak | Field::DirectFromFoul) => !shot.is_penalty(),
            (Record::Exclusion(e), Field::PenaltyExclusion) => e.type_id == ExclusionType::Penalty,
            (Record::SwimOff(s), Field::Winner) => s.home.is_some() && s.away.is_some(),
            _ => true,
        }
    }

    /// Whether the event cannot be saved until the field is filled.
    pub fn needed(&self, field: Field) -> bool {
        match (&self.record, field) {
            (_, Field::Team) => self.team.is_none(),
            (Record::Exclusion(e), Field::Fouled) => e.is_double_exclusion && e.fouled.is_none(),
            (Record::SwimOff(s), Field::Winner) => s.winner.is_none(),
            (_, field) if matches!(field.kind(), fields::Kind::Player { .. }) => {
                matches!(
                    field,
                    Field::TakenBy
                        | Field::Excluded
                        | Field::Carded
                        | Field::HomeSwimmer
                        | Field::AwaySwimmer
                ) && self.player(field).is_none()
            }
            _ => false,
        }
    }

    /// Who a player field names.
    pub fn player(&self, field: Field) -> Option<Person> {
        let player = |id: Option<u64>| id.map(Person::Player);
        match (&self.record, field) {
            (Record::Shot(s), Field::TakenBy) => player(s.taken_by),
            (Record::Shot(s), Field::AssistedBy) => player(s.assisted_by),
            (Record::Shot(s), Field::BlockedBy) => player(s.blocked_by),
            (Record::Shot(s), Field::SavedBy) => player(s.saved_by),
            (Record::Exclusion(e), Field::Excluded) => e.excluded,
            (Record::Exclusion(e), Field::Fouled) => player(e.fouled),
            (Record::Card { carded, .. }, Field::Carded) => *carded,
            (Record::Turnover { lost_by, .. }, Field::LostBy) => player(*lost_by),
            (Record::Turnover { won_by, .. }, Field::WonBy) => player(*won_by),
            (Record::SwimOff(s), Field::HomeSwimmer) => player(s.home),
            (Record::SwimOff(s), Field::AwaySwimmer) => player(s.away),
            _ => None,
        }
    }

    /// Names someone in a player field, with the rules that follow: an assist clears the
    /// block and a block the assist (spec 02 §4); a swimmer replaced takes his win with him.
    pub fn set_player(&mut self, field: Field, person: Option<Person>) {
        let id = person.and_then(Person::player);
        match &mut self.record {
            Record::Shot(_) => self.change_shot(|shot| match field {
                Field::TakenBy => shot.taken_by = id,
                Field::AssistedBy if shot.is_goal => {
                    shot.assisted_by = id;
                    if id.is_some() {
                        shot.blocked_by = None;
                    }
                }
                Field::BlockedBy if !shot.is_goal => {
                    shot.blocked_by = id;
                    if id.is_some() {
                        shot.assisted_by = None;
                    }
                }
                Field::SavedBy => shot.saved_by = id,
                _ => {}
            }),
            Record::Exclusion(e) => match field {
                Field::Excluded => e.excluded = person,
                Field::Fouled => e.fouled = id,
                _ => {}
            },
            Record::Card { carded, .. } => *carded = person,
            Record::Turnover {
                lost_by, won_by, ..
            } => match field {
                Field::LostBy => *lost_by = id,
                Field::WonBy => *won_by = id,
                _ => {}
            },
            Record::SwimOff(s) => {
                let swimmer = match field {
                    Field::HomeSwimmer => &mut s.home,
                    Field::AwaySwimmer => &mut s.away,
                    _ => return,
                };
                if s.winner.is_some() && s.winner == *swimmer {
                    s.winner = None;
                }
                *swimmer = id;
            }
            Record::TeamCall => {}
        }
    }

    /// Changes the shot, then lets the goal-target rule decide who saved it.
    fn change_shot(&mut self, change: impl FnOnce(&mut ShotDraft)) {
        let Record::Shot(shot) = &mut self.record else {
            return;
        };
        let before = shot.aim();
        change(shot);
        if let Some(side) = self.team {
            shot.saved_by = saved_by(&before, &shot.aim(), side, &self.keepers);
        } else if shot.is_goal || shot.blocked_by.is_some() {
            shot.saved_by = None;
        }
    }

    /// The point a point field holds.
    pub fn point(&self, field: Field) -> Option<Point> {
        match (&self.record, field) {
            (Record::Shot(s), Field::Location) => s.location,
            (Record::Shot(s), Field::Target) => s.target,
            (Record::Exclusion(e), Field::Location) => e.location,
            _ => None,
        }
    }

    pub fn set_point(&mut self, field: Field, point: Option<Point>) {
        match (&mut self.record, field) {
            (Record::Exclusion(e), Field::Location) => e.location = point,
            (Record::Shot(_), Field::Location) => self.change_shot(|s| s.location = point),
            (Record::Shot(_), Field::Target) => self.change_shot(|s| s.target = point),
            _ => {}
        }
    }

    /// Whether a switch is on.
    pub fn switch(&self, field: Field) -> bool {
        match (&self.record, field) {
            (Record::Shot(s), Field::Goal) => s.is_goal,
            (Record::Shot(s), Field::FastBreak) => s.is_fast_break,
            (Record::Shot(s), Field::DirectFromFoul) => s.is_direct_from_foul,
            (Record::Exclusion(e), Field::PenaltyExclusion) => e.is_penalty_exclusion,
            (Record::Exclusion(e), Field::DoubleExclusion) => e.is_double_exclusion,
            _ => false,
        }
    }

    /// Turns a switch over: a goal is neither blocked nor assisted until said again (spec 02
    /// §4: toggling goal clears blocked-by and assisted-by).
    pub fn toggle(&mut self, field: Field) {
        if !self.enabled(field) {
            return;
        }
        match &mut self.record {
            Record::Shot(_) => self.change_shot(|shot| match field {
                Field::Goal => {
                    shot.is_goal = !shot.is_goal;
                    shot.blocked_by = None;
                    shot.assisted_by = None;
                }
                Field::FastBreak => shot.is_fast_break = !shot.is_fast_break,
                Field::DirectFromFoul => shot.is_direct_from_foul = !shot.is_direct_from_foul,
                _ => {}
            }),
            Record::Exclusion(e) => match field {
                Field::PenaltyExclusion => e.is_penalty_exclusion = !e.is_penalty_exclusion,
                Field::DoubleExclusion => e.is_double_exclusion = !e.is_double_exclusion,
                _ => {}
            },
            _ => {}
        }
    }

    /// Moves a choice `step` options on (the team, the sub-type, the swim-off's winner).
    pub fn cycle(&mut self, field: Field, step: isize) {
        match field {
            Field::Team => {
                let team = cycle(&[Side::Home, Side::Away], self.team, step);
                self.set_team(team);
            }
            Field::Winner => {
                if let Record::SwimOff(s) = &self.record {
                    let swimmers: Vec<u64> = s.home.into_iter().chain(s.away).collect();
                    let winner = cycle(&swimmers, s.winner, step);
                    self.choose_winner(winner);
                }
            }
            Field::SubType => self.cycle_sub_type(step),
            _ => {}
        }
    }

    fn cycle_sub_type(&mut self, step: isize) {
        match &mut self.record {
            Record::Shot(s) => {
                let type_id = cycle(ShotType::ALL, Some(s.type_id), step);
                self.change_shot(|shot| {
                    shot.type_id = type_id.unwrap_or(shot.type_id);
                    // Penalty shot types reset fast break and direct-from-foul (spec 02 §4).
                    if shot.is_penalty() {
                        shot.is_fast_break = false;
                        shot.is_direct_from_foul = false;
                    }
                });
            }
            Record::Exclusion(e) => {
                e.type_id = cycle(ExclusionType::ALL, Some(e.type_id), step).unwrap_or(e.type_id);
                e.is_penalty_exclusion &= e.type_id == ExclusionType::Penalty;
            }
            Record::Card { type_id, .. } => {
                *type_id = cycle(CardType::ALL, Some(*type_id), step).unwrap_or(*type_id);
            }
            Record::Turnover {
                type_id, won_by, ..
            } => {
                *type_id = cycle(TurnoverType::ALL, Some(*type_id), step).unwrap_or(*type_id);
                // The winner of possession depends on how the ball was lost (spec 02 §4).
                *won_by = None;
            }
            Record::TeamCall | Record::SwimOff(_) => {}
        }
    }

    fn choose_winner(&mut self, winner: Option<u64>) {
        if let Record::SwimOff(s) = &mut self.record {
            s.winner = winner;
        }
    }

    /// Changes the team: everyone picked belonged to one side or the other, so the picks go;
    /// the target then implies the save of the keeper the new team faces.
    fn set_team(&mut self, team: Option<Side>) {
        if team == self.team {
            return;
        }
        self.team = team;
        match &mut self.record {
            Record::Shot(shot) => {
                shot.taken_by = None;
                shot.assisted_by = None;
                shot.blocked_by = None;
                shot.saved_by = team.and_then(|side| shot.aim().implied_save(side, &self.keepers));
            }
            Record::Exclusion(e) => {
                e.excluded = None;
                e.fouled = None;
            }
            Record::Card { carded, .. } => *carded = None,
            Record::Turnover {
                lost_by, won_by, ..
            } => {
                *lost_by = None;
                *won_by = None;
            }
            Record::TeamCall | Record::SwimOff(_) => {}
        }
    }

    /// The code a choice shows, as the spec names it.
    pub fn sub_type_label(&self) -> &'static str {
        match &self.record {
            Record::Shot(s) => s.type_id.label(),
            Record::Exclusion(e) => e.type_id.label(),
            Record::Card { type_id, .. } => type_id.label(),
            Record::Turnover { type_id, .. } => type_id.label(),
            Record::TeamCall | Record::SwimOff(_) => "",
        }
    }

    /// The swim-off's winner.
    pub fn winner(&self) -> Option<u64> {
        match &self.record {
            Record::SwimOff(s) => s.winner,
            _ => None,
        }
    }
}

/// The option `step` places after `current` in `options`, round; from none, the first
/// (stepping on) or the last (stepping back).
pub fn cycle<T: Copy + PartialEq>(options: &[T], current: Option<T>, step: isize) -> Option<T> {
    let count = isize::try_from(options.len()).ok().filter(|&n| n > 0)?;
    let index = match current.and_then(|c| options.iter().position(|o| *o == c)) {
        Some(at) => isize::try_from(at).ok()? + step,
        None if step > 0 => step - 1,
        None => count + step,
    };
    let wrapped = usize::try_from(index.rem_euclid(count)).ok()?;
    options.get(wrapped).copied()
}

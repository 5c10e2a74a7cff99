//! The form's fields as the keyboard walks them (the web's `editor/editor-fields.ts`): which
//! fields an event type shows and in what order, what kind of input each takes, the letter that
//! jumps to it, and the field a message of the rules belongs to (by its path,
//! `shot.takenById` → taken by).

use polodesk_domain::codes::EventType;

/// One row of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    Team,
    /// The shot, exclusion, card or turnover type.
    SubType,
    Goal,
    TakenBy,
    AssistedBy,
    BlockedBy,
    SavedBy,
    FastBreak,
    DirectFromFoul,
    Excluded,
    Fouled,
    PenaltyExclusion,
    DoubleExclusion,
    Carded,
    LostBy,
    WonBy,
    HomeSwimmer,
    AwaySwimmer,
    Winner,
    Location,
    Target,
    /// Minute and seconds, typed as mmss.
    Time,
}

/// Whose lineup a player field picks from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Team {
    /// The event's team.
    Own,
    /// The other team.
    Opponent,
    Home,
    Away,
}

/// What a field takes from the keyboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// One of a few values: Left/Right and Space cycle them.
    Choice,
    /// On or off: Space, Left or Right toggle it.
    Switch,
    /// A player by cap (and for cards and exclusions a coach of the bench).
    Player {
        team: Team,
        coaches: bool,
    },
    /// A point on the pool (location) or the goal mouth (target).
    Point,
    Time,
}

/// The fields of each type, in order. The second player follows the first, so a secretary
/// types both caps in a row: the assist after the scorer, the fouled player after the excluded
/// one, the winner of possession after who lost it, the away swimmer after the home one.
const SHOT: &[Field] = &[
    Field::Team,
    Field::SubType,
    Field::Goal,
    Field::TakenBy,
    Field::AssistedBy,
    Field::BlockedBy,
    Field::SavedBy,
    Field::FastBreak,
    Field::DirectFromFoul,
    Field::Location,
    Field::Target,
    Field::Time,
];
const EXCLUSION: &[Field] = &[
    Field::Team,
    Field::SubType,
    Field::Excluded,
    Field::Fouled,
    Field::PenaltyExclusion,
    Field::DoubleExclusion,
    Field::Location,
    Field::Time,
];
const CARD: &[Field] = &[Field::Team, Field::SubType, Field::Carded, Field::Time];
const TURNOVER: &[Field] = &[
    Field::Team,
    Field::SubType,
    Field::LostBy,
    Field::WonBy,
    Field::Time,
];
const SWIM_OFF: &[Field] = &[
    Field::HomeSwimmer,
    Field::AwaySwimmer,
    Field::Winner,
    Field::Time,
];
const TEAM_CALL: &[Field] = &[Field::Team, Field::Time];

/// The fields an event type shows, in order; the time comes last.
pub fn order(event_type: EventType) -> &'static [Field] {
    match event_type {
        EventType::Shot => SHOT,
        EventType::Exclusion => EXCLUSION,
        EventType::Card => CARD,
        EventType::Turnover => TURNOVER,
        EventType::SwimOff => SWIM_OFF,
        EventType::Timeout | EventType::Challenge => TEAM_CALL,
    }
}

impl Field {
    pub fn kind(self) -> Kind {
        let player = |team| Kind::Player {
            team,
            coaches: false,
        };
        match self {
            Field::Team | Field::SubType | Field::Winner => Kind::Choice,
            Field::Goal
            | Field::FastBreak
            | Field::DirectFromFoul
            | Field::PenaltyExclusion
            | Field::DoubleExclusion => Kind::Switch,
            Field::TakenBy | Field::AssistedBy | Field::LostBy => player(Team::Own),
            Field::Excluded | Field::Carded => Kind::Player {
                team: Team::Own,
                coaches: true,
            },
            Field::BlockedBy | Field::SavedBy | Field::Fouled | Field::WonBy => {
                player(Team::Opponent)
            }
            Field::HomeSwimmer => player(Team::Home),
            Field::AwaySwimmer => player(Team::Away),
            Field::Location | Field::Target => Kind::Point,
            Field::Time => Kind::Time,
        }
    }

    /// The row's label, as the web's form names it.
    pub fn label(self, event_type: EventType) -> &'static str {
        match self {
            Field::Team => "Team",
            Field::SubType => match event_type {
                EventType::Exclusion => "Exclusion type",
                EventType::Card => "Card type",
                EventType::Turnover => "Turnover type",
                _ => "Shot type",
            },
            Field::Goal => "Goal",
            Field::TakenBy => "Taken by",
            Field::AssistedBy => "Assisted by",
            Field::BlockedBy => "Blocked by",
            Field::SavedBy => "Saved by",
            Field::FastBreak => "Fast break",
            Field::DirectFromFoul => "Direct from foul",
            Field::Excluded => "Excluded",
            Field::Fouled => "Fouled",
            Field::PenaltyExclusion => "Penalty exclusion",
            Field::DoubleExclusion => "Double exclusion",
            Field::Carded => "Carded",
            Field::LostBy => "Lost possession",
            Field::WonBy => "Won possession",
            Field::HomeSwimmer => "Home swimmer",
            Field::AwaySwimmer => "Away swimmer",
            Field::Winner => "Winner",
            Field::Location => "Location",
            Field::Target => "Target",
            Field::Time => "Time",
        }
    }

    /// The letter that jumps to the field (`a` then a cap: the assist). Letters are free in the
    /// form, as its only typed values are digits; each is unique within a type's fields.
    pub fn letter(self) -> char {
        match self {
            Field::Team => 't',
            Field::SubType => 'y',
            Field::Goal => 'g',
            Field::TakenBy => 's',
            Field::AssistedBy | Field::AwaySwimmer => 'a',
            Field::BlockedBy => 'b',
            Field::SavedBy => 'k',
            Field::FastBreak | Field::Fouled => 'f',
            Field::DirectFromFoul | Field::DoubleExclusion => 'd',
            Field::Excluded => 'e',
            Field::PenaltyExclusion => 'p',
            Field::Carded => 'c',
            Field::LostBy | Field::Location => 'l',
            Field::WonBy | Field::Winner => 'w',
            Field::HomeSwimmer => 'h',
            Field::Target => 'r',
            Field::Time => 'm',
        }
    }

    /// The field of `event_type` a letter jumps to.
    pub fn of_letter(event_type: EventType, letter: char) -> Option<Field> {
        order(event_type)
            .iter()
            .copied()
            .find(|field| field.letter() == letter)
    }
}

/// The field a message of the rules belongs to, by the last part of its path; `None` for the
/// event as a whole (a second swim-off in a period).
pub fn of_path(path: &str) -> Option<Field> {
    let (record, name) = path.rsplit_once('.').unwrap_or(("", path));
    if record.is_empty() && name != "minute" && name != "seconds" {
        return None;
    }
    Some(match name {
        "teamId" => Field::Team,
        "typeId" => Field::SubType,
        "isGoal" => Field::Goal,
        "takenById" => Field::TakenBy,
        "assistedById" => Field::AssistedBy,
        "blockedById" => Field::BlockedBy,
        "savedById" => Field::SavedBy,
        "isFastBreak" => Field::FastBreak,
        "isDirectFromFoul" => Field::DirectFromFoul,
        "excludedPlayerId" | "excludedCoachId" => Field::Excluded,
        "fouledPlayerId" => Field::Fouled,
        "isPenaltyExclusion" => Field::PenaltyExclusion,
        "isDoubleExclusion" => Field::DoubleExclusion,
        "cardedPlayerId" | "cardedCoachId" => Field::Carded,
        "lostPossesionPlayerId" => Field::LostBy,
        "wonPossesionPlayerId" => Field::WonBy,
        "homeTeamSwimmerId" => Field::HomeSwimmer,
        "awayTeamSwimmerId" => Field::AwaySwimmer,
        "winnerSwimmerId" | "winnerTeamId" => Field::Winner,
        "locationX" | "locationY" => Field::Location,
        "targetX" | "targetY" => Field::Target,
        "minute" | "seconds" => Field::Time,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_letter_jumps_to_one_field_of_a_type() {
        for event_type in EventType::ALL {
            let fields = order(*event_type);
            for field in fields {
                assert_eq!(
                    Field::of_letter(*event_type, field.letter()),
                    Some(*field),
                    "{event_type}: {field:?}"
                );
            }
        }
    }

    #[test]
    fn messages_go_to_the_field_their_path_names() {
        assert_eq!(of_path("shot.takenById"), Some(Field::TakenBy));
        assert_eq!(of_path("exclusion.excludedCoachId"), Some(Field::Excluded));
        assert_eq!(of_path("swimoff.winnerTeamId"), Some(Field::Winner));
        assert_eq!(of_path("timeout.teamId"), Some(Field::Team));
        assert_eq!(of_path("minute"), Some(Field::Time));
        assert_eq!(of_path("seconds"), Some(Field::Time));
        assert_eq!(of_path("swimoff"), None);
        assert_eq!(of_path("typeId"), None);
    }
}

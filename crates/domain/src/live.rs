//! The live match hub's contract (DESIGN §6): every message of `/hubs/match`, as the server
//! sends it and as clients send theirs, and the checks a client's message must pass, with the
//! texts the hub answers. The server publishes and parses these types; clients read them.
//!
//! What is published to a match group (`GroupMessage`) reaches its viewers `Sequenced`: with
//! the match's id and its per-match `seq`, so a viewer can see a gap and reload. What answers
//! one connection (`DirectMessage`) carries no seq.

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use crate::codes::{ClockState, Period};
use crate::dates::Date;
use crate::events::EventView;
use crate::matches::{MatchCoach, MatchOfficial, MatchPlayer};
use crate::views::score::MatchScore;

pub const NOT_JSON: &str = "The message is not valid JSON.";
pub const BINARY: &str = "Send JSON text, not binary frames.";
pub const UNKNOWN_TYPE: &str = "Unknown message type: send JoinGroup, LeaveGroup or Clock.";
pub const MATCH_ID_REQUIRED: &str = "The message needs a matchId (a positive whole number).";
pub const CLOCK_REFUSED: &str = "You may not publish the clock of this match.";
pub const PERIOD_RANGE: &str = "period must be one of 1200 to 1204.";
pub const REMAINING_RANGE: &str = "remainingSeconds must be a whole number from 0 to 3600.";
pub const STATE_VALUES: &str = "state must be Stopped, Paused or Running.";
/// The reason a staff connection is closed with once its sign-in has ended.
pub const SIGNED_OUT: &str = "This sign-in has ended. Sign in again to go on.";
pub const RUNNING_SINCE_FORMAT: &str =
    "runningSince must be a UTC time such as 2026-11-24T18:30:05Z (required while Running).";

/// The longest a period's clock can show.
pub const MAX_REMAINING_SECONDS: u16 = 3600;

/// What an event write did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Created,
    Updated,
    Deleted,
}

/// The event an `Event` message is about: the whole event, or only the id of the other half of
/// a double exclusion that was removed with its pair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum EventBody {
    Whole(Box<EventView>),
    Removed(RemovedEvent),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RemovedEvent {
    pub id: u64,
}

/// An event was created, updated or deleted; `match` is the score after the write.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EventMessage {
    pub action: Action,
    pub event: EventBody,
    #[serde(rename = "match")]
    pub score: MatchScore,
}

/// A match's fields, status, lineups or officials changed, or the match was deleted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum MatchMessage {
    Changed(MatchChange),
    Deleted(MatchDeleted),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MatchChange {
    #[serde(rename = "match")]
    pub score: MatchScore,
    pub players: Vec<MatchPlayer>,
    pub coaches: Vec<MatchCoach>,
    pub officials: Vec<MatchOfficial>,
}

/// The match is gone; `deleted` is always true.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MatchDeleted {
    pub deleted: bool,
}

impl MatchMessage {
    pub fn deleted() -> Self {
        MatchMessage::Deleted(MatchDeleted { deleted: true })
    }
}

/// The period clock as the logging client runs it, relayed so viewers see a live clock.
/// `runningSince` (`Date.toISOString()`'s UTC form) is the instant `remainingSeconds` was read
/// while Running, so a viewer shows `remainingSeconds` less the seconds since; it is required
/// while Running, and null when the client sent none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Clock {
    pub period: Period,
    pub remaining_seconds: u16,
    pub state: ClockState,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub running_since: Option<String>,
}

/// What is published to everyone watching a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type")]
pub enum GroupMessage {
    Event(EventMessage),
    Match(MatchMessage),
    Clock(Clock),
}

/// A group message as its viewers receive it: `seq` counts the match's messages from 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Sequenced {
    pub match_id: u64,
    pub seq: u64,
    #[serde(flatten)]
    pub message: GroupMessage,
}

/// What the hub tells one connection only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
// Each variant renames its own fields: utoipa does not read `rename_all_fields`.
#[serde(tag = "type")]
pub enum DirectMessage {
    /// The connection watches the match; `seq` is the last message it will not get (0 if
    /// none was published yet).
    #[serde(rename_all = "camelCase")]
    Joined { match_id: u64, seq: u64 },
    #[serde(rename_all = "camelCase")]
    Left { match_id: u64 },
    /// The viewer fell behind and messages were dropped for it: it should reload the match.
    /// Delivery goes on with the messages published after `seq`.
    #[serde(rename_all = "camelCase")]
    Resync { match_id: u64, seq: u64 },
    /// The message was refused; the connection stays usable.
    Error { message: String },
}

impl DirectMessage {
    pub fn error(message: impl Into<String>) -> Self {
        DirectMessage::Error {
            message: message.into(),
        }
    }
}

/// Every message the server sends on `/hubs/match`, told apart by `type`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum ServerMessage {
    Group(Sequenced),
    Direct(DirectMessage),
}

/// Every message a client sends on `/hubs/match`. Parsing applies the hub's checks, so a
/// message that parses is one the hub accepts; members the hub does not read are ignored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", try_from = "UncheckedClientMessage")]
pub enum ClientMessage {
    /// Start watching a match.
    #[serde(rename_all = "camelCase")]
    JoinGroup { match_id: u64 },
    /// Stop watching a match.
    #[serde(rename_all = "camelCase")]
    LeaveGroup { match_id: u64 },
    /// The logging client's clock, relayed to the match group (only from a connection that
    /// may log the match).
    #[serde(rename_all = "camelCase")]
    Clock {
        match_id: u64,
        #[serde(flatten)]
        clock: Clock,
    },
}

/// A client message as it arrives, every member optional and of any JSON type, so the hub can
/// say which member is wrong rather than that the message does not parse.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UncheckedClientMessage {
    #[serde(rename = "type")]
    kind: Option<Loose<String>>,
    match_id: Option<Loose<u64>>,
    period: Option<Loose<u16>>,
    remaining_seconds: Option<Loose<u16>>,
    state: Option<Loose<ClockState>>,
    running_since: Option<Loose<String>>,
}

/// A member's value, or a note that it had another type.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Loose<T> {
    Valid(T),
    Invalid(IgnoredAny),
}

impl<T> Loose<T> {
    fn valid(member: Option<Self>) -> Option<T> {
        match member {
            Some(Loose::Valid(value)) => Some(value),
            Some(Loose::Invalid(_)) | None => None,
        }
    }
}

impl UncheckedClientMessage {
    /// The match a `Clock` message names, if it names one: the hub refuses a clock from a
    /// connection that may not log the match before it checks the clock's members.
    pub fn clock_match(&self) -> Option<u64> {
        let is_clock = matches!(&self.kind, Some(Loose::Valid(kind)) if kind == "Clock");
        match self.match_id {
            Some(Loose::Valid(id)) if is_clock && id > 0 => Some(id),
            _ => None,
        }
    }
}

impl TryFrom<UncheckedClientMessage> for ClientMessage {
    type Error = &'static str;

    /// The first check that fails, in the order the hub has always answered them.
    fn try_from(message: UncheckedClientMessage) -> Result<Self, &'static str> {
        let kind = Loose::valid(message.kind);
        let kind = match kind.as_deref() {
            Some(kind @ ("JoinGroup" | "LeaveGroup" | "Clock")) => kind,
            _ => return Err(UNKNOWN_TYPE),
        };
        let match_id = Loose::valid(message.match_id)
            .filter(|id| *id > 0)
            .ok_or(MATCH_ID_REQUIRED)?;
        Ok(match kind {
            "JoinGroup" => ClientMessage::JoinGroup { match_id },
            "LeaveGroup" => ClientMessage::LeaveGroup { match_id },
            _ => ClientMessage::Clock {
                match_id,
                clock: Clock::checked(
                    message.period,
                    message.remaining_seconds,
                    message.state,
                    message.running_since,
                )?,
            },
        })
    }
}

impl Clock {
    fn checked(
        period: Option<Loose<u16>>,
        remaining_seconds: Option<Loose<u16>>,
        state: Option<Loose<ClockState>>,
        running_since: Option<Loose<String>>,
    ) -> Result<Clock, &'static str> {
        let period = Loose::valid(period)
            .and_then(|p| Period::try_from(p).ok())
            .ok_or(PERIOD_RANGE)?;
        let remaining_seconds = Loose::valid(remaining_seconds)
            .filter(|s| *s <= MAX_REMAINING_SECONDS)
            .ok_or(REMAINING_RANGE)?;
        let state = Loose::valid(state).ok_or(STATE_VALUES)?;
        let running_since = match running_since {
            None if state != ClockState::Running => None,
            Some(Loose::Valid(since)) if is_utc_timestamp(&since) => Some(since),
            _ => return Err(RUNNING_SINCE_FORMAT),
        };
        Ok(Clock {
            period,
            remaining_seconds,
            state,
            running_since,
        })
    }
}

/// `YYYY-MM-DDTHH:MM:SS`, an optional fraction, and `Z`, as `Date.toISOString()` writes it.
fn is_utc_timestamp(text: &str) -> bool {
    let Some(rest) = text.strip_suffix('Z') else {
        return false;
    };
    let (Some(date), Some(time), fraction) = (rest.get(..10), rest.get(10..19), rest.get(19..))
    else {
        return false;
    };
    let number = |part: Option<&str>, below: u8| {
        part.filter(|p| p.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|p| p.parse::<u8>().ok())
            .is_some_and(|n| n < below)
    };
    let time_ok = time.as_bytes().first() == Some(&b'T')
        && time.get(3..4) == Some(":")
        && time.get(6..7) == Some(":")
        && number(time.get(1..3), 24)
        && number(time.get(4..6), 60)
        && number(time.get(7..9), 60);
    let fraction_ok = match fraction {
        None | Some("") => true,
        Some(f) => {
            f.len() <= 10
                && f.strip_prefix('.')
                    .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        }
    };
    Date::parse(date).is_some() && time_ok && fraction_ok
}

#[cfg(test)]
mod tests;

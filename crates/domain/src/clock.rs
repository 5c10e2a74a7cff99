//! The period clock of spec 02 §4 as a pure state machine: commands and ticks go in, the clock
//! comes out. Nothing here keeps time: the front end's timer sends `Tick` once a second, and
//! it and the commands that set the clock running carry the instant (`at`) they happened, which
//! the clock publishes as `runningSince`. The web app (`webapp/src/lib/clock.ts`) and the terminal
//! console run the same rules, pinned by the vectors in `fixtures/vectors/clock/`.
//!
//! The three states (spec 02 §4, §9):
//! - **Running** counts down a second a tick and stops by itself on reaching zero.
//! - **Paused** is a running clock held while the secretary fills in an event form: closing
//!   the form resumes it, and a period change leaves it alone.
//! - **Stopped** waits for the secretary (or a saved swim-off) to start it again.
//!
//! Where the spec is silent, the clock does what a courtside secretary expects; each such
//! choice is said where it is made.

use serde::{Deserialize, Serialize};

use crate::codes::{ClockState, EventType, ExclusionType, Period};
use crate::events::{EventFields, EventView};
use crate::live::{Clock, MAX_REMAINING_SECONDS};

/// A period's length when the match gives none: 8 minutes (spec 02 §9).
pub const DEFAULT_SEGMENT_SECONDS: u16 = 480;
/// The adjustments the clock panel offers, in seconds, either way (spec 02 §9).
pub const ADJUSTMENT_STEPS: [u16; 3] = [1, 10, 60];

pub const ADJUST_WHILE_RUNNING: &str = "Stop the clock before adjusting it.";
pub const NOT_A_STEP: &str = "The clock is adjusted by 1, 10 or 60 seconds.";
pub const NO_TIME_LEFT: &str =
    "The period's time is up: adjust the clock or change the period to start it.";

/// The period clock of one match as the secretary runs it: exactly what the live `Clock`
/// message carries (so it is published as is), and the segment length it resets to. While it
/// runs, `runningSince` is the instant `remainingSeconds` was read (the start, then each tick),
/// so a viewer shows `remainingSeconds` less the seconds since then.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PeriodClock {
    #[serde(flatten)]
    pub clock: Clock,
    /// A period's length in seconds: what a reset or a new period starts from, and the most an
    /// adjustment reaches.
    pub segment_seconds: u16,
}

/// What the secretary, the event form and the timer tell the clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "camelCase")]
pub enum ClockCommand {
    /// One second passed on the front end's timer, at `at`. Only a running clock moves (and
    /// reads `at` as its new `runningSince`); a tick that arrives after a stop is ignored.
    Tick { at: String },
    /// The secretary starts the clock (from Stopped or Paused). Starting a running clock
    /// changes nothing; a clock at zero cannot start.
    Start { at: String },
    /// The secretary stops the clock. A paused clock stopped this way is not resumed when the
    /// event form closes.
    Stop,
    /// Plus or minus 1, 10 or 60 seconds, only while not running. The result is kept between
    /// zero and the segment length: a step past either end lands on it (the spec says never
    /// below zero; above the period's length no event could be logged).
    Adjust { seconds: i16 },
    /// The match moves to another period (the period tabs). Unless paused, the clock resets:
    /// the new period, its full length, Stopped. A paused clock belongs to the open event form
    /// and keeps its period and time. Choosing the clock's own period changes nothing.
    ChangePeriod { period: Period },
    /// The event form opens for a new event: a running clock pauses.
    StartEvent,
    /// The event form opens on an existing event: a running clock pauses. A stopped clock
    /// stays stopped, so closing the form does not start it.
    EditEvent,
    /// The event form closes, saved or cancelled: a paused clock resumes.
    CloseEventForm { at: String },
    /// An event was saved: a timeout, a challenge, a goal, a brutality or a 5m penalty
    /// exclusion stops the clock; a swim-off starts it. The form closes with its own command.
    /// A timeout or a challenge stops the clock when saved, not when its form opens (it then
    /// pauses like any event), so a form opened by mistake and cancelled leaves the play running.
    SaveEvent { event: SavedEvent, at: String },
}

/// What the clock needs to know of a saved event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedEvent {
    pub type_id: EventType,
    /// A shot that is a goal.
    #[serde(default)]
    pub is_goal: bool,
    /// An exclusion's type.
    #[serde(default)]
    pub exclusion_type_id: Option<ExclusionType>,
    /// The save corrected an event logged earlier. A correction says nothing about the play
    /// now: it leaves the clock as it is (the form's pause is undone when it closes), so fixing
    /// an old goal's scorer does not stop a running period, nor fixing an old swim-off start a
    /// stopped one. The spec's "stops it when the event is updated" is read as "when saved".
    #[serde(default)]
    pub existing: bool,
}

impl SavedEvent {
    /// The event stops the play: timeouts and challenges are called with the clock stopped; a
    /// goal, a brutality and a 5m penalty (whether or not it also excludes) are followed by a
    /// restart the referee whistles.
    pub fn stops_clock(&self) -> bool {
        match self.type_id {
            EventType::Timeout | EventType::Challenge => true,
            EventType::Shot => self.is_goal,
            EventType::Exclusion => matches!(
                self.exclusion_type_id,
                Some(ExclusionType::Brutality | ExclusionType::Penalty)
            ),
            EventType::SwimOff | EventType::Card | EventType::Turnover => false,
        }
    }
}

/// A newly logged event; a correction sets `existing`.
impl From<&EventFields> for SavedEvent {
    fn from(fields: &EventFields) -> Self {
        use crate::events::EventDetail;
        SavedEvent {
            type_id: fields.detail.event_type(),
            is_goal: matches!(&fields.detail, EventDetail::Shot(s) if s.is_goal),
            exclusion_type_id: match &fields.detail {
                EventDetail::Exclusion(e) => Some(e.type_id),
                _ => None,
            },
            existing: false,
        }
    }
}

/// Why the clock refused a command; the clock is then as it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ClockRefusal {
    AdjustWhileRunning,
    NotAStep,
    NoTimeLeft,
}

impl ClockRefusal {
    /// What the clock panel tells the secretary.
    pub fn message(self) -> &'static str {
        match self {
            ClockRefusal::AdjustWhileRunning => ADJUST_WHILE_RUNNING,
            ClockRefusal::NotAStep => NOT_A_STEP,
            ClockRefusal::NoTimeLeft => NO_TIME_LEFT,
        }
    }
}

/// When an event happened by the clock: its period and the clock's reading (mm:ss, counting
/// down), as events carry them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClockReading {
    pub period_id: Period,
    pub minute: u8,
    pub seconds: u8,
}

impl ClockReading {
    fn remaining(self) -> u16 {
        u16::from(self.minute) * 60 + u16::from(self.seconds)
    }
}

impl From<&EventView> for ClockReading {
    fn from(event: &EventView) -> Self {
        ClockReading {
            period_id: event.period_id,
            minute: event.minute,
            seconds: event.seconds,
        }
    }
}

impl From<&EventFields> for ClockReading {
    fn from(fields: &EventFields) -> Self {
        ClockReading {
            period_id: fields.period_id,
            minute: fields.minute,
            seconds: fields.seconds,
        }
    }
}

impl Default for PeriodClock {
    fn default() -> Self {
        PeriodClock::new(DEFAULT_SEGMENT_SECONDS)
    }
}

impl PeriodClock {
    /// A new match's clock: the first period, its full length, Stopped. A segment longer than
    /// the live message carries is cut to `MAX_REMAINING_SECONDS`.
    pub fn new(segment_seconds: u16) -> Self {
        let segment_seconds = segment_seconds.min(MAX_REMAINING_SECONDS);
        PeriodClock {
            clock: Clock {
                period: Period::First,
                remaining_seconds: segment_seconds,
                state: ClockState::Stopped,
                running_since: None,
            },
            segment_seconds,
        }
    }

    /// The clock of a match given its segment length in minutes (the match's
    /// `matchSegmentLength`).
    pub fn for_segment_minutes(minutes: u8) -> Self {
        PeriodClock::new(u16::from(minutes) * 60)
    }

    /// The clock on load (spec 02 §4): the period and reading of the latest event of the
    /// highest period, the latest being the lowest reading since the clock counts down. It is
    /// Stopped: nothing says the play goes on, and the secretary starts it. Without events it
    /// is a new clock.
    pub fn restore(segment_seconds: u16, events: impl IntoIterator<Item = ClockReading>) -> Self {
        let mut clock = PeriodClock::new(segment_seconds);
        if let Some(latest) = events
            .into_iter()
            .max_by_key(|e| (e.period_id, std::cmp::Reverse(e.remaining())))
        {
            clock.clock.period = latest.period_id;
            clock.clock.remaining_seconds = latest.remaining().min(clock.segment_seconds);
        }
        clock
    }

    /// The clock's reading, as a new event's time.
    pub fn reading(&self) -> ClockReading {
        let remaining = self.clock.remaining_seconds;
        ClockReading {
            period_id: self.clock.period,
            // At most 3600 seconds: 60 minutes.
            minute: u8::try_from(remaining / 60).unwrap_or(u8::MAX),
            seconds: u8::try_from(remaining % 60).unwrap_or(0),
        }
    }

    pub fn state(&self) -> ClockState {
        self.clock.state
    }

    /// Applies one command. A refused command leaves the clock as it was.
    pub fn apply(&mut self, command: &ClockCommand) -> Result<(), ClockRefusal> {
        match command {
            ClockCommand::Tick { at } => {
                if self.clock.state == ClockState::Running {
                    self.clock.remaining_seconds = self.clock.remaining_seconds.saturating_sub(1);
                    if self.clock.remaining_seconds == 0 {
                        self.set(ClockState::Stopped, None);
                    } else {
                        self.clock.running_since = Some(at.clone());
                    }
                }
            }
            ClockCommand::Start { at } => self.start(at)?,
            ClockCommand::Stop => self.set(ClockState::Stopped, None),
            ClockCommand::Adjust { seconds } => {
                if self.clock.state == ClockState::Running {
                    return Err(ClockRefusal::AdjustWhileRunning);
                }
                if !ADJUSTMENT_STEPS.contains(&seconds.unsigned_abs()) {
                    return Err(ClockRefusal::NotAStep);
                }
                let adjusted = (i32::from(self.clock.remaining_seconds) + i32::from(*seconds))
                    .clamp(0, i32::from(self.segment_seconds));
                self.clock.remaining_seconds = u16::try_from(adjusted).unwrap_or(0);
            }
            ClockCommand::ChangePeriod { period } => {
                if *period != self.clock.period && self.clock.state != ClockState::Paused {
                    self.clock.period = *period;
                    self.clock.remaining_seconds = self.segment_seconds;
                    self.set(ClockState::Stopped, None);
                }
            }
            ClockCommand::StartEvent | ClockCommand::EditEvent => {
                if self.clock.state == ClockState::Running {
                    self.set(ClockState::Paused, None);
                }
            }
            ClockCommand::CloseEventForm { at } => {
                if self.clock.state == ClockState::Paused {
                    self.start(at)?;
                }
            }
            ClockCommand::SaveEvent { event, at } => {
                if event.existing {
                    return Ok(());
                }
                if event.type_id == EventType::SwimOff {
                    self.start(at)?;
                } else if event.stops_clock() {
                    self.set(ClockState::Stopped, None);
                }
            }
        }
        Ok(())
    }

    fn start(&mut self, at: &str) -> Result<(), ClockRefusal> {
        match self.clock.state {
            ClockState::Running => Ok(()),
            _ if self.clock.remaining_seconds == 0 => Err(ClockRefusal::NoTimeLeft),
            _ => {
                self.set(ClockState::Running, Some(at.to_owned()));
                Ok(())
            }
        }
    }

    fn set(&mut self, state: ClockState, running_since: Option<String>) {
        self.clock.state = state;
        self.clock.running_since = running_since;
    }
}

/// An RFC 3339 instant as milliseconds since 1970, as the web app's `Date.parse` reads it.
fn epoch_ms(text: &str) -> Option<i64> {
    let moment =
        time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).ok()?;
    i64::try_from(moment.unix_timestamp_nanos().div_euclid(1_000_000)).ok()
}

/// Milliseconds since 1970 as `Date.toISOString()` writes them (`2026-11-24T18:31:02.000Z`),
/// so both front ends publish the same `runningSince`.
fn iso_ms(ms: i64) -> Option<String> {
    let moment =
        time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).ok()?;
    Some(format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        moment.year(),
        u8::from(moment.month()),
        moment.day(),
        moment.hour(),
        moment.minute(),
        moment.second(),
        moment.millisecond()
    ))
}

/// The whole seconds a running clock has counted since `runningSince` at `now`, with those two
/// instants in milliseconds; `None` when it does not run or an instant does not parse.
fn counted(clock: &Clock, now: &str) -> Option<(i64, i64, i64)> {
    if clock.state != ClockState::Running {
        return None;
    }
    let since = epoch_ms(clock.running_since.as_deref()?)?;
    let now = epoch_ms(now)?;
    // A publisher whose clock is ahead of this one gives a `runningSince` still to come:
    // nothing counted yet.
    Some(((now - since).div_euclid(1000).max(0), since, now))
}

/// A published clock as it reads at `now` (RFC 3339): a Running one less the whole seconds
/// since `runningSince`, stopping at 0 as the tick does; Paused and Stopped as they are.
/// `runningSince` moves on by the seconds counted, so reading the result later gives what
/// reading the clock itself then would. The web app's `clockAt`.
pub fn clock_at(clock: &Clock, now: &str) -> Clock {
    let Some((seconds, since, _)) = counted(clock, now) else {
        return clock.clone();
    };
    let remaining = (i64::from(clock.remaining_seconds) - seconds).max(0);
    match (u16::try_from(remaining), iso_ms(since + seconds * 1000)) {
        (Ok(remaining_seconds), Some(running_since)) if remaining_seconds > 0 => Clock {
            remaining_seconds,
            running_since: Some(running_since),
            ..clock.clone()
        },
        _ => Clock {
            remaining_seconds: 0,
            state: ClockState::Stopped,
            running_since: None,
            ..clock.clone()
        },
    }
}

/// How many milliseconds after `now` a published clock shows its next second; `None` when it
/// does not run (or ran out). The web app's `msToNextSecond`.
pub fn ms_to_next_second(clock: &Clock, now: &str) -> Option<i64> {
    let (seconds, since, now) = counted(clock, now)?;
    (seconds < i64::from(clock.remaining_seconds)).then(|| since + (seconds + 1) * 1000 - now)
}

impl PeriodClock {
    /// The clock logging goes on with after a reload: `self` is the one restored from the
    /// events (`PeriodClock::restore`), `published` the last clock on the hub. Every change of
    /// the secretary's clock is published and events take their time from it, so within a
    /// period the published clock is at least as recent as the events (it also holds
    /// adjustments made since, and the time it has run); an earlier period's is stale. It is
    /// taken as it reads at `at`, so a running clock keeps running from where it is now, and
    /// never longer than the segment. The web app's `continuedClock`.
    pub fn continued(&self, published: Option<&Clock>, at: &str) -> PeriodClock {
        match published {
            Some(published) if published.period >= self.clock.period => {
                let mut now = clock_at(published, at);
                now.remaining_seconds = now.remaining_seconds.min(self.segment_seconds);
                PeriodClock {
                    clock: now,
                    segment_seconds: self.segment_seconds,
                }
            }
            _ => self.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::{EventDetail, TeamCall};
    use crate::test_events::{event, shot};

    #[test]
    fn a_saved_event_is_read_from_its_fields() {
        let goal = event(1, 1, Period::First, EventDetail::Shot(shot(1, 10, true))).fields;
        let miss = event(1, 2, Period::First, EventDetail::Shot(shot(1, 10, false))).fields;
        let timeout = event(
            1,
            3,
            Period::First,
            EventDetail::Timeout(TeamCall { team_id: 1 }),
        );
        assert!(SavedEvent::from(&goal).stops_clock());
        assert!(!SavedEvent::from(&miss).stops_clock());
        assert!(SavedEvent::from(&timeout.fields).stops_clock());
    }

    #[test]
    fn the_reading_is_the_time_a_new_event_gets() {
        let mut clock = PeriodClock::restore(
            480,
            [ClockReading {
                period_id: Period::Third,
                minute: 2,
                seconds: 41,
            }],
        );
        assert_eq!(
            clock.reading(),
            ClockReading {
                period_id: Period::Third,
                minute: 2,
                seconds: 41
            }
        );
        clock.clock.remaining_seconds = MAX_REMAINING_SECONDS;
        assert_eq!((clock.reading().minute, clock.reading().seconds), (60, 0));
    }

    #[test]
    fn an_event_as_the_api_shows_it_restores_the_clock() {
        let view = EventView::from(event(
            1,
            1,
            Period::Second,
            EventDetail::Shot(shot(1, 10, true)),
        ));
        let clock = PeriodClock::restore(480, [ClockReading::from(&view)]);
        assert_eq!(clock.clock.period, Period::Second);
        assert_eq!(clock.clock.remaining_seconds, 300);
        assert_eq!(PeriodClock::for_segment_minutes(8), PeriodClock::default());
    }

    #[test]
    fn the_clock_is_published_as_is_and_the_hub_accepts_it() {
        let mut clock = PeriodClock::default();
        for command in [
            ClockCommand::Start {
                at: "2026-11-24T18:30:05.120Z".into(),
            },
            ClockCommand::Tick {
                at: "2026-11-24T18:30:06.120Z".into(),
            },
        ] {
            clock.apply(&command).unwrap();
            let mut message = serde_json::to_value(&clock.clock).unwrap();
            message["type"] = "Clock".into();
            message["matchId"] = 42.into();
            let parsed: crate::live::ClientMessage = serde_json::from_value(message).unwrap();
            assert_eq!(
                parsed,
                crate::live::ClientMessage::Clock {
                    match_id: 42,
                    clock: clock.clock.clone()
                }
            );
        }
    }
}

use polodesk_domain::codes::{ClockState, EventType, Period};
use polodesk_domain::events::EventInput;
use polodesk_domain::live::{Action as WriteAction, EventBody, EventMessage, GroupMessage};
use serde_json::json;

use super::*;
use crate::sample::{event, game};

const AT: &str = "2026-11-24T18:30:00.000Z";

/// A hub message read at `AT`.
fn hub(message: GroupMessage) -> Action {
    Action::Hub {
        message,
        at: AT.to_owned(),
    }
}

fn console() -> Console {
    Console::new(game(), Vec::new(), Vec::new())
}

fn with_swim_off() -> Console {
    let swim = event(
        1,
        json!({ "typeId": 701, "periodId": 1200, "minute": 8, "seconds": 0, "swimoff": {
            "homeTeamSwimmerId": 107, "awayTeamSwimmerId": 207,
            "winnerSwimmerId": 107, "winnerTeamId": 1 } }),
    );
    Console::new(game(), vec![swim], Vec::new())
}

/// Types `keys` (one char each; `⏎` Enter, `⎋` Escape) and gathers the effects.
fn typed(console: &mut Console, keys: &str) -> Vec<Effect> {
    keys.chars()
        .flat_map(|c| {
            let key = match c {
                '⏎' => Key::Enter,
                '⎋' => Key::Escape,
                '↓' => Key::Down,
                '↑' => Key::Up,
                '⌦' => Key::Delete,
                c => Key::Char(c),
            };
            console
                .step(Action::Key {
                    key,
                    at: AT.to_owned(),
                })
                .effects
        })
        .collect()
}

fn created(effects: &[Effect]) -> Vec<EventInput> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Write(write) => {
                let Write::Create { event, client_id } = write.as_ref() else {
                    return None;
                };
                assert_eq!(event.client_id.as_deref(), Some(client_id.as_str()));
                Some(event.clone())
            }
            _ => None,
        })
        .collect()
}

#[test]
fn a_timeout_is_journaled_at_once_with_the_clock_time_and_a_fresh_client_id() {
    let mut c = with_swim_off();
    let first = created(&typed(&mut c, "tw"));
    let second = created(&typed(&mut c, "hb"));
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].type_id, Some(EventType::Timeout));
    assert_eq!(first[0].timeout.as_ref().map(|t| t.team_id), Some(1));
    assert_eq!((first[0].minute, first[0].seconds), (Some(8), Some(0)));
    assert_eq!(first[0].period_id, Some(Period::First));
    assert_eq!(second[0].challenge.as_ref().map(|t| t.team_id), Some(2));
    assert_ne!(first[0].client_id, second[0].client_id);
}

#[test]
fn a_third_timeout_is_refused_with_the_servers_message() {
    let timeout = |id, minute| {
        event(
            id,
            json!({ "typeId": 700, "periodId": 1200, "minute": minute, "seconds": 0,
                    "timeout": { "teamId": 1 } }),
        )
    };
    let mut c = Console::new(game(), vec![timeout(1, 7), timeout(2, 6)], Vec::new());
    assert!(created(&typed(&mut c, "tw")).is_empty());
    assert_eq!(
        c.notice.as_ref().map(|n| n.text.as_str()),
        Some("This team has used both its timeouts.")
    );
    assert_eq!(c.log.calls_left(1, false), 0);
}

#[test]
fn space_in_a_period_without_swim_off_asks_for_the_keepers_then_opens_the_swim_off() {
    let mut c = console();
    typed(&mut c, " ");
    assert_eq!(c.prompt, Some(Prompt::Keepers));
    assert_eq!(c.keepers, (Some(101), Some(201)));
    typed(&mut c, "w13");
    assert_eq!(c.keepers, (Some(113), Some(201)));
    assert_eq!(c.clock.state(), ClockState::Stopped);
    typed(&mut c, "⏎");
    assert_eq!(c.prompt, None);
    assert!(c.editor.is_some());
}

#[test]
fn space_starts_and_stops_the_clock_once_the_period_has_its_swim_off() {
    let mut c = with_swim_off();
    let effects = typed(&mut c, " ");
    assert_eq!(c.clock.state(), ClockState::Running);
    assert!(
        matches!(effects.as_slice(), [Effect::PublishClock(clock)] if clock.state == ClockState::Running)
    );
    typed(&mut c, " ");
    assert_eq!(c.clock.state(), ClockState::Stopped);
}

#[test]
fn ticks_count_down_without_publishing_each_second() {
    let mut c = with_swim_off();
    typed(&mut c, " ");
    let step = c.step(Action::Tick {
        at: "2026-11-24T18:30:01.000Z".into(),
    });
    assert!(step.effects.is_empty());
    assert_eq!(c.clock.clock.remaining_seconds, 479);
}

#[test]
fn adjustments_are_published_and_refused_while_running() {
    let mut c = with_swim_off();
    let effects = typed(&mut c, "[{");
    assert_eq!(c.clock.clock.remaining_seconds, 469);
    assert_eq!(effects.len(), 2);
    typed(&mut c, " ]");
    assert_eq!(
        c.notice.as_ref().map(|n| n.text.as_str()),
        Some("Stop the clock before adjusting it.")
    );
}

#[test]
fn an_event_key_needs_a_player_first() {
    let mut c = with_swim_off();
    typed(&mut c, "g");
    assert_eq!(c.notice.as_ref().map(|n| n.text.as_str()), Some(PICK_FIRST));
    assert!(c.editor.is_none());
    typed(&mut c, "w7");
    assert_eq!(
        c.pick,
        Some(Pick {
            side: Side::Home,
            player: Some(107)
        })
    );
    typed(&mut c, "g");
    assert!(c.editor.is_some());
}

#[test]
fn opening_an_event_pauses_a_running_clock_and_cancelling_resumes_it() {
    let mut c = with_swim_off();
    typed(&mut c, " b3x");
    assert_eq!(c.clock.state(), ClockState::Paused);
    typed(&mut c, "⎋");
    assert!(c.editor.is_none());
    assert_eq!(c.clock.state(), ClockState::Running);
}

#[test]
fn a_player_out_of_the_match_cannot_be_picked() {
    let exclusion = |id, minute| {
        event(
            id,
            json!({ "typeId": 704, "periodId": 1200, "minute": minute, "seconds": 0,
                    "exclusion": { "teamId": 1, "typeId": 1000, "excludedPlayerId": 105 } }),
        )
    };
    let events = vec![exclusion(1, 7), exclusion(2, 6), exclusion(3, 5)];
    let mut c = Console::new(game(), events, Vec::new());
    assert_eq!(c.log.exclusions_of(105).len(), 3);
    typed(&mut c, "w5");
    assert_eq!(c.pick, None);
    assert_eq!(
        c.notice.as_ref().map(|n| n.text.as_str()),
        Some("Cap 5 of white is out of the match.")
    );
}

#[test]
fn undo_asks_then_deletes_the_periods_last_event() {
    let mut c = with_swim_off();
    typed(&mut c, "u");
    assert!(matches!(&c.prompt, Some(Prompt::Delete(row)) if row.view.id == 1));
    assert_eq!(typed(&mut c, "n"), vec![]);
    assert_eq!(c.prompt, None);
    typed(&mut c, "u");
    assert_eq!(
        typed(&mut c, "⏎"),
        vec![Effect::Write(Box::new(Write::Delete {
            target: EventRef::Id(1)
        }))]
    );
    let mut empty = console();
    typed(&mut empty, "u");
    assert_eq!(
        empty.notice.as_ref().map(|n| n.text.as_str()),
        Some(NOTHING_TO_UNDO)
    );
}

#[test]
fn waiting_writes_show_at_once_and_count_in_the_score() {
    let mut c = with_swim_off();
    let goal = EventInput {
        client_id: Some("7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f".into()),
        ..serde_json::from_value(json!({
            "matchId": 7, "typeId": 705, "periodId": 1200, "minute": 6, "seconds": 12,
            "shot": { "teamId": 2, "typeId": 1100, "takenById": 210, "isGoal": true } }))
        .expect("a goal")
    };
    let pending = vec![Pending {
        seq: 1,
        write: Write::Create {
            client_id: "7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f".into(),
            event: goal.clone(),
        },
        refused: None,
    }];
    c.step(Action::Journal(pending.clone()));
    assert_eq!(c.log.rows.iter().filter(|r| r.waiting.is_some()).count(), 1);
    assert_eq!((c.log.score.home_total(), c.log.score.away_total()), (0, 1));
    assert!(!c.follows_published);
    // The hub tells of the same event before the journal hears it was sent: one row.
    let mut sent = event(2, serde_json::to_value(&goal).expect("json"));
    sent.client_id = goal.client_id.clone();
    let mut score = c.game.score.clone();
    score.away_q1 = 1;
    score.away_team_goals_total = 1;
    score.revision = 1;
    c.step(hub(GroupMessage::Event(EventMessage {
        action: WriteAction::Created,
        event: EventBody::Whole(Box::new(sent)),
        score,
    })));
    assert_eq!(c.log.rows.len(), 2);
    assert!(c.log.rows.iter().all(|r| r.waiting.is_none()));
    assert_eq!(c.game.score.away_team_goals_total, 1);
}

#[test]
fn a_refused_write_shows_its_message_and_delete_drops_it() {
    let mut c = with_swim_off();
    let write = Write::Delete {
        target: EventRef::Id(1),
    };
    c.step(Action::Journal(vec![Pending {
        seq: 4,
        write,
        refused: Some("You do not have permission to do this.".into()),
    }]));
    let rows = c.period_rows();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        rows[0].waiting.as_ref().and_then(|w| w.refused.as_deref()),
        Some("You do not have permission to do this.")
    );
    typed(&mut c, "↓⌦");
    assert_eq!(typed(&mut c, "y"), vec![Effect::Drop(4)]);
}

#[test]
fn quitting_asks_only_while_writes_wait() {
    assert_eq!(typed(&mut console(), "q"), vec![Effect::Quit]);
    let mut c = console();
    c.step(Action::Journal(vec![Pending {
        seq: 1,
        write: Write::Delete {
            target: EventRef::Id(9),
        },
        refused: Some("gone".into()),
    }]));
    assert_eq!(typed(&mut c, "q"), vec![]);
    assert_eq!(c.prompt, Some(Prompt::Quit { waiting: 1 }));
    assert_eq!(typed(&mut c, "y"), vec![Effect::Quit]);
}

/// The sample match, finished: its log is ready to confirm.
fn finished() -> polodesk_domain::views::matches::MatchView {
    let mut game = game();
    game.score.status_id = MatchStatus::Finished;
    game
}

#[test]
fn confirming_waits_for_the_finish_and_finishing_comes_once() {
    let mut c = console();
    typed(&mut c, "P");
    assert_eq!(c.prompt, None);
    assert_eq!(
        c.notice.as_ref().map(|n| n.text.as_str()),
        Some(polodesk_domain::matches::NOT_FINISHED)
    );
    let mut c = Console::new(finished(), Vec::new(), Vec::new());
    typed(&mut c, "F");
    assert_eq!(c.prompt, None);
    assert_eq!(
        c.notice.as_ref().map(|n| n.text.as_str()),
        Some(ALREADY_FINISHED)
    );
}

#[test]
fn a_wrong_pin_keeps_the_form_open_with_the_servers_message() {
    let mut c = Console::new(finished(), Vec::new(), Vec::new());
    typed(&mut c, "P1234⏎");
    let Some(Prompt::Confirm(form)) = &c.prompt else {
        panic!("the form waits for the answer");
    };
    assert!(form.sending);
    // Keys wait for the answer.
    assert_eq!(typed(&mut c, "5⏎"), vec![]);
    c.step(Action::Confirmed(Err("Wrong PIN!".into())));
    let Some(Prompt::Confirm(form)) = &c.prompt else {
        panic!("the form stays open");
    };
    assert_eq!(
        (form.sending, form.error.as_deref(), form.pin.as_str()),
        (false, Some("Wrong PIN!"), "")
    );
    assert_eq!(
        typed(&mut c, "1413⏎"),
        vec![Effect::ConfirmLog {
            match_official_id: 1,
            pin: "1413".into()
        }]
    );
    c.step(Action::Confirmed(Ok(())));
    assert_eq!(c.prompt, None);
    assert_eq!(
        c.notice.as_ref().map(|n| n.text.as_str()),
        Some(LOG_CONFIRMED)
    );
}

#[test]
fn an_official_who_confirmed_is_passed_over() {
    let mut game = finished();
    game.officials[0].confirmed = true;
    let mut c = Console::new(game, Vec::new(), Vec::new());
    typed(&mut c, "P");
    let Some(Prompt::Confirm(form)) = &c.prompt else {
        panic!("the PIN form opens");
    };
    assert_eq!(form.selected, 1, "the one still to confirm");
    typed(&mut c, "↑");
    let Some(Prompt::Confirm(form)) = &c.prompt else {
        panic!("the PIN form stays open");
    };
    assert_eq!(form.selected, 1, "the confirmed one is not chosen");
}

#[test]
fn the_pin_form_checks_the_specs_rules_before_sending() {
    let mut c = Console::new(finished(), Vec::new(), Vec::new());
    typed(&mut c, "P");
    let Some(Prompt::Confirm(form)) = &c.prompt else {
        panic!("the PIN form opens");
    };
    assert_eq!(form.officials.len(), 2);
    typed(&mut c, "141⏎");
    let Some(Prompt::Confirm(form)) = &c.prompt else {
        panic!("the PIN form stays open");
    };
    assert_eq!(form.error.as_deref(), Some("Too short PIN!"));
    assert_eq!(form.masked(), "•••");
    assert_eq!(
        typed(&mut c, "↓3⏎"),
        vec![Effect::ConfirmLog {
            match_official_id: 2,
            pin: "1413".into()
        }]
    );
}

#[test]
fn a_competition_without_pins_confirms_for_the_official_chosen() {
    let mut game = finished();
    game.log_pin_required = false;
    let mut c = Console::new(game, Vec::new(), Vec::new());
    typed(&mut c, "P");
    let Some(Prompt::Confirm(form)) = &c.prompt else {
        panic!("the form opens");
    };
    assert!(!form.pin_required);
    // Digits are not a PIN here: nothing is typed, and Enter confirms.
    assert_eq!(typed(&mut c, "12"), vec![]);
    assert_eq!(
        typed(&mut c, "↓⏎"),
        vec![Effect::ConfirmLog {
            match_official_id: 2,
            pin: String::new()
        }]
    );
}

#[test]
fn finish_asks_first() {
    let mut c = console();
    assert_eq!(typed(&mut c, "F"), vec![]);
    assert_eq!(typed(&mut c, "⏎"), vec![Effect::FinishMatch]);
}

#[test]
fn next_period_resets_the_clock_and_stops_at_overtime() {
    let mut c = with_swim_off();
    typed(&mut c, "{n");
    assert_eq!(c.clock.clock.period, Period::Second);
    assert_eq!(c.clock.clock.remaining_seconds, 480);
    typed(&mut c, "nnnn");
    assert_eq!(c.clock.clock.period, Period::Overtime);
    assert_eq!(
        c.notice.as_ref().map(|n| n.text.as_str()),
        Some(LAST_PERIOD)
    );
}

#[test]
fn a_published_clock_is_followed_until_the_console_changes_its_own() {
    let mut c = with_swim_off();
    let published = polodesk_domain::live::Clock {
        period: Period::First,
        remaining_seconds: 300,
        state: ClockState::Stopped,
        running_since: None,
    };
    c.step(hub(GroupMessage::Clock(published.clone())));
    assert_eq!(c.clock.clock.remaining_seconds, 300);
    typed(&mut c, "[");
    c.step(hub(GroupMessage::Clock(published)));
    assert_eq!(c.clock.clock.remaining_seconds, 299);
}

#[test]
fn a_running_clock_from_the_hub_has_run_on_since_its_start() {
    let mut c = with_swim_off();
    // Started at 7:38 left, 24 s before the message is read (AT): 7:14 now, not 7:38.
    let published = polodesk_domain::live::Clock {
        period: Period::First,
        remaining_seconds: 458,
        state: ClockState::Running,
        running_since: Some("2026-11-24T18:29:36.000Z".into()),
    };
    c.step(hub(GroupMessage::Clock(published)));
    assert_eq!(c.clock.clock.remaining_seconds, 434);
    assert_eq!(c.clock.clock.state, ClockState::Running);
}

#[test]
fn the_secretarys_keys_are_read_as_the_grammars() {
    let mut c = with_swim_off();
    c.keymap = crate::keymap::Keymap::parse("[keys]\ngoal = \"j\"\nstart_stop = \"k\"\n")
        .expect("a valid map");
    typed(&mut c, "g");
    assert_eq!(
        c.notice.as_ref().map(|n| n.text.as_str()),
        Some("g is not a console key: ? shows them.")
    );
    typed(&mut c, "w7j");
    assert!(c.editor.is_some());
    typed(&mut c, "⎋k");
    assert_eq!(c.clock.state(), ClockState::Running);
}

//! How long the console takes to draw a frame and to handle a key (issue #15: a frame at
//! 160×48 with 300 events within 2 ms). The match has 300 events in the period on screen, so
//! the event list, the lineups' exclusion boxes and the score are computed over all of them.

use criterion::{Criterion, criterion_group, criterion_main};
use polodesk_tui::grammar::Key;
use polodesk_tui::sample::{event, game};
use polodesk_tui::state::{Action, Console};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use serde_json::json;

const EVENTS: u64 = 300;

/// Shots, turnovers and exclusions by both sides, a second or so apart.
fn console() -> Console {
    let events = (1..=EVENTS)
        .map(|i| {
            let remaining = 480 - (i * 479 / EVENTS);
            let (team, other) = if i % 2 == 0 { (1, 2) } else { (2, 1) };
            let cap = 2 + i % 11;
            let time =
                json!({ "periodId": 1200, "minute": remaining / 60, "seconds": remaining % 60 });
            let mut body = match i % 3 {
                0 => json!({ "typeId": 705, "shot": { "teamId": team, "typeId": 1100,
                    "takenById": team * 100 + cap, "isGoal": i % 6 == 0 } }),
                1 => json!({ "typeId": 703, "turnover": { "teamId": team, "typeId": 900,
                    "lostPossesionPlayerId": team * 100 + cap,
                    "wonPossesionPlayerId": other * 100 + cap } }),
                _ => json!({ "typeId": 704, "exclusion": { "teamId": team, "typeId": 1000,
                    "excludedPlayerId": team * 100 + 2 + i % 2 } }),
            };
            for (key, value) in time.as_object().into_iter().flatten() {
                body[key] = value.clone();
            }
            event(i, body)
        })
        .collect();
    Console::new(game(), events, Vec::new())
}

fn frame(c: &mut Criterion) {
    let console = console();
    assert_eq!(console.period_rows().len(), EVENTS as usize);
    let mut terminal = Terminal::new(TestBackend::new(160, 48)).expect("a test terminal");
    c.bench_function("draw 160x48, 300 events", |b| {
        b.iter(|| {
            terminal
                .draw(|f| polodesk_tui::view::draw(f, &console))
                .expect("drawn");
        });
    });
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
    c.bench_function("draw 80x24, 300 events", |b| {
        b.iter(|| {
            terminal
                .draw(|f| polodesk_tui::view::draw(f, &console))
                .expect("drawn");
        });
    });
    c.bench_function("key: pick a player and open a goal, 300 events", |b| {
        b.iter_batched(
            || console.clone(),
            |mut console| {
                for key in [Key::Char('w'), Key::Char('7'), Key::Char('g')] {
                    console.step(Action::Key {
                        key,
                        at: "2026-11-24T18:30:00.000Z".to_owned(),
                    });
                }
                console
            },
            criterion::BatchSize::SmallInput,
        );
    });
}

criterion_group!(benches, frame);
criterion_main!(benches);

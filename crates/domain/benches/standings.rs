//! Standings after each event of a 20-team double round robin (issue #6): 380 finished matches
//! of 200 events each. Incremental: one match's result changes (`StandingsBook::set_result`),
//! then the three tables. From scratch: every match's score recomputed from its 200 events
//! (`events::score`), then the three tables.

use criterion::{Criterion, criterion_group, criterion_main};
use polodesk_domain::codes::{Period, ShotType};
use polodesk_domain::dates::Instant;
use polodesk_domain::events::{self, Event, EventDetail, EventFields, Shot};
use polodesk_domain::matches::{MatchFields, MatchState};
use polodesk_domain::standings::{self, Entry, MatchResult, PointsRule, StandingsBook};

const TEAMS: u64 = 20;
const EVENTS_PER_MATCH: u64 = 200;

/// A fixed pseudo-random sequence (Knuth's MMIX LCG), as xtask's benchmarks use.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

struct Season {
    entries: Vec<Entry>,
    /// Each match with its log.
    matches: Vec<(u64, MatchState, Vec<Event>)>,
}

fn season() -> Season {
    let entries = (1..=TEAMS)
        .map(|team_id| Entry {
            team_id,
            disqualified: false,
            name: format!("VK {team_id}"),
        })
        .collect();
    let mut lcg = Lcg(6);
    let mut matches = Vec::new();
    let mut event_id = 0;
    for home in 1..=TEAMS {
        for away in (1..=TEAMS).filter(|&away| away != home) {
            let match_id = matches.len() as u64 + 1;
            let state = MatchState::new(MatchFields::new(
                home,
                away,
                1,
                Instant(1_790_000_000 + match_id as i64 * 3_600),
            ));
            // 200 shots, about one in eight a goal: a 12:13-like score.
            let log = (0..EVENTS_PER_MATCH)
                .map(|i| {
                    event_id += 1;
                    let team_id = if lcg.below(2) == 0 { home } else { away };
                    Event {
                        id: event_id,
                        fields: EventFields {
                            match_id,
                            period_id: [
                                Period::First,
                                Period::Second,
                                Period::Third,
                                Period::Fourth,
                            ][(i * 4 / EVENTS_PER_MATCH) as usize],
                            minute: (7 - (i % 50) * 8 / 50) as u8,
                            seconds: lcg.below(60) as u8,
                            client_id: None,
                            paired_event_id: None,
                            detail: EventDetail::Shot({
                                // Shooter first: the draws the measured season was made with.
                                let by = team_id * 100 + lcg.below(13);
                                Shot {
                                    is_goal: lcg.below(8) == 0,
                                    ..Shot::new(team_id, ShotType::RegularAttack, by)
                                }
                            }),
                        },
                    }
                })
                .collect();
            matches.push((match_id, state, log));
        }
    }
    Season { entries, matches }
}

fn bench(c: &mut Criterion) {
    let season = season();
    assert_eq!(season.matches.len(), 380);
    let points = PointsRule::default();

    let mut book = StandingsBook::new(season.entries.clone(), points);
    let mut scored: Vec<MatchState> = Vec::new();
    for (id, state, log) in &season.matches {
        let mut state = state.clone();
        state.score = events::score(&state, log);
        book.set_result(*id, Some(state.result()));
        scored.push(state);
    }
    let mut next = 0usize;
    c.bench_function(
        "standings: one result changed (set_result + standings)",
        |b| {
            b.iter(|| {
                // A goal more for the home side of the next match, as after one event.
                next = (next + 1) % scored.len();
                let mut changed = scored[next].result();
                changed.home_goals += 1;
                book.set_result(season.matches[next].0, Some(changed));
                book.standings()
            })
        },
    );

    c.bench_function(
        "standings: from scratch (380 scores from 200 events each + standings)",
        |b| {
            b.iter(|| {
                let results: Vec<MatchResult> = season
                    .matches
                    .iter()
                    .map(|(_, state, log)| {
                        let mut state = state.clone();
                        state.score = events::score(&state, log);
                        state.result()
                    })
                    .collect();
                standings::standings(&season.entries, &results, points)
            })
        },
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);

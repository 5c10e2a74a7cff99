//! Statistics against matches counted by hand: the events are written out below, numbered in
//! comments (#1, #2, ...), and every expected number names the events it comes from.

use super::*;
use crate::codes::{CardType, Period, Position};
use crate::events::{Card, Exclusion, SwimOff, TeamCall, Turnover};
use crate::test_events::{self, event};

fn lineup(rows: &[(u64, u64, u8)]) -> Vec<MatchPlayer> {
    rows.iter()
        .enumerate()
        .map(|(i, &(team_id, player_id, number))| MatchPlayer {
            id: i as u64 + 1,
            team_id,
            player_id,
            position_id: if number == 1 {
                Position::Goalkeeper
            } else {
                Position::Driver
            },
            number,
            cap_number: number,
        })
        .collect()
}

/// A shot; `how` lists the extras: "goal", "fb" (fast break), "dff" (direct from foul),
/// "blocked:ID", "saved:ID", "assist:ID".
fn shot(team_id: u64, by: u64, type_id: ShotType, how: &[&str]) -> EventDetail {
    let id = |prefix: &str| {
        how.iter()
            .find_map(|h| h.strip_prefix(prefix))
            .map(|v| v.parse::<u64>().unwrap())
    };
    EventDetail::Shot(Shot {
        type_id,
        blocked_by_id: id("blocked:"),
        assisted_by_id: id("assist:"),
        saved_by_id: id("saved:"),
        is_fast_break: how.contains(&"fb"),
        is_direct_from_foul: how.contains(&"dff"),
        ..test_events::shot(team_id, by, how.contains(&"goal"))
    })
}

fn swim_off(home: u64, away: u64, winner: u64, winner_team: u64) -> EventDetail {
    EventDetail::SwimOff(SwimOff {
        home_team_swimmer_id: home,
        away_team_swimmer_id: away,
        winner_swimmer_id: winner,
        winner_team_id: winner_team,
    })
}

fn turnover(
    team_id: u64,
    type_id: TurnoverType,
    lost: Option<u64>,
    won: Option<u64>,
) -> EventDetail {
    EventDetail::Turnover(Turnover {
        team_id,
        type_id,
        lost_possesion_player_id: lost,
        won_possesion_player_id: won,
    })
}

fn exclusion(
    team_id: u64,
    type_id: ExclusionType,
    player: Option<u64>,
    coach: Option<u64>,
    fouled: Option<u64>,
    double: bool,
) -> EventDetail {
    EventDetail::Exclusion(Exclusion {
        team_id,
        type_id,
        excluded_player_id: player,
        excluded_coach_id: coach,
        fouled_player_id: fouled,
        is_penalty_exclusion: type_id == ExclusionType::Penalty,
        is_double_exclusion: double,
        location_x: None,
        location_y: None,
    })
}

/// Match A (100): team 1 (keeper 10; 11, 12, 13) at home to team 2 (keeper 20; 21, 22).
fn match_a() -> (Vec<MatchPlayer>, Vec<Event>) {
    use EventDetail::{Card as C, Timeout};
    use ExclusionType as X;
    use Period::*;
    use ShotType::*;
    use TurnoverType as T;
    let players = lineup(&[
        (1, 10, 1),
        (1, 11, 2),
        (1, 12, 3),
        (1, 13, 4),
        (2, 20, 1),
        (2, 21, 2),
        (2, 22, 3),
    ]);
    let details = vec![
        /* #1 */ (First, swim_off(11, 21, 11, 1)),
        /* #2 */ (First, shot(1, 11, RegularAttack, &["goal", "assist:12"])),
        /* #3 */ (First, shot(2, 21, RegularAttack, &["saved:10"])),
        /* #4 */
        (
            First,
            exclusion(2, X::Exclusion, Some(22), None, Some(12), false),
        ),
        /* #5 */ (First, shot(1, 12, PowerPlay, &["goal"])),
        /* #6 */ (First, turnover(1, T::LostBall, Some(11), Some(21))),
        /* #7 */ (First, shot(2, 22, RegularAttack, &["goal", "fb"])),
        /* #8 */ (Second, swim_off(11, 21, 21, 2)),
        /* #9 */ (Second, shot(1, 11, RegularAttack, &["blocked:22"])),
        /* #10 */
        (
            Second,
            exclusion(1, X::Exclusion, Some(13), None, Some(21), true),
        ),
        /* #11 */
        (
            Second,
            exclusion(2, X::Exclusion, Some(21), None, Some(13), true),
        ),
        /* #12 */ (Second, shot(1, 11, Penalty, &["saved:20"])),
        /* #13 */
        (
            Second,
            exclusion(1, X::Penalty, Some(11), None, Some(22), false),
        ),
        /* #14 */ (Second, shot(2, 22, Penalty, &["goal"])),
        /* #15 */ (Third, turnover(2, T::OffensiveFoul, Some(21), None)),
        /* #16 */
        (
            Third,
            shot(1, 11, RegularAttack, &["goal", "dff", "assist:13"]),
        ),
        /* #17 */
        (
            Third,
            exclusion(1, X::Exclusion, None, Some(15), None, false),
        ),
        /* #18 */ (Third, turnover(1, T::ClockExpired, None, None)),
        /* #19 */
        (
            Third,
            C(Card {
                team_id: 2,
                type_id: CardType::Yellow,
                carded_player_id: None,
                carded_coach_id: Some(25),
            }),
        ),
        /* #20 */ (Third, Timeout(TeamCall { team_id: 1 })),
        /* #21 */ (Fourth, swim_off(12, 21, 12, 1)),
        /* #22 */ (Fourth, shot(2, 21, PowerPlay, &["blocked:13"])),
        /* #23 */ (Fourth, shot(1, 12, RegularAttack, &["fb", "saved:20"])),
        /* #24 */ (Fourth, turnover(2, T::BallUnder, Some(22), Some(11))),
        /* #25 */
        (
            Fourth,
            exclusion(2, X::Suspension, Some(20), None, Some(11), false),
        ),
    ];
    let events = details
        .into_iter()
        .enumerate()
        .map(|(i, (period, detail))| event(100, i as u64 + 1, period, detail))
        .collect();
    (players, events)
}

/// Match B (101): team 3 (30, 31) at home to team 1 (keeper 10; 11).
fn match_b() -> (Vec<MatchPlayer>, Vec<Event>) {
    let players = lineup(&[(3, 30, 1), (3, 31, 2), (1, 10, 1), (1, 11, 2)]);
    let events = vec![
        /* #26 */
        event(
            101,
            26,
            Period::First,
            shot(3, 31, ShotType::RegularAttack, &["goal"]),
        ),
        /* #27 */
        event(
            101,
            27,
            Period::Overtime,
            shot(1, 11, ShotType::PenaltyShootout, &["goal"]),
        ),
        /* #28 */
        event(
            101,
            28,
            Period::First,
            turnover(3, TurnoverType::LostBall, Some(30), Some(11)),
        ),
    ];
    (players, events)
}

/// Match C (102): team 2 (keeper 20; 21) at home to team 3 (30); neither team 1 nor player 11.
fn match_c() -> (Vec<MatchPlayer>, Vec<Event>) {
    let players = lineup(&[(2, 20, 1), (2, 21, 2), (3, 30, 1)]);
    let events = vec![
        /* #29 */
        event(
            102,
            29,
            Period::First,
            shot(2, 21, ShotType::RegularAttack, &["goal"]),
        ),
        /* #30 */
        event(
            102,
            30,
            Period::First,
            shot(3, 30, ShotType::RegularAttack, &["saved:20"]),
        ),
    ];
    (players, events)
}

/// Match D (103): team 1 against team 2 with lineups (11 and 20 in them) but no event yet.
fn match_d() -> (Vec<MatchPlayer>, Vec<Event>) {
    (lineup(&[(1, 11, 2), (2, 20, 1)]), vec![])
}

struct Logs {
    a: (Vec<MatchPlayer>, Vec<Event>),
    b: (Vec<MatchPlayer>, Vec<Event>),
    c: (Vec<MatchPlayer>, Vec<Event>),
    d: (Vec<MatchPlayer>, Vec<Event>),
}

impl Logs {
    fn new() -> Self {
        Logs {
            a: match_a(),
            b: match_b(),
            c: match_c(),
            d: match_d(),
        }
    }

    fn all(&self) -> Vec<MatchLog<'_>> {
        vec![
            log(1, 2, &self.a),
            log(3, 1, &self.b),
            log(2, 3, &self.c),
            log(1, 2, &self.d),
        ]
    }
}

fn log(home: u64, away: u64, (players, events): &(Vec<MatchPlayer>, Vec<Event>)) -> MatchLog<'_> {
    MatchLog {
        home_team_id: home,
        away_team_id: away,
        players,
        events,
    }
}

fn count(shots: u32, goals: u32, missed: u32) -> ShotCount {
    ShotCount {
        shots,
        goals,
        missed,
    }
}

#[test]
fn a_field_player_over_two_matches() {
    let logs = Logs::new();
    let stats = player_stats(11, &logs.all());
    let expected = Stats {
        // A and B (lineup); not C (not in it), not D (no event yet).
        matches: 2,
        shots: ShotStats {
            // #2, #9, #12, #16, #27.
            total_shots: 5,
            // #2, #16, #27.
            goals: 3,
            // #9, #12.
            missed: 2,
            by_action: ShotsByAction {
                // #2 goal, #9 blocked, #16 goal.
                regular_attack: count(3, 2, 1),
                // #12 saved.
                penalty: count(1, 0, 1),
                power_play: count(0, 0, 0),
                // #27 goal.
                penalty_shootout: count(1, 1, 0),
            },
            fast_break: count(0, 0, 0),
            // #16 goal.
            direct_from_foul: count(1, 1, 0),
            // #9.
            blocked: 1,
            // #12.
            saved: 1,
            // 11 assisted nobody (#2 was assisted by 12, #16 by 13).
            assisted: 0,
            blocks: 0,
            saves: 0,
        },
        // Won #1; swam and lost #8; not in #21.
        swimoffs: SwimOffStats {
            total_wins: 1,
            total_loses: 1,
        },
        turnovers: TurnoverStats {
            // #6 Lost_Ball.
            lost: 1,
            // #24 Ball_Under, #28 Lost_Ball.
            won: 2,
            lost_by_type: TurnoverCounts {
                lost_ball: 1,
                ..TurnoverCounts::default()
            },
            won_by_type: TurnoverCounts {
                lost_ball: 1,
                ball_under: 1,
                ..TurnoverCounts::default()
            },
        },
        exclusions: ExclusionStats {
            // #13 Penalty.
            total: 1,
            by_type: ExclusionCounts {
                penalty: 1,
                ..ExclusionCounts::default()
            },
            // #25 Suspension of 20 on 11.
            drawn_total: 1,
            drawn_by_type: ExclusionCounts {
                suspension: 1,
                ..ExclusionCounts::default()
            },
        },
    };
    assert_eq!(stats, expected);
}

#[test]
fn an_assistant_and_a_double_exclusion() {
    let logs = Logs::new();
    let twelve = player_stats(12, &logs.all());
    // A only.
    assert_eq!(twelve.matches, 1);
    // #5 power play goal, #23 fast break saved.
    assert_eq!(
        (
            twelve.shots.total_shots,
            twelve.shots.goals,
            twelve.shots.missed
        ),
        (2, 1, 1)
    );
    assert_eq!(twelve.shots.by_action.power_play, count(1, 1, 0));
    assert_eq!(twelve.shots.by_action.regular_attack, count(1, 0, 1));
    assert_eq!(twelve.shots.fast_break, count(1, 0, 1));
    assert_eq!(twelve.shots.saved, 1);
    // Assisted #2.
    assert_eq!(twelve.shots.assisted, 1);
    // Won #21.
    assert_eq!(twelve.swimoffs.total_wins, 1);
    // Drew #4.
    assert_eq!(twelve.exclusions.drawn_total, 1);
    assert_eq!(twelve.exclusions.drawn_by_type.exclusion, 1);

    // 13: one half of the double exclusion (#10) committed, the other (#11) drawn; blocked #22;
    // assisted #16.
    let thirteen = player_stats(13, &logs.all());
    assert_eq!(thirteen.exclusions.total, 1);
    assert_eq!(thirteen.exclusions.drawn_total, 1);
    assert_eq!(thirteen.shots.blocks, 1);
    assert_eq!(thirteen.shots.assisted, 1);
    assert_eq!(thirteen.shots.total_shots, 0);

    // 21: the mirror of 13 (#11 committed, #10 drawn).
    let twenty_one = player_stats(21, &logs.all());
    assert_eq!(twenty_one.matches, 2, "A and C");
    assert_eq!(
        (
            twenty_one.exclusions.total,
            twenty_one.exclusions.drawn_total
        ),
        (1, 1)
    );
    // #3 saved, #22 blocked, #29 goal.
    assert_eq!(twenty_one.shots.by_action.regular_attack, count(2, 1, 1));
    assert_eq!(twenty_one.shots.by_action.power_play, count(1, 0, 1));
    assert_eq!((twenty_one.shots.blocked, twenty_one.shots.saved), (1, 1));
    // Lost #1 and #21, won #8.
    assert_eq!(
        twenty_one.swimoffs,
        SwimOffStats {
            total_wins: 1,
            total_loses: 2
        }
    );
    // Won #6 (Lost_Ball); lost #15 (Offensive_Foul).
    assert_eq!(
        (twenty_one.turnovers.won, twenty_one.turnovers.lost),
        (1, 1)
    );
    assert_eq!(twenty_one.turnovers.lost_by_type.offensive_foul, 1);
    assert_eq!(twenty_one.turnovers.won_by_type.lost_ball, 1);
}

#[test]
fn a_goalkeeper() {
    let logs = Logs::new();
    let stats = player_stats(20, &logs.all());
    let expected = Stats {
        // A and C; D has no event.
        matches: 2,
        shots: ShotStats {
            // #12, #23, #30.
            saves: 3,
            ..ShotStats::default()
        },
        exclusions: ExclusionStats {
            // #25.
            total: 1,
            by_type: ExclusionCounts {
                suspension: 1,
                ..ExclusionCounts::default()
            },
            ..ExclusionStats::default()
        },
        ..Stats::default()
    };
    assert_eq!(stats, expected);
}

#[test]
fn the_home_team_over_its_matches() {
    let logs = Logs::new();
    let stats = team_stats(1, &logs.all());
    let expected = Stats {
        // A and B; not C (team 1 does not play), not D (no event).
        matches: 2,
        shots: ShotStats {
            // A: #2, #5, #9, #12, #16, #23; B: #27.
            total_shots: 7,
            // #2, #5, #16, #27.
            goals: 4,
            // #9, #12, #23.
            missed: 3,
            by_action: ShotsByAction {
                // #2 goal, #9 blocked, #16 goal, #23 saved.
                regular_attack: count(4, 2, 2),
                // #12 saved.
                penalty: count(1, 0, 1),
                // #5 goal.
                power_play: count(1, 1, 0),
                // #27 goal.
                penalty_shootout: count(1, 1, 0),
            },
            // #23 saved.
            fast_break: count(1, 0, 1),
            // #16 goal.
            direct_from_foul: count(1, 1, 0),
            // #9.
            blocked: 1,
            // #12, #23.
            saved: 2,
            // #2 (by 12), #16 (by 13).
            assisted: 2,
            // Team 2's #22 blocked by 13.
            blocks: 1,
            // Team 2's #3 saved by 10.
            saves: 1,
        },
        // Won #1 and #21, lost #8.
        swimoffs: SwimOffStats {
            total_wins: 2,
            total_loses: 1,
        },
        turnovers: TurnoverStats {
            // #6 Lost_Ball, #18 Clock_Expired (nobody named).
            lost: 2,
            // Team 2's #15 Offensive_Foul (nobody won it) and #24 Ball_Under; team 3's #28
            // Lost_Ball.
            won: 3,
            lost_by_type: TurnoverCounts {
                lost_ball: 1,
                clock_expired: 1,
                ..TurnoverCounts::default()
            },
            won_by_type: TurnoverCounts {
                lost_ball: 1,
                offensive_foul: 1,
                ball_under: 1,
                clock_expired: 0,
            },
        },
        exclusions: ExclusionStats {
            // #10 (13, double), #13 (11, Penalty), #17 (coach 15).
            total: 3,
            by_type: ExclusionCounts {
                exclusion: 2,
                penalty: 1,
                ..ExclusionCounts::default()
            },
            // Team 2's #4, #11 (the double's mirror), #25 Suspension.
            drawn_total: 3,
            drawn_by_type: ExclusionCounts {
                exclusion: 2,
                suspension: 1,
                ..ExclusionCounts::default()
            },
        },
    };
    assert_eq!(stats, expected);
}

#[test]
fn the_away_team_over_its_matches() {
    let logs = Logs::new();
    let stats = team_stats(2, &logs.all());
    let expected = Stats {
        // A and C; D has no event.
        matches: 2,
        shots: ShotStats {
            // A: #3, #7, #14, #22; C: #29.
            total_shots: 5,
            // #7, #14, #29.
            goals: 3,
            // #3, #22.
            missed: 2,
            by_action: ShotsByAction {
                // #3 saved, #7 goal, #29 goal.
                regular_attack: count(3, 2, 1),
                // #14 goal.
                penalty: count(1, 1, 0),
                // #22 blocked.
                power_play: count(1, 0, 1),
                penalty_shootout: count(0, 0, 0),
            },
            // #7 goal.
            fast_break: count(1, 1, 0),
            direct_from_foul: count(0, 0, 0),
            // #22.
            blocked: 1,
            // #3.
            saved: 1,
            assisted: 0,
            // Team 1's #9 blocked by 22.
            blocks: 1,
            // Team 1's #12 and #23, team 3's #30, all saved by 20.
            saves: 3,
        },
        // Won #8, lost #1 and #21.
        swimoffs: SwimOffStats {
            total_wins: 1,
            total_loses: 2,
        },
        turnovers: TurnoverStats {
            // #15 Offensive_Foul, #24 Ball_Under.
            lost: 2,
            // Team 1's #6 Lost_Ball and #18 Clock_Expired.
            won: 2,
            lost_by_type: TurnoverCounts {
                offensive_foul: 1,
                ball_under: 1,
                ..TurnoverCounts::default()
            },
            won_by_type: TurnoverCounts {
                lost_ball: 1,
                clock_expired: 1,
                ..TurnoverCounts::default()
            },
        },
        exclusions: ExclusionStats {
            // #4, #11, #25 Suspension.
            total: 3,
            by_type: ExclusionCounts {
                exclusion: 2,
                suspension: 1,
                ..ExclusionCounts::default()
            },
            // Team 1's #10, #13 Penalty, #17 (its coach).
            drawn_total: 3,
            drawn_by_type: ExclusionCounts {
                exclusion: 2,
                penalty: 1,
                ..ExclusionCounts::default()
            },
        },
    };
    assert_eq!(stats, expected);
}

#[test]
fn nothing_counts_outside_the_matches_given() {
    let logs = Logs::new();
    assert_eq!(team_stats(9, &logs.all()), Stats::default());
    assert_eq!(player_stats(99, &logs.all()), Stats::default());
    assert_eq!(team_stats(1, &[]), Stats::default());
    // The match filter: only match B.
    let b = &logs.all()[1..2];
    let eleven = player_stats(11, b);
    assert_eq!(eleven.matches, 1);
    assert_eq!(eleven.shots.total_shots, 1, "#27");
    assert_eq!(eleven.turnovers.won, 1, "#28");
}

#[test]
fn a_match_state_gives_its_log() {
    let (players, events) = match_a();
    let mut state = MatchState::new(crate::matches::MatchFields::new(
        1,
        2,
        3,
        crate::dates::Instant(0),
    ));
    state.players = players;
    let log = MatchLog::new(&state, &events);
    assert_eq!(team_stats(1, &[log]).shots.total_shots, 6);
}

#[test]
fn the_json_names() {
    let json = serde_json::to_value(Stats::default()).unwrap();
    let keys = |v: &serde_json::Value| -> Vec<String> {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(
        keys(&json),
        ["exclusions", "matches", "shots", "swimoffs", "turnovers"]
    );
    assert_eq!(
        keys(&json["shots"]),
        [
            "assisted",
            "blocked",
            "blocks",
            "byAction",
            "directFromFoul",
            "fastBreak",
            "goals",
            "missed",
            "saved",
            "saves",
            "totalShots"
        ]
    );
    assert_eq!(
        keys(&json["shots"]["byAction"]),
        ["penalty", "penaltyShootout", "powerPlay", "regularAttack"]
    );
    assert_eq!(
        keys(&json["shots"]["fastBreak"]),
        ["goals", "missed", "shots"]
    );
    assert_eq!(keys(&json["swimoffs"]), ["totalLoses", "totalWins"]);
    assert_eq!(
        keys(&json["turnovers"]),
        ["lost", "lostByType", "won", "wonByType"]
    );
    assert_eq!(
        keys(&json["turnovers"]["lostByType"]),
        ["ballUnder", "clockExpired", "lostBall", "offensiveFoul"]
    );
    assert_eq!(
        keys(&json["exclusions"]),
        ["byType", "drawnByType", "drawnTotal", "total"]
    );
    assert_eq!(
        keys(&json["exclusions"]["byType"]),
        ["brutality", "exclusion", "penalty", "suspension"]
    );
    let back: Stats = serde_json::from_value(json).unwrap();
    assert_eq!(back, Stats::default());
}

#[test]
fn one_match_in_one_answer_is_each_team_and_each_lineup_player_over_that_match() {
    let logs = Logs::new();
    let this = log(1, 2, &logs.a);
    let answer = match_stats(this);
    assert_eq!(answer.home, team_stats(1, &[this]));
    assert_eq!(answer.away, team_stats(2, &[this]));
    assert_ne!(answer.home, team_stats(1, &logs.all()));
    let expected: Vec<(u64, u64, Stats)> = {
        let mut rows: Vec<&MatchPlayer> = logs.a.0.iter().collect();
        rows.sort_by_key(|p| (p.team_id != 1, p.number));
        rows.iter()
            .map(|p| (p.player_id, p.team_id, player_stats(p.player_id, &[this])))
            .collect()
    };
    let got: Vec<(u64, u64, Stats)> = answer
        .players
        .into_iter()
        .map(|p| (p.player_id, p.team_id, p.stats))
        .collect();
    assert_eq!(got, expected);
    assert_eq!(got.first().map(|row| row.1), Some(1));
    assert_eq!(got.last().map(|row| row.1), Some(2));
}

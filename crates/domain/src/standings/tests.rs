//! Focused checks of the standings: the points rule, ranking and tie-breaks, shootouts,
//! head-to-head and the book of results.

use super::*;

fn entries(ids: &[u64]) -> Vec<Entry> {
    ids.iter()
        .map(|&team_id| Entry {
            team_id,
            disqualified: false,
            name: String::new(),
        })
        .collect()
}

fn result(home: u64, away: u64, goals: (u32, u32)) -> MatchResult {
    MatchResult {
        home_team_id: home,
        away_team_id: away,
        home_goals: goals.0,
        away_goals: goals.1,
        shootout: None,
    }
}

fn shootout(home: u64, away: u64, goals: u32, shootout: (u32, u32)) -> MatchResult {
    MatchResult {
        shootout: Some(shootout),
        ..result(home, away, (goals, goals))
    }
}

/// (team id, rank, tie-break) of every row of one table.
fn places(group: &StandingGroup) -> Vec<(u64, u32, Option<&str>)> {
    group
        .rankings
        .iter()
        .map(|r| (r.team_id, r.rank, r.tie_break.as_deref()))
        .collect()
}

fn overall(entries: &[Entry], matches: &[MatchResult]) -> StandingGroup {
    standings(entries, matches, PointsRule::default())
        .into_iter()
        .next()
        .unwrap()
}

#[test]
fn the_points_rule_defaults_and_travels_in_camel_case() {
    let rule = PointsRule::default();
    assert_eq!(
        (
            rule.win,
            rule.draw,
            rule.loss,
            rule.shootout_win,
            rule.shootout_loss
        ),
        (3, 1, 0, 2, 1)
    );
    assert_eq!(
        serde_json::to_value(rule).unwrap(),
        serde_json::json!({"win": 3, "draw": 1, "loss": 0, "shootoutWin": 2, "shootoutLoss": 1})
    );
    let partial: PointsRule = serde_json::from_str(r#"{"win": 2, "shootoutWin": 0}"#).unwrap();
    assert_eq!(
        partial,
        PointsRule {
            win: 2,
            shootout_win: 0,
            ..PointsRule::default()
        }
    );
}

#[test]
fn the_output_shapes_travel_in_camel_case() {
    let groups = standings(&entries(&[7]), &[], PointsRule::default());
    let types: Vec<_> = groups.iter().map(|g| g.standing_type).collect();
    assert_eq!(types, StandingType::ALL);
    let json = serde_json::to_value(&groups[1]).unwrap();
    assert_eq!(json["standingType"], "Home");
    let row = &json["rankings"][0];
    for key in [
        "teamId",
        "played",
        "won",
        "drawn",
        "lost",
        "shootoutWon",
        "shootoutLost",
        "goalsScored",
        "goalsConceded",
        "goalsDiff",
        "points",
        "rank",
        "tieBreak",
    ] {
        assert!(row.get(key).is_some(), "{key} missing from {row}");
    }
    let back: StandingGroup = serde_json::from_value(json).unwrap();
    assert_eq!(back, groups[1]);
    let matches: MatchResult = serde_json::from_str(
        r#"{"homeTeamId": 1, "awayTeamId": 2, "homeGoals": 9, "awayGoals": 9, "shootout": [5, 4]}"#,
    )
    .unwrap();
    assert_eq!(matches, shootout(1, 2, 9, (5, 4)));
}

#[test]
fn the_points_rule_is_stated_in_words() {
    assert_eq!(
        PointsRule::default().describe(),
        "Points: 3 for a win, 1 for a draw, 0 for a loss, 2 for a shootout win, 1 for a shootout loss."
    );
}

#[test]
fn notes_list_the_teams_and_sign_goal_differences() {
    let names = |n: &[&str]| -> Vec<String> { n.iter().map(|&s| s.to_owned()).collect() };
    assert_eq!(listed(&names(&["VK A"])), "VK A");
    assert_eq!(listed(&names(&["VK A", "VK B"])), "VK A and VK B");
    assert_eq!(
        listed(&names(&["VK A", "VK B", "VK C"])),
        "VK A, VK B and VK C"
    );
    assert_eq!(figure(Rule::HeadToHeadGoalDifference, 2), "+2");
    assert_eq!(figure(Rule::GoalDifference, -12), "−12");
    assert_eq!(figure(Rule::GoalDifference, 0), "0");
    assert_eq!(figure(Rule::GoalsScored, 20), "20");
}

#[test]
fn with_no_results_every_team_shares_first_place() {
    for group in standings(&entries(&[3, 1, 2]), &[], PointsRule::default()) {
        assert_eq!(
            places(&group),
            [
                (
                    1,
                    1,
                    Some("level with team 2 and team 3 on every tie-break")
                ),
                (
                    2,
                    1,
                    Some("level with team 1 and team 3 on every tie-break")
                ),
                (
                    3,
                    1,
                    Some("level with team 1 and team 2 on every tie-break")
                ),
            ]
        );
        assert!(group.rankings.iter().all(|r| r.played == 0));
    }
    assert!(
        standings(&[], &[], PointsRule::default())
            .iter()
            .all(|g| g.rankings.is_empty())
    );
}

#[test]
fn a_level_shootout_is_a_draw_and_a_shootout_after_a_decided_match_is_ignored() {
    let matches = [
        shootout(1, 2, 8, (3, 3)),
        MatchResult {
            shootout: Some((0, 5)),
            ..result(1, 3, (10, 9))
        },
    ];
    let table = overall(&entries(&[1, 2, 3]), &matches);
    let one = &table.rankings[0];
    assert_eq!(one.team_id, 1);
    assert_eq!(
        (one.won, one.drawn, one.shootout_won, one.shootout_lost),
        (1, 1, 0, 0)
    );
    assert_eq!(
        (one.goals_scored, one.goals_conceded, one.points),
        (18, 17, 4)
    );
}

#[test]
fn a_match_against_itself_or_an_unentered_team_is_left_out() {
    let matches = [
        result(1, 1, (5, 0)),
        result(1, 9, (5, 0)),
        result(9, 2, (0, 5)),
    ];
    let table = overall(&entries(&[1, 2]), &matches);
    assert!(
        table
            .rankings
            .iter()
            .all(|r| r.played == 0 && r.points == 0)
    );
}

#[test]
fn a_team_entered_twice_is_ranked_once_and_disqualified_if_either_entry_says_so() {
    let mut teams = entries(&[1, 2, 1]);
    teams[2].disqualified = true;
    let table = overall(&teams, &[result(1, 2, (9, 3))]);
    assert_eq!(places(&table), [(2, 1, None), (1, 2, None)]);
}

#[test]
fn disqualified_teams_are_ranked_among_themselves_by_the_same_rules() {
    // 1 beat 2, 2 beat 3, 3 beat 1: all on 3 points, but 2 and 3 are disqualified.
    let mut teams = entries(&[1, 2, 3]);
    teams[1].disqualified = true;
    teams[2].disqualified = true;
    let matches = [
        result(1, 2, (9, 8)),
        result(2, 3, (7, 6)),
        result(3, 1, (5, 4)),
    ];
    let table = overall(&teams, &matches);
    assert_eq!(
        places(&table),
        [
            (1, 1, None),
            (2, 2, Some("ahead of team 3 on head-to-head points (3–0)")),
            (3, 3, Some("behind team 2 on head-to-head points (0–3)")),
        ]
    );
}

#[test]
fn a_restarted_pair_level_on_everything_shares_the_rank_after_the_team_placed_above_it() {
    // 1, 2, 3 draw each other 5:5 and all beat 4: level up to rule 3. Goal difference
    // places 1 (+5) above 2 and 3 (+1 each), who restart and are level on everything.
    let matches = [
        result(1, 2, (5, 5)),
        result(1, 3, (5, 5)),
        result(2, 3, (5, 5)),
        result(1, 4, (10, 5)),
        result(2, 4, (8, 7)),
        result(4, 3, (7, 8)),
    ];
    let table = overall(&entries(&[1, 2, 3, 4]), &matches);
    assert_eq!(
        places(&table),
        [
            (
                1,
                1,
                Some("ahead of team 2 and team 3 on goal difference (+5 to +1 to +1)")
            ),
            (2, 2, Some("level with team 3 on every tie-break")),
            (3, 2, Some("level with team 2 on every tie-break")),
            (4, 4, None),
        ]
    );
}

#[test]
fn shootout_goals_do_not_count_in_head_to_head_goals() {
    // 1 and 2 drew 6:6 and 1 won the shoot-out 10:0; both beat 3, so both have 4 points and
    // 1–1 head-to-head. Counting shoot-out goals would put 1 first on head-to-head goal
    // difference; without them head-to-head is level and 2's overall +2 beats 1's +1.
    let rule = PointsRule {
        shootout_win: 1,
        shootout_loss: 1,
        ..PointsRule::default()
    };
    let matches = [
        shootout(1, 2, 6, (10, 0)),
        result(1, 3, (9, 8)),
        result(2, 3, (7, 5)),
    ];
    let table = standings(&entries(&[1, 2, 3]), &matches, rule)
        .into_iter()
        .next()
        .unwrap();
    assert_eq!(
        places(&table),
        [
            (2, 1, Some("ahead of team 1 on goal difference (+2 to +1)")),
            (1, 2, Some("behind team 2 on goal difference (+1 to +2)")),
            (3, 3, None),
        ]
    );
    let one = &table.rankings[1];
    assert_eq!(
        (one.points, one.goals_scored, one.goals_conceded),
        (4, 15, 14)
    );
    assert_eq!((one.won, one.shootout_won, one.shootout_lost), (1, 1, 0));
}

#[test]
fn the_book_replaces_and_removes_results_by_match_id() {
    let teams = entries(&[1, 2]);
    let mut book = StandingsBook::new(teams.clone(), PointsRule::default());
    book.set_result(10, Some(result(1, 2, (9, 3))));
    book.set_result(10, Some(result(1, 2, (3, 9))));
    book.set_result(11, Some(result(2, 1, (5, 5))));
    let expected = standings(
        &teams,
        &[result(1, 2, (3, 9)), result(2, 1, (5, 5))],
        PointsRule::default(),
    );
    assert_eq!(book.standings(), expected);
    book.set_result(10, None);
    book.set_result(11, None);
    assert_eq!(
        book.standings(),
        standings(&teams, &[], PointsRule::default())
    );
}

/// A double round robin of 20 teams (380 results) with deterministic scores.
fn league(draws_only: bool) -> (Vec<Entry>, Vec<MatchResult>) {
    let ids: Vec<u64> = (1..=20).collect();
    let mut matches = Vec::new();
    let mut seed: u32 = 7;
    for &home in &ids {
        for &away in &ids {
            if home == away {
                continue;
            }
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let (h, a) = ((seed >> 8) % 12, (seed >> 16) % 12);
            let m = if draws_only {
                result(home, away, (h, h))
            } else if h == a {
                shootout(home, away, h, (5, 4))
            } else {
                result(home, away, (h, a))
            };
            matches.push(m);
        }
    }
    (entries(&ids), matches)
}

#[test]
fn a_full_league_lists_every_team_once_in_every_table() {
    let (teams, matches) = league(false);
    assert_eq!(matches.len(), 380);
    for group in standings(&teams, &matches, PointsRule::default()) {
        let mut ids: Vec<u64> = group.rankings.iter().map(|r| r.team_id).collect();
        ids.sort_unstable();
        assert_eq!(ids, (1..=20).collect::<Vec<_>>());
        assert!(group.rankings.windows(2).all(|w| w[0].rank <= w[1].rank));
        let played: u32 = group.rankings.iter().map(|r| r.played).sum();
        let expected = if group.standing_type == StandingType::Overall {
            760
        } else {
            380
        };
        assert_eq!(played, expected);
    }
}

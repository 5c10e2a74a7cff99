//! Competition standings (spec 02 §3 Standings): the Overall, Home and Away tables of a
//! competition, worked out from its finished results with World Aquatics' tie-break rules.
//!
//! Every ranking is a pure function of the entered teams, the finished results and the
//! competition's points rule, so a caller recomputes the whole table whenever a result changes;
//! [`StandingsBook`] keeps results by match id for callers that want to replace one at a time.
//!
//! # How a table is ranked
//!
//! Each finished match gives each of its two teams a *record*: its goals for and against (regular
//! play only; shoot-out goals never count as goals) and the points its outcome earns under the
//! [`PointsRule`]. The Overall table reads both records of every match, the Home table only the
//! home team's record and the Away table only the away team's record. Every rule below reads
//! records of the table being ranked, so in the Home table "head-to-head" means the tied teams'
//! home matches against each other.
//!
//! Teams are ordered by points. Teams level on points are ordered by the first of these rules
//! that tells them apart:
//!
//! 1. points in the records between the tied teams (head-to-head),
//! 2. goal difference in those records,
//! 3. goals scored in those records,
//! 4. goal difference in all records,
//! 5. goals scored in all records.
//!
//! When a rule separates some but not all of the tied teams, each group still level on that rule
//! starts again from rule 1, reading only the records among that group. Teams level on every
//! rule share the rank (1, 2, 2, 4) and are listed by team id. Disqualified teams come after every
//! other team whatever their points, and are ranked among themselves by the same rules; their
//! matches still count for their opponents.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The points a competition awards for each outcome of a match.
///
/// A missing field takes its default: 3 for a win, 1 for a draw, 0 for a loss, 2 for a shoot-out
/// win and 1 for a shoot-out loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct PointsRule {
    /// A win in regular play.
    pub win: u32,
    /// A level match that had no shoot-out.
    pub draw: u32,
    /// A loss in regular play.
    pub loss: u32,
    /// A level match won in the penalty shoot-out.
    pub shootout_win: u32,
    /// A level match lost in the penalty shoot-out.
    pub shootout_loss: u32,
}

impl Default for PointsRule {
    fn default() -> Self {
        Self {
            win: 3,
            draw: 1,
            loss: 0,
            shootout_win: 2,
            shootout_loss: 1,
        }
    }
}

impl PointsRule {
    /// The rule as the standings state it above their tables.
    pub fn describe(&self) -> String {
        format!(
            "Points: {} for a win, {} for a draw, {} for a loss, {} for a shootout win, {} for a \
             shootout loss.",
            self.win, self.draw, self.loss, self.shootout_win, self.shootout_loss
        )
    }
}

/// A team entered in the competition.
///
/// A team entered twice is ranked once, and is disqualified if any of its entries says so.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    pub team_id: u64,
    pub disqualified: bool,
    /// The team's name, as the tie-break notes name the teams a team was placed against
    /// ("team 7" when empty).
    #[serde(default)]
    pub name: String,
}

impl Entry {
    fn named(&self) -> String {
        if self.name.is_empty() {
            format!("team {}", self.team_id)
        } else {
            self.name.clone()
        }
    }
}

/// The result of one finished match.
///
/// A match naming a team that is not entered, or the same team on both sides, is left out of the
/// standings. A shoot-out score only counts when regular play ended level and the shoot-out has a
/// winner: a level shoot-out score leaves the match a draw, and a shoot-out after a match won in
/// regular play is ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchResult {
    pub home_team_id: u64,
    pub away_team_id: u64,
    /// Goals in regular play (periods and overtime), without the shoot-out.
    pub home_goals: u32,
    pub away_goals: u32,
    /// Penalty shootout goals (home, away) when the match was decided by one.
    pub shootout: Option<(u32, u32)>,
}

/// Which matches a table reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum StandingType {
    /// Every match.
    Overall,
    /// Each team's home matches.
    Home,
    /// Each team's away matches.
    Away,
}

impl StandingType {
    /// The tables in the order [`standings`] returns them.
    pub const ALL: [Self; 3] = [Self::Overall, Self::Home, Self::Away];
}

/// One table: every entered team, in rank order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StandingGroup {
    pub standing_type: StandingType,
    /// In rank order; teams sharing a rank by team id.
    pub rankings: Vec<Ranking>,
}

/// One team's row in a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Ranking {
    pub team_id: u64,
    /// `won + drawn + lost + shootout_won + shootout_lost`.
    pub played: u32,
    /// Wins in regular play.
    pub won: u32,
    /// Level matches without a shoot-out.
    pub drawn: u32,
    /// Losses in regular play.
    pub lost: u32,
    pub shootout_won: u32,
    pub shootout_lost: u32,
    /// Goals in regular play; shoot-out goals are not counted.
    pub goals_scored: u32,
    pub goals_conceded: u32,
    /// `goals_scored - goals_conceded`.
    pub goals_diff: i64,
    pub points: u32,
    /// 1 for the first; teams level on every tie-break share a rank and the next rank is skipped
    /// (1, 2, 2, 4).
    pub rank: u32,
    /// Why this team is placed where it is among teams level on points, read from this row's
    /// side; `None` when it was not level on points with any team (in its part of the table:
    /// disqualified teams are ranked apart).
    ///
    /// The text names the teams of the group the deciding rule was applied to, the rule, then
    /// the figures: this team's first, then the named teams' in the order named. For example
    /// `ahead of VK Šabac on head-to-head points (3–0)` on one row and `behind VK Vojvodina on
    /// head-to-head points (0–3)` on the other; in a group of three, the middle team reads
    /// `behind A and ahead of C on head-to-head points (3–6–0)`. The rules are `head-to-head
    /// points`, `head-to-head goal difference`, `head-to-head goals scored`, `goal difference`
    /// and `goals scored`. Goal differences carry their sign (`+2`, `0`, `−2`, minus sign
    /// U+2212) and are joined by "to" rather than a dash: `(0 to −9)`. When a rule splits a
    /// group only partly, the teams still level restart among themselves, and their text names
    /// that smaller group and its deciding rule. Teams level on every rule read `level with
    /// <teams> on every tie-break`.
    pub tie_break: Option<String>,
}

/// The Overall, Home and Away tables, in that order, each listing every entered team.
pub fn standings(
    entries: &[Entry],
    matches: &[MatchResult],
    points: PointsRule,
) -> Vec<StandingGroup> {
    compute(entries, matches.iter(), points)
}

/// The entries, points rule and finished results of one competition, keyed by match id so that a
/// changed result replaces the old one.
///
/// It holds no derived state: [`StandingsBook::standings`] recomputes every table from the
/// results, which for a 20-team double round robin takes about 25 µs in a release build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsBook {
    entries: Vec<Entry>,
    points: PointsRule,
    results: BTreeMap<u64, MatchResult>,
}

impl StandingsBook {
    pub fn new(entries: Vec<Entry>, points: PointsRule) -> Self {
        Self {
            entries,
            points,
            results: BTreeMap::new(),
        }
    }

    /// Records the result of a match, replacing any earlier result of it; `None` removes it (the
    /// match is no longer finished).
    pub fn set_result(&mut self, match_id: u64, result: Option<MatchResult>) {
        match result {
            Some(result) => {
                self.results.insert(match_id, result);
            }
            None => {
                self.results.remove(&match_id);
            }
        }
    }

    /// The Overall, Home and Away tables, as [`standings`] gives them.
    pub fn standings(&self) -> Vec<StandingGroup> {
        compute(&self.entries, self.results.values(), self.points)
    }
}

/// How a match ended for one team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Won,
    Drawn,
    Lost,
    ShootoutWon,
    ShootoutLost,
}

impl Outcome {
    fn points(self, rule: PointsRule) -> u32 {
        match self {
            Self::Won => rule.win,
            Self::Drawn => rule.draw,
            Self::Lost => rule.loss,
            Self::ShootoutWon => rule.shootout_win,
            Self::ShootoutLost => rule.shootout_loss,
        }
    }
}

/// One team's side of one match; teams are indexes into the sorted entries.
#[derive(Debug, Clone, Copy)]
struct Record {
    team: usize,
    opponent: usize,
    scored: u32,
    conceded: u32,
    outcome: Outcome,
}

/// The outcomes of a match for (home, away).
fn outcomes(result: &MatchResult) -> (Outcome, Outcome) {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let regular = result.home_goals.cmp(&result.away_goals);
    let shootout = result.shootout.map(|(home, away)| home.cmp(&away));
    match (regular, shootout) {
        (Greater, _) => (Outcome::Won, Outcome::Lost),
        (Less, _) => (Outcome::Lost, Outcome::Won),
        (Equal, Some(Greater)) => (Outcome::ShootoutWon, Outcome::ShootoutLost),
        (Equal, Some(Less)) => (Outcome::ShootoutLost, Outcome::ShootoutWon),
        (Equal, Some(Equal) | None) => (Outcome::Drawn, Outcome::Drawn),
    }
}

/// The entered teams, sorted by id, each once.
fn sorted_entries(entries: &[Entry]) -> Vec<Entry> {
    let mut teams = entries.to_vec();
    teams.sort_by_key(|entry| entry.team_id);
    teams.dedup_by(|later, kept| {
        let same = later.team_id == kept.team_id;
        if same {
            kept.disqualified |= later.disqualified;
        }
        same
    });
    teams
}

fn compute<'a>(
    entries: &[Entry],
    matches: impl Iterator<Item = &'a MatchResult>,
    points: PointsRule,
) -> Vec<StandingGroup> {
    let teams = sorted_entries(entries);
    let index = |team_id: u64| teams.binary_search_by_key(&team_id, |e| e.team_id).ok();
    // Both records of every counted match; the tables pick the sides they read.
    let mut home_records = Vec::new();
    let mut away_records = Vec::new();
    for result in matches {
        let (Some(home), Some(away)) = (index(result.home_team_id), index(result.away_team_id))
        else {
            continue;
        };
        if home == away {
            continue;
        }
        let (home_outcome, away_outcome) = outcomes(result);
        home_records.push(Record {
            team: home,
            opponent: away,
            scored: result.home_goals,
            conceded: result.away_goals,
            outcome: home_outcome,
        });
        away_records.push(Record {
            team: away,
            opponent: home,
            scored: result.away_goals,
            conceded: result.home_goals,
            outcome: away_outcome,
        });
    }
    StandingType::ALL
        .into_iter()
        .map(|standing_type| {
            let sides: &[&[Record]] = match standing_type {
                StandingType::Overall => &[&home_records, &away_records],
                StandingType::Home => &[&home_records],
                StandingType::Away => &[&away_records],
            };
            StandingGroup {
                standing_type,
                rankings: Table::new(&teams, sides, points).rank(),
            }
        })
        .collect()
}

/// One team's totals over the records of a table.
#[derive(Debug, Clone, Copy, Default)]
struct Totals {
    played: u32,
    won: u32,
    drawn: u32,
    lost: u32,
    shootout_won: u32,
    shootout_lost: u32,
    scored: u32,
    conceded: u32,
    points: u32,
}

impl Totals {
    fn add(&mut self, record: &Record, rule: PointsRule) {
        self.played = self.played.saturating_add(1);
        let count = match record.outcome {
            Outcome::Won => &mut self.won,
            Outcome::Drawn => &mut self.drawn,
            Outcome::Lost => &mut self.lost,
            Outcome::ShootoutWon => &mut self.shootout_won,
            Outcome::ShootoutLost => &mut self.shootout_lost,
        };
        *count = count.saturating_add(1);
        self.scored = self.scored.saturating_add(record.scored);
        self.conceded = self.conceded.saturating_add(record.conceded);
        self.points = self.points.saturating_add(record.outcome.points(rule));
    }

    fn goal_difference(&self) -> i64 {
        i64::from(self.scored) - i64::from(self.conceded)
    }
}

/// The five tie-break rules, in the order they are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    HeadToHeadPoints,
    HeadToHeadGoalDifference,
    HeadToHeadGoalsScored,
    GoalDifference,
    GoalsScored,
}

impl Rule {
    const ALL: [Self; 5] = [
        Self::HeadToHeadPoints,
        Self::HeadToHeadGoalDifference,
        Self::HeadToHeadGoalsScored,
        Self::GoalDifference,
        Self::GoalsScored,
    ];

    fn name(self) -> &'static str {
        match self {
            Self::HeadToHeadPoints => "head-to-head points",
            Self::HeadToHeadGoalDifference => "head-to-head goal difference",
            Self::HeadToHeadGoalsScored => "head-to-head goals scored",
            Self::GoalDifference => "goal difference",
            Self::GoalsScored => "goals scored",
        }
    }

    fn is_signed(self) -> bool {
        matches!(self, Self::HeadToHeadGoalDifference | Self::GoalDifference)
    }
}

/// A team's figure for every rule, within the group being ranked.
#[derive(Debug, Clone, Copy)]
struct Figures {
    team: usize,
    values: [i64; 5],
}

/// A team placed in a table.
#[derive(Debug)]
struct Placed {
    team: usize,
    rank: u32,
    tie_break: Option<String>,
}

/// The records of one table, grouped by team, and the team's totals.
struct Table<'a> {
    teams: &'a [Entry],
    rule: PointsRule,
    /// `records[starts[t]..starts[t + 1]]` are team `t`'s records.
    records: Vec<Record>,
    starts: Vec<usize>,
    totals: Vec<Totals>,
    /// Marks the teams of the group being ranked, so head-to-head records are found in one pass.
    in_group: Vec<bool>,
}

impl<'a> Table<'a> {
    fn new(teams: &'a [Entry], sides: &[&[Record]], rule: PointsRule) -> Self {
        let n = teams.len();
        let mut starts = vec![0; n + 1];
        for record in sides.iter().flat_map(|side| side.iter()) {
            starts[record.team + 1] += 1;
        }
        for t in 0..n {
            starts[t + 1] += starts[t];
        }
        let mut next = starts.clone();
        let placeholder = Record {
            team: 0,
            opponent: 0,
            scored: 0,
            conceded: 0,
            outcome: Outcome::Drawn,
        };
        let mut records = vec![placeholder; starts[n]];
        let mut totals = vec![Totals::default(); n];
        for record in sides.iter().flat_map(|side| side.iter()) {
            records[next[record.team]] = *record;
            next[record.team] += 1;
            totals[record.team].add(record, rule);
        }
        Self {
            teams,
            rule,
            records,
            starts,
            totals,
            in_group: vec![false; n],
        }
    }

    fn rank(mut self) -> Vec<Ranking> {
        let (mut active, mut disqualified): (Vec<usize>, Vec<usize>) =
            (0..self.teams.len()).partition(|&t| !self.teams[t].disqualified);
        let mut placed = Vec::with_capacity(self.teams.len());
        self.place_part(&mut active, 1, &mut placed);
        let after_active = u32::try_from(active.len())
            .unwrap_or(u32::MAX)
            .saturating_add(1);
        self.place_part(&mut disqualified, after_active, &mut placed);
        placed
            .into_iter()
            .map(
                |Placed {
                     team,
                     rank,
                     tie_break,
                 }| {
                    let totals = self.totals[team];
                    Ranking {
                        team_id: self.teams[team].team_id,
                        played: totals.played,
                        won: totals.won,
                        drawn: totals.drawn,
                        lost: totals.lost,
                        shootout_won: totals.shootout_won,
                        shootout_lost: totals.shootout_lost,
                        goals_scored: totals.scored,
                        goals_conceded: totals.conceded,
                        goals_diff: totals.goal_difference(),
                        points: totals.points,
                        rank,
                        tie_break,
                    }
                },
            )
            .collect()
    }

    /// Places a part of the table (the teams in the running, or the disqualified ones) from
    /// `first_rank` on: by points, then level teams by the tie-break rules.
    fn place_part(&mut self, part: &mut [usize], first_rank: u32, placed: &mut Vec<Placed>) {
        // Team indexes follow team ids, so ties keep team-id order.
        part.sort_by_key(|&t| (std::cmp::Reverse(self.totals[t].points), t));
        let mut rank = first_rank;
        let mut start = 0;
        while start < part.len() {
            let points = self.totals[part[start]].points;
            let len = part[start..]
                .iter()
                .take_while(|&&t| self.totals[t].points == points)
                .count();
            let level = &mut part[start..start + len];
            if let [team] = level {
                placed.push(Placed {
                    team: *team,
                    rank,
                    tie_break: None,
                });
            } else {
                self.break_tie(level, rank, placed);
            }
            rank = rank.saturating_add(u32::try_from(len).unwrap_or(u32::MAX));
            start += len;
        }
    }

    /// Each team's figures for the five rules, reading only records among `group` for the
    /// head-to-head ones.
    fn figures(&mut self, group: &[usize]) -> Vec<Figures> {
        for &t in group {
            self.in_group[t] = true;
        }
        let figures = group
            .iter()
            .map(|&t| {
                let mut head_to_head = Totals::default();
                for record in &self.records[self.starts[t]..self.starts[t + 1]] {
                    if self.in_group[record.opponent] {
                        head_to_head.add(record, self.rule);
                    }
                }
                let all = &self.totals[t];
                Figures {
                    team: t,
                    values: [
                        i64::from(head_to_head.points),
                        head_to_head.goal_difference(),
                        i64::from(head_to_head.scored),
                        all.goal_difference(),
                        i64::from(all.scored),
                    ],
                }
            })
            .collect();
        for &t in group {
            self.in_group[t] = false;
        }
        figures
    }

    /// Places a group of two or more teams level so far, from `first_rank` on.
    fn break_tie(&mut self, group: &mut [usize], first_rank: u32, placed: &mut Vec<Placed>) {
        let mut figures = self.figures(group);
        let deciding = Rule::ALL
            .into_iter()
            .enumerate()
            .find(|&(i, _)| figures.iter().any(|f| f.values[i] != figures[0].values[i]));
        let Some((i, rule)) = deciding else {
            group.sort_unstable();
            for &team in group.iter() {
                let others: Vec<String> = group
                    .iter()
                    .filter(|&&other| other != team)
                    .map(|&other| self.teams[other].named())
                    .collect();
                placed.push(Placed {
                    team,
                    rank: first_rank,
                    tie_break: Some(format!("level with {} on every tie-break", listed(&others))),
                });
            }
            return;
        };
        figures.sort_by_key(|f| (std::cmp::Reverse(f.values[i]), f.team));
        for (slot, figure) in group.iter_mut().zip(&figures) {
            *slot = figure.team;
        }
        let mut rank = first_rank;
        let mut start = 0;
        for level in figures.chunk_by(|a, b| a.values[i] == b.values[i]) {
            let end = start + level.len();
            if let [figure] = level {
                let note = self.tie_break_note(rule, i, figure, &figures[..start], &figures[end..]);
                placed.push(Placed {
                    team: figure.team,
                    rank,
                    tie_break: Some(note),
                });
            } else {
                self.break_tie(&mut group[start..end], rank, placed);
            }
            rank = rank.saturating_add(u32::try_from(level.len()).unwrap_or(u32::MAX));
            start = end;
        }
    }
}

impl Table<'_> {
    /// The note of a team placed by `rule` (the `i`th) between the teams `above` and `below`
    /// it, as [`Ranking::tie_break`] describes.
    fn tie_break_note(
        &self,
        rule: Rule,
        i: usize,
        team: &Figures,
        above: &[Figures],
        below: &[Figures],
    ) -> String {
        let names = |group: &[Figures]| -> Vec<String> {
            group.iter().map(|f| self.teams[f.team].named()).collect()
        };
        let mut sides = Vec::new();
        if !above.is_empty() {
            sides.push(format!("behind {}", listed(&names(above))));
        }
        if !below.is_empty() {
            sides.push(format!("ahead of {}", listed(&names(below))));
        }
        let figures: Vec<String> = std::iter::once(team)
            .chain(above)
            .chain(below)
            .map(|f| figure(rule, f.values[i]))
            .collect();
        let joined = figures.join(if rule.is_signed() { " to " } else { "–" });
        format!("{} on {} ({joined})", sides.join(" and "), rule.name())
    }
}

/// A rule's figure: goal differences with their sign (minus sign U+2212).
fn figure(rule: Rule, value: i64) -> String {
    match (rule.is_signed(), value.signum()) {
        (true, 1) => format!("+{value}"),
        (true, -1) => format!("−{}", value.unsigned_abs()),
        _ => value.to_string(),
    }
}

/// "A", "A and B", "A, B and C".
fn listed(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
    }
}

#[cfg(test)]
mod tests;

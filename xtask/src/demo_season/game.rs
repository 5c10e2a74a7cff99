//! One simulated match: its log played event by event on synthetic ids, each event checked
//! by the domain against the log so far, until the result is the one the season needs.

use std::collections::HashMap;

use anyhow::{bail, ensure};
use polodesk_domain::codes::{
    CardType, CoachRole, ExclusionType, MatchStatus, Period, Position, ShotType, TurnoverType,
};
use polodesk_domain::events::{self, Coord, Event, excluded_for_good};
use polodesk_domain::matches::{MatchCoach, MatchFields, MatchPlayer, MatchState, Side};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::instant;
use super::season::{Ids, SeasonEvent, Team, What};

/// The synthetic ids the simulator checks events with: teams 1 and 2, players 100 + cap and
/// 200 + cap, coaches by role.
fn synthetic_ids() -> Ids<'static> {
    Ids {
        team: &|t| match t {
            Team::Home => 1,
            Team::Away => 2,
        },
        player: &|t, cap| match t {
            Team::Home => 100 + u64::from(cap),
            Team::Away => 200 + u64::from(cap),
        },
        coach: &|t, role| {
            let base = match t {
                Team::Home => 1000,
                Team::Away => 2000,
            };
            base + u64::from(role == CoachRole::AssistantCoach)
        },
    }
}

fn synthetic_state(sides: &[(Vec<(u8, Position)>, f64); 2]) -> anyhow::Result<MatchState> {
    let ids = synthetic_ids();
    let mut state = MatchState::new(MatchFields::new(1, 2, 99, instant("2026-10-03T18:00:00Z")?));
    for (s, team) in [Team::Home, Team::Away].into_iter().enumerate() {
        for &(cap, position) in &sides[s].0 {
            state.players.push(MatchPlayer {
                id: (ids.player)(team, cap),
                team_id: (ids.team)(team),
                player_id: (ids.player)(team, cap),
                position_id: position,
                number: cap,
                cap_number: cap,
            });
        }
        for role in [CoachRole::HeadCoach, CoachRole::AssistantCoach] {
            state.coaches.push(MatchCoach {
                id: (ids.coach)(team, role),
                team_id: (ids.team)(team),
                coach_id: (ids.coach)(team, role),
                role_id: role,
            });
        }
    }
    state.status_id = MatchStatus::Finished;
    Ok(state)
}

/// One match's log, replayed until its result is what the season needs: level after regular
/// time for the shootout match, decided for every other.
pub(super) fn play(
    rng: &mut ChaCha8Rng,
    sides: &[(Vec<(u8, Position)>, f64); 2],
    shootout: bool,
) -> anyhow::Result<Vec<SeasonEvent>> {
    for _ in 0..500 {
        let mut game = Game::new(sides)?;
        game.regular_time(rng)?;
        let level = game.goals[0] == game.goals[1];
        if level != shootout {
            continue;
        }
        if shootout {
            game.shootout(rng)?;
        }
        game.check_score()?;
        return Ok(game.log);
    }
    bail!("no result of the wanted kind in 500 tries")
}

/// A match being simulated: the log so far, checked event by event by the domain.
struct Game<'a> {
    sides: &'a [(Vec<(u8, Position)>, f64); 2],
    state: MatchState,
    events: Vec<Event>,
    log: Vec<SeasonEvent>,
    goals: [u32; 2],
    per_period: HashMap<(usize, Period), u32>,
    timeouts: [usize; 2],
    period: Period,
}

fn team_of(side: usize) -> Team {
    if side == 0 { Team::Home } else { Team::Away }
}

fn coord(rng: &mut ChaCha8Rng, low: f64, high: f64) -> Coord {
    #[allow(clippy::cast_possible_truncation)] // 0..=1000
    Coord((rng.gen_range(low..high) * 1000.0).round() as i32)
}

impl<'a> Game<'a> {
    fn new(sides: &'a [(Vec<(u8, Position)>, f64); 2]) -> anyhow::Result<Self> {
        Ok(Game {
            sides,
            state: synthetic_state(sides)?,
            events: Vec::new(),
            log: Vec::new(),
            goals: [0, 0],
            per_period: HashMap::new(),
            timeouts: [0, 0],
            period: Period::First,
        })
    }

    /// Runs the event through the domain's checks against the log so far, then records it.
    fn record(&mut self, at: u16, what: What) -> anyhow::Result<()> {
        #[allow(clippy::cast_possible_truncation)] // at most 8 minutes
        let event = SeasonEvent {
            period: self.period,
            minute: (at / 60) as u8,
            seconds: (at % 60) as u8,
            what,
        };
        let fields = event
            .input(1, &synthetic_ids())
            .validate()
            .map_err(|e| anyhow::anyhow!("{event:?}: {e}"))?;
        events::check_in_match(&fields, &self.state, &self.events)
            .map_err(|e| anyhow::anyhow!("{event:?}: {e}"))?;
        let id = self.events.len() as u64 + 1;
        self.events.push(Event { id, fields });
        self.log.push(event);
        Ok(())
    }

    /// The caps of a side still in the match, goalkeepers left out unless asked for.
    fn available(&self, side: usize, keepers: bool) -> Vec<u8> {
        let ids = synthetic_ids();
        self.sides[side]
            .0
            .iter()
            .filter(|(_, position)| keepers || *position != Position::Goalkeeper)
            .map(|(cap, _)| *cap)
            .filter(|&cap| !excluded_for_good((ids.player)(team_of(side), cap), &self.events))
            .collect()
    }

    /// The goalkeeper in the water: cap 1, or cap 13 in the second half.
    fn keeper(&self, side: usize) -> u8 {
        if matches!(self.period, Period::Third | Period::Fourth) && side == 1 {
            13
        } else {
            1
        }
    }

    fn pick(&self, rng: &mut ChaCha8Rng, side: usize, not: Option<u8>) -> u8 {
        let mut caps = self.available(side, false);
        caps.retain(|&c| Some(c) != not);
        // Centre forwards and drivers shoot more: the first caps a bit more often.
        caps.choose(rng).copied().unwrap_or(2)
    }

    fn regular_time(&mut self, rng: &mut ChaCha8Rng) -> anyhow::Result<()> {
        for period in [Period::First, Period::Second, Period::Third, Period::Fourth] {
            self.period = period;
            let home = self.pick(rng, 0, None);
            let away = self.pick(rng, 1, None);
            let winner = if rng.gen_bool(0.5) { 0 } else { 1 };
            self.record(
                480,
                What::SwimOff {
                    home,
                    away,
                    winner: team_of(winner),
                },
            )?;
            let mut attack = winner;
            let mut clock: i32 = 480 - rng.gen_range(3..8);
            while clock > 0 {
                #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
                let at = clock as u16;
                self.possession(rng, attack, at)?;
                self.maybe_timeout(rng, attack.saturating_sub(0), at)?;
                attack = 1 - attack;
                clock -= rng.gen_range(18..34);
            }
        }
        Ok(())
    }

    fn maybe_timeout(&mut self, rng: &mut ChaCha8Rng, _last: usize, at: u16) -> anyhow::Result<()> {
        if at < 15 {
            return Ok(());
        }
        for side in 0..2 {
            let trailing = self.goals[side] < self.goals[1 - side];
            let late = matches!(self.period, Period::Third | Period::Fourth);
            let chance = match (late, trailing) {
                (true, true) => 0.06,
                (true, false) => 0.02,
                (false, _) => 0.012,
            };
            if self.timeouts[side] < events::TIMEOUTS_PER_TEAM && rng.gen_bool(chance) {
                self.timeouts[side] += 1;
                self.record(
                    at,
                    What::Timeout {
                        team: team_of(side),
                    },
                )?;
                return Ok(());
            }
        }
        Ok(())
    }

    fn goal(&mut self, side: usize) {
        self.goals[side] += 1;
        *self.per_period.entry((side, self.period)).or_default() += 1;
    }

    /// Where an attack of `side` is taken from on the pool image: home attacks the right goal.
    fn spot(&self, rng: &mut ChaCha8Rng, side: usize, near: bool) -> (Coord, Coord) {
        let (low, high) = if near { (0.04, 0.14) } else { (0.06, 0.32) };
        let depth = rng.gen_range(low..high);
        let x: f64 = if side == 0 { 1.0 - depth } else { depth };
        #[allow(clippy::cast_possible_truncation)]
        (Coord((x * 1000.0).round() as i32), coord(rng, 0.2, 0.8))
    }

    fn possession(&mut self, rng: &mut ChaCha8Rng, side: usize, at: u16) -> anyhow::Result<()> {
        let (own, their) = (self.sides[side].1, self.sides[1 - side].1);
        let edge = own / their;
        let roll: f64 = rng.gen_range(0.0..1.0);
        if roll < 0.17 {
            let kind = [
                TurnoverType::LostBall,
                TurnoverType::OffensiveFoul,
                TurnoverType::BallUnder,
                TurnoverType::ClockExpired,
            ][rng.gen_range(0..4)];
            let lost = self.pick(rng, side, None);
            let won = (kind == TurnoverType::LostBall).then(|| self.pick(rng, 1 - side, None));
            return self.record(
                at,
                What::Turnover {
                    team: team_of(side),
                    kind,
                    lost: (kind != TurnoverType::ClockExpired).then_some(lost),
                    won,
                },
            );
        }
        if roll < 0.40 {
            // A defender excluded for 20 seconds, then the power play.
            let defenders = self.available(1 - side, false);
            let Some(&defender) = defenders.choose(rng) else {
                return Ok(());
            };
            let fouled = self.pick(rng, side, None);
            let penalty = rng.gen_bool(0.08);
            let spot = self.spot(rng, side, true);
            self.record(
                at,
                What::Exclusion {
                    team: team_of(1 - side),
                    kind: if penalty {
                        ExclusionType::Penalty
                    } else {
                        ExclusionType::Exclusion
                    },
                    player: Some(defender),
                    coach: None,
                    fouled: Some(fouled),
                    penalty,
                    at: spot,
                },
            )?;
            let later = at.saturating_sub(rng.gen_range(3..15)).max(1);
            return if penalty {
                self.shot(rng, side, later, ShotType::Penalty, 0.72 * edge.sqrt())
            } else {
                self.shot(rng, side, later, ShotType::PowerPlay, 0.40 * edge)
            };
        }
        if roll < 0.41 {
            // A card: a yellow to a bench that argues, now and then a red to a player.
            let carded = 1 - side;
            let red = rng.gen_bool(0.2);
            let player = red.then(|| self.pick(rng, carded, None));
            return self.record(
                at,
                What::Card {
                    team: team_of(carded),
                    kind: if red { CardType::Red } else { CardType::Yellow },
                    player,
                    coach: (!red).then_some(CoachRole::HeadCoach),
                },
            );
        }
        self.shot(rng, side, at, ShotType::RegularAttack, 0.30 * edge)
    }

    fn shot(
        &mut self,
        rng: &mut ChaCha8Rng,
        side: usize,
        at: u16,
        kind: ShotType,
        goal_chance: f64,
    ) -> anyhow::Result<()> {
        let by = self.pick(rng, side, None);
        let penalty = matches!(kind, ShotType::Penalty | ShotType::PenaltyShootout);
        let goal = rng.gen_bool(goal_chance.clamp(0.05, 0.95));
        let fast_break = kind == ShotType::RegularAttack && rng.gen_bool(0.08);
        let blocked = !goal && !penalty && rng.gen_bool(0.25);
        let saved = !goal && !blocked && rng.gen_bool(0.6);
        let target = (!blocked).then(|| {
            if goal || saved {
                (coord(rng, 0.05, 0.95), coord(rng, 0.05, 0.92))
            } else {
                // Wide or over: the target lies at the frame's edge.
                if rng.gen_bool(0.5) {
                    (coord(rng, 0.0, 0.04), coord(rng, 0.1, 0.9))
                } else {
                    (coord(rng, 0.1, 0.9), coord(rng, 0.96, 1.0))
                }
            }
        });
        let assist =
            (goal && !penalty && rng.gen_bool(0.55)).then(|| self.pick(rng, side, Some(by)));
        let blocked_by = blocked.then(|| self.pick(rng, 1 - side, None));
        let saved_by = saved.then(|| self.keeper(1 - side));
        let spot = if penalty {
            let x = if side == 0 { 0.917 } else { 0.083 };
            #[allow(clippy::cast_possible_truncation)]
            (Coord((x * 1000.0_f64).round() as i32), Coord(500))
        } else {
            self.spot(rng, side, fast_break)
        };
        self.record(
            at,
            What::Shot {
                team: team_of(side),
                kind,
                by,
                assist,
                blocked_by,
                saved_by,
                goal,
                fast_break,
                from_foul: kind == ShotType::RegularAttack && !fast_break && rng.gen_bool(0.1),
                at: spot,
                target,
            },
        )?;
        if goal {
            self.goal(side);
        }
        Ok(())
    }

    /// Five penalties each, then sudden death, all logged at 0:00 of the overtime column.
    fn shootout(&mut self, rng: &mut ChaCha8Rng) -> anyhow::Result<()> {
        self.period = Period::Overtime;
        let mut shooters: [Vec<u8>; 2] = [self.available(0, false), self.available(1, false)];
        for list in &mut shooters {
            list.shuffle(rng);
        }
        let mut scored = [0u32; 2];
        let mut round = 0;
        loop {
            for side in 0..2 {
                let by = shooters[side][round % shooters[side].len()];
                let goal = rng.gen_bool(0.72);
                let target = (coord(rng, 0.05, 0.95), coord(rng, 0.05, 0.92));
                let x = if side == 0 { 0.917 } else { 0.083 };
                #[allow(clippy::cast_possible_truncation)]
                let spot = (Coord((x * 1000.0_f64).round() as i32), Coord(500));
                self.record(
                    0,
                    What::Shot {
                        team: team_of(side),
                        kind: ShotType::PenaltyShootout,
                        by,
                        assist: None,
                        blocked_by: None,
                        saved_by: (!goal).then(|| self.keeper(1 - side)),
                        goal,
                        fast_break: false,
                        from_foul: false,
                        at: spot,
                        target: Some(target),
                    },
                )?;
                if goal {
                    scored[side] += 1;
                    self.goal(side);
                }
            }
            round += 1;
            if round >= 5 && scored[0] != scored[1] {
                return Ok(());
            }
        }
    }

    /// The score the domain computes from the log equals the simulator's tally.
    fn check_score(&self) -> anyhow::Result<()> {
        let score = events::score(&self.state, &self.events);
        for (side, word) in [(0, Side::Home), (1, Side::Away)] {
            let columns = match word {
                Side::Home => score.home,
                Side::Away => score.away,
            };
            for (column, period) in [
                Period::First,
                Period::Second,
                Period::Third,
                Period::Fourth,
                Period::Overtime,
            ]
            .into_iter()
            .enumerate()
            {
                let ours = self.per_period.get(&(side, period)).copied().unwrap_or(0);
                ensure!(columns[column] == ours, "score mismatch in {period:?}");
            }
        }
        Ok(())
    }
}

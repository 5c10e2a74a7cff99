//! The goal-target rule of the event form (spec 02 §4, §9): a shot aimed inside the goal area
//! that is neither a goal nor blocked was saved by the opposing team's selected active keeper.
//! Every front end runs it as the shot is entered (the web app's copy is
//! `webapp/src/lib/shot-target.ts`), pinned by `fixtures/vectors/events/shot-target.json`
//! (run by `tests/shot_target_vectors.rs`).
//!
//! Where the spec is silent, the form does what a secretary expects, said where it is done: a
//! save the target set goes again when the target leaves the goal area, and a save the
//! secretary picks stands until the target, the goal flag or the block changes.

use serde::Deserialize;

use super::Coord;
use crate::matches::Side;

/// The goal area of the goal-target picture (spec 02 §9), in thousandths: below the crossbar
/// (`y` above 0.346, `y` running down from the top) and between the posts (`x` between 0.167
/// and 0.838). The bounds themselves are the frame, outside the area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoalArea {
    pub min_x: Coord,
    pub max_x: Coord,
    pub min_y: Coord,
}

pub const GOAL_AREA: GoalArea = GoalArea {
    min_x: Coord(167),
    max_x: Coord(838),
    min_y: Coord(346),
};

impl GoalArea {
    /// Whether a target point lies inside the area (strictly: a point on a bound is outside).
    pub fn contains(&self, x: Coord, y: Coord) -> bool {
        y > self.min_y && x > self.min_x && x < self.max_x
    }
}

/// The selected active goalkeeper (player id) of each team, as the secretary confirms them at
/// each swim-off; none while a team's keeper is not known.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub struct ActiveKeepers {
    pub home: Option<u64>,
    pub away: Option<u64>,
}

impl ActiveKeepers {
    /// The keeper a shot of `shooter`'s team faces: the other team's.
    pub fn facing(&self, shooter: Side) -> Option<u64> {
        match shooter.other() {
            Side::Home => self.home,
            Side::Away => self.away,
        }
    }
}

/// What of a shot being entered the rule reads and sets.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShotAim {
    #[serde(default)]
    pub is_goal: bool,
    pub blocked_by_id: Option<u64>,
    pub saved_by_id: Option<u64>,
    pub target_x: Option<Coord>,
    pub target_y: Option<Coord>,
}

impl ShotAim {
    /// Whether the shot was aimed inside the goal area.
    pub fn on_target(&self) -> bool {
        match (self.target_x, self.target_y) {
            (Some(x), Some(y)) => GOAL_AREA.contains(x, y),
            _ => false,
        }
    }

    /// The save the target implies: the keeper `shooter` faces, for a shot on target that is
    /// neither a goal nor blocked; none otherwise, or while that keeper is not known.
    pub fn implied_save(&self, shooter: Side, keepers: &ActiveKeepers) -> Option<u64> {
        if self.is_goal || self.blocked_by_id.is_some() || !self.on_target() {
            return None;
        }
        keepers.facing(shooter)
    }

    /// Whether the target, the goal flag or the block differ: what the rule answers to.
    fn aim_changed(&self, other: &ShotAim) -> bool {
        (
            self.is_goal,
            self.blocked_by_id,
            self.target_x,
            self.target_y,
        ) != (
            other.is_goal,
            other.blocked_by_id,
            other.target_x,
            other.target_y,
        )
    }
}

/// Who saved the shot once the form changed it from `before` to `after` (`after.saved_by_id` is
/// what the change itself left there):
/// - a goal or a blocked shot is saved by no one;
/// - a change of anything but the target, the goal flag or the block keeps the secretary's pick;
/// - a shot on target, neither a goal nor blocked, is saved by the keeper it faces, when known;
/// - a save the target implied before goes with it when the target leaves the goal area;
/// - otherwise the save stays as it was.
pub fn saved_by(
    before: &ShotAim,
    after: &ShotAim,
    shooter: Side,
    keepers: &ActiveKeepers,
) -> Option<u64> {
    if after.is_goal || after.blocked_by_id.is_some() {
        return None;
    }
    if !after.aim_changed(before) {
        return after.saved_by_id;
    }
    if let Some(keeper) = after.implied_save(shooter, keepers) {
        return Some(keeper);
    }
    let implied_before = before.implied_save(shooter, keepers);
    if implied_before.is_some() && after.saved_by_id == implied_before {
        return None;
    }
    after.saved_by_id
}

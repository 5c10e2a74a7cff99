//! The pictures a point is picked on, as grids of text cells the arrows move a marker over: a
//! pool half for a location (the web's `pool-picker.tsx`: x across the pool, y from the goal
//! line to half way) and a goal mouth for a target (`goal-picker.tsx`: x left to right, y from
//! the top to the water). A cell stands for the point at its centre line, in thousandths.

use polodesk_domain::events::Coord;

use super::draft::Point;
use super::fields::Field;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    pub columns: u16,
    pub rows: u16,
}

/// A 20 m wide, 15 m deep pool half in 1 m cells: the 2 m, 5 m and 6 m lines are rows.
pub const POOL: Grid = Grid {
    columns: 21,
    rows: 16,
};

/// The goal mouth, wide as the web draws it; the goal area (spec 02 §9) is the cells the
/// domain's `GOAL_AREA` contains.
pub const GOAL: Grid = Grid {
    columns: 25,
    rows: 11,
};

/// The grid a point field is picked on.
pub fn of(field: Field) -> Grid {
    if field == Field::Target { GOAL } else { POOL }
}

fn coord(index: u16, count: u16) -> Coord {
    let span = i32::from(count.saturating_sub(1).max(1));
    Coord((i32::from(index) * 1000 + span / 2) / span)
}

fn index(coord: Coord, count: u16) -> u16 {
    let span = i32::from(count.saturating_sub(1).max(1));
    let nearest = (coord.0.clamp(0, 1000) * span + 500) / 1000;
    u16::try_from(nearest).unwrap_or(0)
}

impl Grid {
    /// The point of a cell.
    pub fn point(&self, column: u16, row: u16) -> Point {
        Point {
            x: coord(column, self.columns),
            y: coord(row, self.rows),
        }
    }

    /// The cell nearest a point.
    pub fn cell(&self, point: Point) -> (u16, u16) {
        (index(point.x, self.columns), index(point.y, self.rows))
    }

    /// The centre of the picture, where a marker starts when no point is set.
    pub fn centre(&self) -> Point {
        self.point(self.columns / 2, self.rows / 2)
    }

    /// The point one cell from `from` by `(dx, dy)`, kept on the picture.
    pub fn moved(&self, from: Point, (dx, dy): (i8, i8)) -> Point {
        let (column, row) = self.cell(from);
        let step = |at: u16, by: i8, count: u16| {
            at.saturating_add_signed(i16::from(by))
                .min(count.saturating_sub(1))
        };
        self.point(step(column, dx, self.columns), step(row, dy, self.rows))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_points_match_and_the_marker_stays_on_the_picture() {
        assert_eq!(
            POOL.point(0, 0),
            Point {
                x: Coord(0),
                y: Coord(0)
            }
        );
        assert_eq!(
            POOL.point(20, 15),
            Point {
                x: Coord(1000),
                y: Coord(1000)
            }
        );
        assert_eq!(
            POOL.point(1, 2),
            Point {
                x: Coord(50),
                y: Coord(133)
            }
        );
        assert_eq!(
            POOL.cell(Point {
                x: Coord(437),
                y: Coord(210)
            }),
            (9, 3)
        );
        let corner = POOL.point(0, 0);
        assert_eq!(POOL.moved(corner, (-1, -1)), corner);
        assert_eq!(POOL.moved(corner, (1, 0)), POOL.point(1, 0));
        assert_eq!(GOAL.centre(), GOAL.point(12, 5));
    }
}

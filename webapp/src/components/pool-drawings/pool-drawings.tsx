/**
 * The pictures shots and exclusions are placed on, drawn in SVG: the half of the pool where a
 * shot's or exclusion's location is, and the goal mouth where a shot's target is. Coordinates are
 * 0..1 across and down each picture (the API's `locationX/Y` and `targetX/Y`): multiply by the
 * picture's size to draw a point. The live-scoring pickers choose points on them; the match
 * report marks shots on them.
 */
import './pool-drawings.css';
import { GOAL_AREA } from '@/lib/shot-target';

/** The pool half in decimetres of a 20 m wide, 15 m half. */
export const POOL_SIZE = { width: 200, height: 150 } as const;

/** The goal mouth, drawn taller than a real 3 m × 0.9 m goal so that a finger can aim at a corner. */
export const GOAL_SIZE = { width: 325, height: 150 } as const;

const GOAL_WIDTH = 30;
const NET_STEP = 12;

/** The lines from the goal line, in metres, with their colours (red 2 m, yellow 5 m, green 6 m). */
const LINES = [
  { metres: 2, className: 'pool-line-2' },
  { metres: 5, className: 'pool-line-5' },
  { metres: 6, className: 'pool-line-6' },
] as const;

/**
 * A half of the pool: the goal at the top on the goal line, the 2 m, 5 m and 6 m lines below it
 * and half way at the bottom. x runs across the pool (0 the left side, 1 the right), y from the
 * goal line (0) to half way (1).
 */
export function PoolHalf() {
  const { width, height } = POOL_SIZE;
  const goalLeft = (width - GOAL_WIDTH) / 2;
  return (
    <g className="pool-half">
      <rect className="pool-water" x={0} y={0} width={width} height={height} />
      <line className="pool-goal-line" x1={0} y1={1} x2={width} y2={1} />
      {LINES.map(({ metres, className }) => (
        <g key={metres}>
          <line className={className} x1={0} y1={metres * 10} x2={width} y2={metres * 10} />
          <text className="pool-label" x={3} y={metres * 10 - 1.5}>
            {metres} m
          </text>
        </g>
      ))}
      <line className="pool-half-line" x1={0} y1={height - 1} x2={width} y2={height - 1} />
      <rect className="pool-goal" x={goalLeft} y={0} width={GOAL_WIDTH} height={4} />
    </g>
  );
}

/**
 * The goal mouth as the shooter sees it: the posts and crossbar frame the goal area of spec 02 §9
 * (x between 0.167 and 0.838, y below 0.346), shaded as the net; the rest of the picture is wide
 * or over. x runs from left to right, y from the top (0) to the water (1).
 */
export function GoalMouth() {
  const { width, height } = GOAL_SIZE;
  const left = GOAL_AREA.minX * width;
  const right = GOAL_AREA.maxX * width;
  const bar = GOAL_AREA.minY * height;
  const meshX = Array.from({ length: Math.floor((right - left) / NET_STEP) }, (_, i) => left + (i + 1) * NET_STEP);
  const meshY = Array.from({ length: Math.floor((height - bar) / NET_STEP) }, (_, i) => bar + (i + 1) * NET_STEP);
  return (
    <g className="goal-mouth">
      <rect className="goal-backdrop" x={0} y={0} width={width} height={height} />
      <rect className="goal-area" x={left} y={bar} width={right - left} height={height - bar} />
      {meshX.map((x) => (
        <line key={`x${x}`} className="goal-net" x1={x} y1={bar} x2={x} y2={height} />
      ))}
      {meshY.map((y) => (
        <line key={`y${y}`} className="goal-net" x1={left} y1={y} x2={right} y2={y} />
      ))}
      <path className="goal-frame" d={`M ${left} ${height} V ${bar} H ${right} V ${height}`} />
      <line className="goal-water" x1={0} y1={height - 1} x2={width} y2={height - 1} />
    </g>
  );
}

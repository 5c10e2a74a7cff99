/**
 * The shot or exclusion location on a drawn half of the pool: the goal at the top on the goal
 * line, the 2 m, 5 m and 6 m lines below it and half way at the bottom. x runs across the pool
 * (0 the left side, 1 the right), y from the goal line (0) to half way (1); 0..1 to three
 * decimals. Drawn in decimetres of a 20 m wide, 15 m half.
 */
import { PointPicker, type PointPickerProps } from './point-picker';

const WIDTH = 200;
const HALF = 150;
const GOAL_WIDTH = 30;

/** The lines from the goal line, in metres, with their colours (red 2 m, yellow 5 m, green 6 m). */
const LINES = [
  { metres: 2, className: 'pool-line-2' },
  { metres: 5, className: 'pool-line-5' },
  { metres: 6, className: 'pool-line-6' },
] as const;

export function PoolPicker(props: PointPickerProps) {
  const goalLeft = (WIDTH - GOAL_WIDTH) / 2;
  return (
    <PointPicker {...props} width={WIDTH} height={HALF}>
      <rect className="pool-water" x={0} y={0} width={WIDTH} height={HALF} />
      <line className="pool-goal-line" x1={0} y1={1} x2={WIDTH} y2={1} />
      {LINES.map(({ metres, className }) => (
        <g key={metres}>
          <line className={className} x1={0} y1={metres * 10} x2={WIDTH} y2={metres * 10} />
          <text className="pool-label" x={3} y={metres * 10 - 1.5}>
            {metres} m
          </text>
        </g>
      ))}
      <line className="pool-half-line" x1={0} y1={HALF - 1} x2={WIDTH} y2={HALF - 1} />
      <rect className="pool-goal" x={goalLeft} y={0} width={GOAL_WIDTH} height={4} />
    </PointPicker>
  );
}

/**
 * The goal target on a drawn goal mouth, as the shooter sees it: the posts and crossbar frame
 * the goal area of spec 02 §9 (x between 0.167 and 0.838, y below 0.346), shaded as the net; the
 * rest of the picture is wide or over. x runs from left to right, y from the top (0) to the
 * water (1); 0..1 to three decimals. Drawn taller than a real
 * 3 m × 0.9 m goal so that a finger can aim at a corner.
 */
import { GOAL_AREA } from '@/lib/shot-target';
import { PointPicker, type PointPickerProps } from './point-picker';

const WIDTH = 325;
const HEIGHT = 150;
const NET_STEP = 12;

export function GoalPicker(props: PointPickerProps) {
  const left = GOAL_AREA.minX * WIDTH;
  const right = GOAL_AREA.maxX * WIDTH;
  const bar = GOAL_AREA.minY * HEIGHT;
  const meshX = Array.from({ length: Math.floor((right - left) / NET_STEP) }, (_, i) => left + (i + 1) * NET_STEP);
  const meshY = Array.from({ length: Math.floor((HEIGHT - bar) / NET_STEP) }, (_, i) => bar + (i + 1) * NET_STEP);
  return (
    <PointPicker {...props} width={WIDTH} height={HEIGHT}>
      <rect className="goal-backdrop" x={0} y={0} width={WIDTH} height={HEIGHT} />
      <rect className="goal-area" x={left} y={bar} width={right - left} height={HEIGHT - bar} />
      {meshX.map((x) => (
        <line key={`x${x}`} className="goal-net" x1={x} y1={bar} x2={x} y2={HEIGHT} />
      ))}
      {meshY.map((y) => (
        <line key={`y${y}`} className="goal-net" x1={left} y1={y} x2={right} y2={y} />
      ))}
      <path className="goal-frame" d={`M ${left} ${HEIGHT} V ${bar} H ${right} V ${HEIGHT}`} />
      <line className="goal-water" x1={0} y1={HEIGHT - 1} x2={WIDTH} y2={HEIGHT - 1} />
    </PointPicker>
  );
}

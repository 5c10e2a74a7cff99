/**
 * The goal target on a drawn goal mouth (`GoalMouth`), as the shooter sees it: x from left to
 * right, y from the top (0) to the water (1); 0..1 to three decimals.
 */
import { GOAL_SIZE, GoalMouth } from '@/components/pool-drawings/pool-drawings';
import { PointPicker, type PointPickerProps } from './point-picker';

export function GoalPicker(props: PointPickerProps) {
  return (
    <PointPicker {...props} width={GOAL_SIZE.width} height={GOAL_SIZE.height}>
      <GoalMouth />
    </PointPicker>
  );
}

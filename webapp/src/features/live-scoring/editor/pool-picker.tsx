/**
 * The shot or exclusion location on a drawn half of the pool (`PoolHalf`): x across the pool,
 * y from the goal line (0) to half way (1); 0..1 to three decimals.
 */
import { POOL_SIZE, PoolHalf } from '@/components/pool-drawings/pool-drawings';
import { PointPicker, type PointPickerProps } from './point-picker';

export function PoolPicker(props: PointPickerProps) {
  return (
    <PointPicker {...props} width={POOL_SIZE.width} height={POOL_SIZE.height}>
      <PoolHalf />
    </PointPicker>
  );
}

import type { ShotOutcome } from '@/features/matches/report/shot-map';

interface ShotMarkerProps {
  outcome: ShotOutcome;
  /** The centre, in the picture's units. */
  x: number;
  y: number;
  /** Half the marker's size. */
  r: number;
  /** Shown on hover. */
  title?: string;
}

/**
 * A shot's mark, its outcome told by shape as well as colour so that it reads in black and white:
 * a goal a filled circle, a save a hollow square, a block a filled triangle, a miss a cross.
 */
export function ShotMarker({ outcome, x, y, r, title }: ShotMarkerProps) {
  const className = `pd-shot pd-shot-${outcome}`;
  const tooltip = title ? <title>{title}</title> : null;
  switch (outcome) {
    case 'goal':
      return (
        <circle className={className} data-outcome={outcome} cx={x} cy={y} r={r}>
          {tooltip}
        </circle>
      );
    case 'saved':
      return (
        <rect className={className} data-outcome={outcome} x={x - r * 0.85} y={y - r * 0.85} width={r * 1.7} height={r * 1.7}>
          {tooltip}
        </rect>
      );
    case 'blocked':
      return (
        <path className={className} data-outcome={outcome} d={`M ${x} ${y - r} L ${x + r} ${y + r * 0.8} L ${x - r} ${y + r * 0.8} Z`}>
          {tooltip}
        </path>
      );
    case 'missed':
      return (
        <path className={className} data-outcome={outcome} d={`M ${x - r} ${y - r} L ${x + r} ${y + r} M ${x + r} ${y - r} L ${x - r} ${y + r}`}>
          {tooltip}
        </path>
      );
  }
}

/** The marker alone, for the legend. */
export function LegendMarker({ outcome }: { outcome: ShotOutcome }) {
  return (
    <svg className="pd-shot-legend-mark" viewBox="0 0 16 16" width={14} height={14} aria-hidden="true">
      <ShotMarker outcome={outcome} x={8} y={8} r={6} />
    </svg>
  );
}

/**
 * Picking a point on a drawn picture (the pool half, the goal mouth): a click sets it; with the
 * keyboard the arrows move a marker (Shift for big steps), Enter sets it, Delete clears it.
 * Coordinates are 0..1 across and down the picture, kept to three decimals. Enter with the
 * marker on the chosen point is left to the form (it saves).
 */
import { Classes, FormGroup, Intent } from '@blueprintjs/core';
import { type KeyboardEvent, type MouseEvent, type ReactNode, type Ref, useState } from 'react';
import { type Point, toCoordinate } from './editor-state';

const STEP = 0.01;
const BIG_STEP = 0.05;

const MOVES: Readonly<Record<string, Point>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

const same = (a: Point | null, b: Point | null) => a?.x === b?.x && a?.y === b?.y;
const shown = (point: Point) => `${point.x.toFixed(3)}, ${point.y.toFixed(3)}`;

export interface PointPickerProps {
  id: string;
  label: string;
  value: Point | null;
  onChange: (point: Point | null) => void;
  error?: string;
  disabled?: boolean;
  ref?: Ref<HTMLDivElement>;
}

interface DrawingProps extends PointPickerProps {
  /** The picture's size in its own units; the point's 0..1 span all of it. */
  width: number;
  height: number;
  /** The picture, drawn in those units. */
  children: ReactNode;
}

/** A picture to pick a point on; the pool and goal pickers give it their drawing. */
export function PointPicker({ id, label, value, onChange, error, disabled, ref, width, height, children }: DrawingProps) {
  // Where the keyboard marker is; null while it sits on the chosen point.
  const [cursor, setCursor] = useState<Point | null>(null);
  const marker = cursor ?? value ?? { x: 0.5, y: 0.5 };

  function onKeyDown(event: KeyboardEvent) {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      const step = event.shiftKey ? BIG_STEP : STEP;
      setCursor({ x: toCoordinate(marker.x + move.x * step), y: toCoordinate(marker.y + move.y * step) });
    } else if (event.key === 'Enter' && cursor !== null && !same(cursor, value)) {
      event.preventDefault();
      event.stopPropagation();
      onChange(cursor);
      setCursor(null);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onChange(null);
      setCursor(null);
    }
  }

  function onClick(event: MouseEvent<SVGSVGElement>) {
    if (disabled) return;
    const box = event.currentTarget.getBoundingClientRect();
    onChange({ x: toCoordinate((event.clientX - box.left) / box.width), y: toCoordinate((event.clientY - box.top) / box.height) });
    setCursor(null);
  }

  const dot = (point: Point, className: string) => (
    <circle className={className} cx={point.x * width} cy={point.y * height} r={Math.max(width, height) / 40} />
  );
  return (
    <FormGroup label={label} labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error} className="point-picker">
      <div
        id={id}
        ref={ref}
        className={`point-picker-area${disabled ? ` ${Classes.DISABLED}` : ''}`}
        tabIndex={disabled ? -1 : 0}
        role="group"
        aria-label={label}
        aria-disabled={disabled}
        aria-description={value ? `Chosen ${shown(value)}` : 'Nothing chosen'}
        onKeyDown={disabled ? undefined : onKeyDown}
        onBlur={() => setCursor(null)}
      >
        <svg viewBox={`0 0 ${width} ${height}`} onClick={onClick} role="img" aria-label={label}>
          {children}
          {value && dot(value, 'point-picker-chosen')}
          {cursor && !same(cursor, value) && dot(cursor, 'point-picker-cursor')}
        </svg>
      </div>
      <div className={`${Classes.TEXT_MUTED} point-picker-value`}>
        {cursor && !same(cursor, value) ? `${shown(cursor)} (Enter sets)` : value ? shown(value) : 'Not set'}
      </div>
    </FormGroup>
  );
}

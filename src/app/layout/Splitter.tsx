import { useRef } from 'react';
import { applySize, remember } from './panel-sizes';

/**
 * A horizontal splitter above a panel: dragging it (or Arrow Up/Down, Page Up/Down on it) makes
 * the panel below taller or shorter. The size lives in the CSS variable `--<name>` (panel-sizes.ts)
 * and is remembered.
 */
export function Splitter(props: {
  name: string;
  label: string;
  /** The panel it resizes, to read its current height from. */
  panel: () => HTMLElement | null | undefined;
  min: number;
  /** The largest size, from the window's height. */
  max: () => number;
}) {
  const now = useRef(0);
  const set = (px: number) => {
    now.current = applySize(props.name, px, props.min, props.max());
    remember(props.name, now.current);
  };
  const current = () => props.panel()?.getBoundingClientRect().height ?? props.min;
  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="horizontal"
      aria-label={props.label}
      aria-valuemin={props.min}
      aria-valuenow={Math.round(now.current) || undefined}
      tabIndex={0}
      title={`${props.label}: drag, or Arrow Up and Down`}
      onKeyDown={(e) => {
        const step = { ArrowUp: 24, ArrowDown: -24, PageUp: 120, PageDown: -120 }[e.key];
        if (step === undefined) return;
        e.preventDefault();
        set(current() + step);
        e.currentTarget.setAttribute('aria-valuenow', String(now.current));
      }}
      onPointerDown={(e) => {
        const el = e.currentTarget;
        const start = e.clientY;
        const from = current();
        el.setPointerCapture(e.pointerId);
        const move = (m: PointerEvent) => set(from + start - m.clientY);
        const up = () => {
          el.removeEventListener('pointermove', move);
          el.removeEventListener('pointerup', up);
          el.setAttribute('aria-valuenow', String(now.current));
        };
        el.addEventListener('pointermove', move);
        el.addEventListener('pointerup', up);
      }}
    />
  );
}

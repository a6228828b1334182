import { applySize, remember } from './panel-sizes';

/**
 * A horizontal splitter above a panel: dragging it (or Arrow Up/Down on it) makes the panel below
 * taller or shorter. The size lives in the CSS variable `--<name>` (panel-sizes.ts) and is remembered.
 */
export function Splitter(props: {
  name: string;
  label: string;
  /** The panel it resizes, to read its current height from. */
  panel: () => HTMLElement | null | undefined;
  min: number;
  /** The largest size as a share of the window's height. */
  max: number;
}) {
  const set = (el: HTMLElement, px: number) => {
    const v = applySize(props.name, px, props.min, innerHeight * props.max);
    remember(props.name, v);
    el.ariaValueNow = String(v);
  };
  const current = () => props.panel()?.getBoundingClientRect().height ?? props.min;
  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="horizontal"
      aria-label={props.label}
      aria-valuemin={props.min}
      aria-valuenow={props.min}
      tabIndex={0}
      onFocus={(e) => (e.currentTarget.ariaValueNow = String(Math.round(current())))}
      title={`${props.label}: drag, or Arrow Up and Down`}
      onKeyDown={(e) => {
        const step = e.key === 'ArrowUp' ? 24 : e.key === 'ArrowDown' ? -24 : 0;
        if (!step) return;
        e.preventDefault();
        set(e.currentTarget, current() + step);
      }}
      onPointerDown={(e) => {
        const el = e.currentTarget;
        const y0 = e.clientY;
        const h0 = current();
        el.setPointerCapture(e.pointerId);
        el.onpointermove = (m) => set(el, h0 + y0 - m.clientY);
        el.onpointerup = () => (el.onpointermove = null);
      }}
    />
  );
}

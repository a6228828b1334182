/**
 * A fixed-row-height virtual list: only the rows in view (plus a few) are in the DOM, so 10,000
 * packages or problems scroll as fast as 10. Small enough to own rather than add a dependency.
 */
import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';

export interface VirtualListProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  count: number;
  rowHeight: number;
  renderRow: (index: number, style: CSSProperties) => ReactNode;
  /** Keep this row scrolled into view when it changes. */
  scrollToIndex?: number;
  overscan?: number;
  /** React 19 passes refs as props: the scrolling element. */
  ref?: Ref<HTMLDivElement>;
}

export function VirtualList({
  count,
  rowHeight,
  renderRow,
  scrollToIndex,
  overscan = 8,
  style,
  ref: outerRef,
  ...rest
}: VirtualListProps) {
  const ref = useRef<HTMLDivElement>(null);
  useImperativeHandle(outerRef, () => ref.current!, []);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setHeight(el.clientHeight || 600);
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || scrollToIndex === undefined || scrollToIndex < 0) return;
    const top = scrollToIndex * rowHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + rowHeight > el.scrollTop + el.clientHeight)
      el.scrollTop = top + rowHeight - el.clientHeight;
  }, [scrollToIndex, rowHeight]);

  // After a filter shrinks the list, the old scroll position may point past the end.
  const maxTop = Math.max(0, count * rowHeight - height);
  const top = Math.min(scrollTop, maxTop);
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((top + height) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      renderRow(i, { position: 'absolute', top: i * rowHeight, left: 0, right: 0, height: rowHeight }),
    );
  }

  return (
    <div
      ref={ref}
      {...rest}
      style={{ overflowY: 'auto', position: 'relative', ...style }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div role="presentation" style={{ height: count * rowHeight, position: 'relative' }}>
        {rows}
      </div>
    </div>
  );
}

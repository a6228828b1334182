import { useId, useState } from 'react';
import { remember, remembered } from '../layout/panel-sizes';

/**
 * The graph's legend, under the canvas (never over nodes), collapsible (remembered). The swatches are drawn with the same cues as the canvas styles
 * in style.ts: line pattern and end markers for edges, shape/border/word for nodes.
 */

type EdgeSwatch = {
  dash?: string;
  color: string;
  start?: 'tee' | 'circle';
  end: 'triangle' | 'cross' | 'circle';
};

function EdgeIcon({ dash, color, start, end }: EdgeSwatch) {
  return (
    <svg width="46" height="14" viewBox="0 0 46 14" aria-hidden="true" focusable="false">
      <line x1="4" y1="7" x2="38" y2="7" stroke={color} strokeWidth="2" strokeDasharray={dash} />
      {start === 'tee' && <line x1="4" y1="2" x2="4" y2="12" stroke={color} strokeWidth="2" />}
      {start === 'circle' && <circle cx="5" cy="7" r="3.5" fill={color} />}
      {end === 'triangle' && <path d="M36 2 L44 7 L36 12 Z" fill={color} />}
      {end === 'cross' && (
        <>
          <path d="M37 2 L45 7 L37 12 Z" fill={color} />
          <line x1="33" y1="2" x2="33" y2="12" stroke={color} strokeWidth="2" />
        </>
      )}
      {end === 'circle' && (
        <>
          <circle cx="35" cy="7" r="3.5" fill={color} />
          <path d="M39 3 L45 7 L39 11 Z" fill={color} />
        </>
      )}
    </svg>
  );
}

type NodeSwatch =
  | 'plain'
  | 'head'
  | 'ghost'
  | 'deprecated'
  | 'skipped'
  | 'stranded'
  | 'collapsed'
  | 'v0'
  | 'mirror-kept'
  | 'mirror-dropped';

/** The plain node's card; the other swatches restyle it. */
const CARD = { x: 3, y: 2, width: 40, height: 14, rx: 4 } as const;

function NodeIcon({ kind }: { kind: NodeSwatch }) {
  const common = { stroke: 'var(--muted, #656d76)', strokeWidth: 1.5, fill: 'var(--bg, #fff)' };
  let shape;
  switch (kind) {
    case 'head':
      shape = (
        <rect
          {...CARD}
          fill="var(--accent, #0969da)"
          fillOpacity="0.18"
          stroke="var(--accent, #0969da)"
          strokeWidth="3.5"
        />
      );
      break;
    case 'ghost':
      shape = <rect x="3" y="2" width="40" height="14" {...common} fill="none" strokeDasharray="4 3" />;
      break;
    case 'deprecated':
      shape = (
        <path
          d="M8 2 H38 L43 6 V12 L38 16 H8 L3 12 V6 Z"
          fill="var(--warning, #9a6700)"
          fillOpacity="0.2"
          stroke="var(--warning, #9a6700)"
          strokeWidth="2"
        />
      );
      break;
    case 'skipped':
    case 'v0': {
      // OLM v0 semantics outlines skipped bundles in red.
      const stroke = kind === 'v0' ? 'var(--danger, var(--error, #cf222e))' : common.stroke;
      shape = (
        <>
          <rect x="2" y="1.5" width="42" height="15" rx="4" {...common} stroke={stroke} fill="none" />
          <rect x="5" y="4.5" width="36" height="9" rx="2" {...common} stroke={stroke} />
        </>
      );
      break;
    }
    case 'stranded':
      shape = (
        <path
          d="M3 2 H34 L43 9 L34 16 H3 Z"
          {...common}
          stroke="var(--danger, var(--error, #cf222e))"
          strokeWidth="2.5"
        />
      );
      break;
    case 'mirror-kept':
      shape = <rect {...CARD} {...common} stroke="var(--ok, #1a7f37)" strokeWidth="3.5" />;
      break;
    case 'mirror-dropped':
      shape = <rect {...CARD} {...common} opacity="0.3" />;
      break;
    case 'collapsed':
      shape = (
        <>
          <rect x="6" y="4" width="37" height="13" rx="4" {...common} opacity="0.5" />
          <rect x="3" y="1.5" width="37" height="13" rx="4" {...common} fill="var(--border, #d0d7de)" />
        </>
      );
      break;
    default:
      shape = <rect {...CARD} {...common} />;
  }
  return (
    <svg width="46" height="18" viewBox="0 0 46 18" aria-hidden="true" focusable="false">
      {shape}
    </svg>
  );
}

export function GraphLegend({
  v0Semantics,
  showCollapsed,
  showPath,
  showMirror,
}: {
  v0Semantics?: boolean;
  showCollapsed?: boolean;
  /** An upgrade path or a "who can reach" answer is highlighted (src/app/paths). */
  showPath?: boolean;
  /** A Mirror plan is shown (src/app/mirror): kept bundles highlighted, dropped ones dimmed. */
  showMirror?: boolean;
}) {
  const [open, setOpen] = useState(() => remembered<boolean>('legend-open', true));
  const listId = useId();
  const fg = 'var(--fg, var(--text, #1f2328))';
  return (
    <aside className="fbc-graph-legend" aria-label="Graph legend" data-open={open}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          setOpen(!open);
          remember('legend-open', !open);
        }}
      >
        Legend
      </button>
      {open && (
        <ul id={listId}>
          <li>
            <EdgeIcon color={fg} end="triangle" /> replaces
          </li>
          <li>
            <EdgeIcon color="var(--accent, #0969da)" dash="6 3" start="tee" end="cross" /> skips
          </li>
          <li>
            <EdgeIcon color="var(--muted, #656d76)" dash="2 3" start="circle" end="circle" /> skipRange (with
            its range)
          </li>
          {v0Semantics && (
            <li>
              <EdgeIcon color="var(--danger, var(--error, #cf222e))" dash="5 3" end="triangle" /> ignored by
              OLM v0
            </li>
          )}
          {showPath && (
            <li>
              <EdgeIcon color="#e8590c" end="triangle" /> upgrade path
            </li>
          )}
          <li>
            <NodeIcon kind="head" /> HEAD
          </li>
          <li>
            <NodeIcon kind="deprecated" /> deprecated
          </li>
          <li>
            <NodeIcon kind={v0Semantics ? 'v0' : 'skipped'} /> skipped
            {v0Semantics && ' (OLM v0 never picks it)'}
          </li>
          <li>
            <NodeIcon kind="stranded" /> stranded
          </li>
          <li>
            <NodeIcon kind="ghost" /> ghost: not in catalog
          </li>
          {showMirror && (
            <>
              <li>
                <NodeIcon kind="mirror-kept" /> kept by the mirror plan
              </li>
              <li>
                <NodeIcon kind="mirror-dropped" /> dropped by the mirror plan
              </li>
            </>
          )}
          {showCollapsed && (
            <li>
              <NodeIcon kind="collapsed" /> +N collapsed run
            </li>
          )}
        </ul>
      )}
    </aside>
  );
}

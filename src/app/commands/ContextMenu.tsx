import { useEffect, useRef } from 'react';
import { warmEditing } from '../editor/edit-store';
import { closeMenu, useUi } from '../ui/ui-store';
import { useReturnFocus } from '../ui/use-return-focus';

/** The one context menu (graph nodes and edges, panels): keyboard navigable, closes on Escape or outside click. */
export function ContextMenu() {
  const menu = useUi((s) => s.menu);
  const ref = useRef<HTMLDivElement>(null);
  useReturnFocus({ isMenu: true });

  useEffect(() => {
    if (!menu) return;
    // Warm the worker's edit core while the user picks.
    warmEditing();
    const el = ref.current;
    el?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    // Keep it on screen.
    if (el) {
      const r = el.getBoundingClientRect();
      if (r.right > innerWidth) el.style.left = `${Math.max(4, innerWidth - r.width - 4)}px`;
      if (r.bottom > innerHeight) el.style.top = `${Math.max(4, innerHeight - r.height - 4)}px`;
    }
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !el?.contains(e.target as Node)) closeMenu();
    };
    document.addEventListener('mousedown', close, true);
    document.addEventListener('keydown', close, true);
    return () => {
      document.removeEventListener('mousedown', close, true);
      document.removeEventListener('keydown', close, true);
    };
  }, [menu]);

  if (!menu) return null;
  return (
    <div
      ref={ref}
      className="context-menu"
      role="menu"
      aria-label={menu.label}
      style={{ left: menu.x, top: menu.y }}
      onKeyDown={(e) => {
        const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
        const i = items.indexOf(document.activeElement as HTMLButtonElement);
        const next = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : undefined;
        if (next === undefined) return;
        e.preventDefault();
        items[(next + items.length) % items.length]?.focus();
      }}
    >
      <div className="context-menu-title">{menu.label}</div>
      {menu.items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          disabled={item.disabled}
          onClick={() => {
            closeMenu();
            item.run();
          }}
        >
          {item.label}
          {item.detail && <span className="muted small"> {item.detail}</span>}
        </button>
      ))}
    </div>
  );
}

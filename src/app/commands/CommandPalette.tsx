import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { redo, undo } from '../editor/edit-client';
import { openInEditor, startFolderWrite, useEdits, warmEditing } from '../editor/edit-store';
import { closeDialog, openDialog } from '../ui/ui-store';
import { listFiles } from '../editor/files';
import { servesImages } from '../server/serves-images';
import { canWriteBack } from '../state/can-write';
import { useApp } from '../state/store';
import { currentView } from '../state/url';
import { useActionSpecs } from './action-specs';
import { Modal } from './Modal';
import { paletteActions } from './palette-actions';
import { runAction } from './run-action';

interface Command {
  id: string;
  label: string;
  detail?: string;
  group: 'Actions' | 'Editing' | 'Images' | 'Files';
  disabled?: string;
  run(): void;
}

/** Undo or Redo in the shared history, named after the step it would take back or again. */
function historyCommand(
  verb: 'Undo' | 'Redo',
  shortcut: string,
  step: string | undefined,
  can: boolean | undefined,
  run: () => Promise<unknown>,
): Command {
  return {
    id: verb.toLowerCase(),
    label: step ? `${verb} ${step}` : verb,
    detail: shortcut,
    group: 'Editing',
    disabled: can ? undefined : `nothing to ${verb.toLowerCase()}`,
    run: () => void run(),
  };
}

/** Ctrl+K: every action for what is selected, the editing commands, and the catalog's files. */
export default function CommandPalette() {
  const edit = useEdits((s) => s.edit);
  const summary = useApp((s) => s.summary);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const view = currentView();
  const specs = useActionSpecs();
  const files = useQuery({
    queryKey: ['files', summary?.generation],
    queryFn: () => listFiles(),
    enabled: !!summary,
  });

  const commands = useMemo<Command[]>(() => {
    const out: Command[] = [];
    for (const { offer, ...a } of paletteActions(specs ?? [], view))
      out.push({ ...a, group: 'Actions', run: () => void runAction(offer.action, offer.args) });
    out.push(
      historyCommand('Undo', 'Ctrl+Z', edit?.undoLabel, edit?.canUndo, undo),
      historyCommand('Redo', 'Ctrl+Shift+Z', edit?.redoLabel, edit?.canRedo, redo),
      {
        id: 'review',
        label: 'Review changes',
        group: 'Editing',
        disabled: edit?.dirty.length ? undefined : 'no changes',
        run: () => openDialog({ kind: 'review' }),
      },
      {
        id: 'write',
        label: 'Write to folder',
        group: 'Editing',
        disabled: canWriteBack(summary)
          ? edit?.dirty.length
            ? undefined
            : 'no changes'
          : 'not opened from a writable folder',
        run: startFolderWrite,
      },
      {
        id: 'zip',
        label: 'Download .zip',
        group: 'Editing',
        run: () => openDialog({ kind: 'write', target: 'zip' }),
      },
      {
        id: 'olmv1',
        label: 'OLM v1: preview a ClusterExtension',
        detail: 'what operator-controller would install from this catalog, and why',
        group: 'Actions',
        run: () => openDialog({ kind: 'olmv1' }),
      },
      {
        id: 'mirror',
        label: 'Mirror plan: what oc-mirror keeps for an ImageSetConfiguration',
        detail: 'kept bundles on the graph, opm validate, upgrade reachability',
        group: 'Actions',
        run: () => openDialog({ kind: 'mirror' }),
      },
    );
    // Served by `fbc-studio open`: the server pulls images (registries send browsers no CORS headers).
    if (servesImages())
      out.push(
        {
          id: 'open-image',
          label: 'Open image…',
          detail: 'a catalog image, read-only',
          group: 'Images',
          run: () => void import('../server/images').then((m) => m.openImage()),
        },
        {
          id: 'add-bundle-image',
          label: 'Add bundle by image reference…',
          group: 'Images',
          disabled: summary ? undefined : 'open a catalog first',
          run: () => void import('../server/images').then((m) => m.addBundleByImage()),
        },
      );
    for (const f of files.data ?? [])
      out.push({ id: `file:${f.path}`, label: f.path, group: 'Files', run: () => openInEditor(f.path) });
    return out;
  }, [view.pkg, view.ch, view.bundle, edit, summary, files.data, specs]);

  const shown = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return commands.filter((c) =>
      words.every((w) => `${c.label} ${c.detail ?? ''} ${c.group}`.toLowerCase().includes(w)),
    );
  }, [commands, query]);
  const close = closeDialog;
  const choose = (c: Command | undefined) => {
    if (!c || c.disabled) return;
    close();
    c.run();
  };
  const activeIndex = Math.min(active, shown.length - 1);
  // Warm the worker's edit core while the user picks.
  useEffect(() => {
    warmEditing();
  }, []);

  return (
    <Modal title="Command palette" onClose={close} className="palette">
      <input
        className="palette-input"
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls="palette-list"
        aria-activedescendant={shown[activeIndex] ? `cmd-${activeIndex}` : undefined}
        aria-label="Type a command, an action or a file name"
        placeholder="Type a command, an action or a file name"
        value={query}
        autoFocus
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            const n = shown.length;
            if (n) setActive((activeIndex + (e.key === 'ArrowDown' ? 1 : -1) + n) % n);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            choose(shown[activeIndex]);
          }
        }}
      />
      <ul id="palette-list" className="palette-list" role="listbox" aria-label="Commands">
        {shown.map((c, i) => (
          <li
            key={c.id}
            id={`cmd-${i}`}
            role="option"
            aria-selected={i === activeIndex}
            aria-disabled={!!c.disabled}
            className={`${i === activeIndex ? 'active' : ''}${c.disabled ? ' disabled' : ''}`}
            onMouseMove={() => setActive(i)}
            onClick={() => choose(c)}
          >
            <span className="palette-group">{c.group}</span>
            <span className="palette-label">{c.label}</span>
            <span className="muted small">{c.disabled ?? c.detail}</span>
          </li>
        ))}
        {shown.length === 0 && <li className="muted pad">Nothing matches.</li>}
      </ul>
    </Modal>
  );
}

/**
 * Quick fixes in the editor (Ctrl+.): for each of our markers, the worker's fixes for its finding,
 * applied as one-click actions through a Monaco command. Registered once for every language the
 * editor shows; apart from the dock because Monaco's providers are global, not per editor.
 */
import type { languages } from 'monaco-editor/editor';
import type { ActionName } from '../../protocol/catalog-protocol';
import { performAction, quickFixes } from './edit-client';
import { showNotice } from '../ui/ui-store';
import { diagnosticOf } from './markers';
import { JSON_STREAM, monaco } from './monaco-setup';

const APPLY_FIX = 'fbc-studio.applyFix';

let providersRegistered = false;

export function registerQuickFixes(): void {
  if (providersRegistered) return;
  providersRegistered = true;
  monaco.editor.registerCommand(APPLY_FIX, (_accessor, action: ActionName, args: Record<string, unknown>) => {
    void performAction(action, args).then((r) => {
      if (r.error) showNotice({ kind: 'error', text: r.error });
    });
  });
  for (const language of ['yaml', 'json', JSON_STREAM]) {
    monaco.languages.registerCodeActionProvider(language, {
      async provideCodeActions(model, _range, context) {
        const actions: languages.CodeAction[] = [];
        for (const marker of context.markers) {
          const d = diagnosticOf(model, marker);
          if (!d) continue;
          const fixes = await quickFixes(d);
          for (const f of fixes) {
            actions.push({
              title: f.title,
              kind: 'quickfix',
              isPreferred: f.preferred,
              diagnostics: [marker],
              command: { id: APPLY_FIX, title: f.title, arguments: [f.action, f.args] },
            });
          }
        }
        return { actions, dispose() {} };
      },
    });
  }
}

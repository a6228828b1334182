/**
 * The action registry as the UI sees it: every action's spec (label, fields, placements, shortcut),
 * fetched once from the worker, which holds the registry (src/core/edit/registry.ts). Menus,
 * palette, dialog and shortcuts all read it from here; no action is described twice.
 */
import { useQuery } from '@tanstack/react-query';
import type { ActionSpec } from '../../core/edit/action';
import type { ActionName } from '../../protocol/catalog-protocol';
import { catalogClient } from '../../worker/client';

/** An action's spec as the UI gets it: named by the registry's names. */
export type UiActionSpec = ActionSpec<ActionName>;

let pending: Promise<UiActionSpec[]> | undefined;

export function loadActionSpecs(): Promise<UiActionSpec[]> {
  pending ??= catalogClient()
    .editActions()
    .catch((e: unknown) => {
      pending = undefined; // a failed fetch (worker restarting) is tried again next time
      throw e;
    });
  return pending;
}

export async function actionSpec(name: ActionName): Promise<UiActionSpec | undefined> {
  return (await loadActionSpecs()).find((s) => s.name === name);
}

export function useActionSpecs(): UiActionSpec[] | undefined {
  return useQuery({ queryKey: ['action-specs'], queryFn: loadActionSpecs, staleTime: Infinity }).data;
}

/**
 * The action registry as the UI sees it: every action's spec (label, fields, placements, shortcut),
 * fetched once from the worker, which holds the registry (src/core/edit/registry.ts). Menus,
 * palette, dialog and shortcuts all read it from here; no action is described twice.
 */
import { useQuery } from '@tanstack/react-query';
import type { ActionSpec } from '../../core/edit/action';
import { catalogClient } from '../../worker/client';

let pending: Promise<ActionSpec[]> | undefined;

export function loadActionSpecs(): Promise<ActionSpec[]> {
  pending ??= catalogClient()
    .editActions()
    .catch((e: unknown) => {
      pending = undefined; // a failed fetch (worker restarting) is tried again next time
      throw e;
    });
  return pending;
}

export async function actionSpec(name: string): Promise<ActionSpec | undefined> {
  return (await loadActionSpecs()).find((s) => s.name === name);
}

export function useActionSpecs(): ActionSpec[] | undefined {
  return useQuery({ queryKey: ['action-specs'], queryFn: loadActionSpecs, staleTime: Infinity }).data;
}

/**
 * The client of the Mirror plan requests (loaded with the view, never in the initial JS): an
 * ImageSetConfiguration planned against the open catalog in the worker, and the plan's suggestion
 * applied to the ISC text there (the YAML edits stay off the UI thread too).
 */
import type { MirrorPlanRequest, MirrorPlanView } from '../../core/mirror/in-catalog';
import { catalogClient } from '../../worker/client';

export type { MirrorPlanView };

export const planMirror = (q: MirrorPlanRequest): Promise<MirrorPlanView> =>
  catalogClient().mirror({ kind: 'plan', ...q }) as Promise<MirrorPlanView>;

export const applySuggestion = (isc: string, patch: string): Promise<{ text: string } | { error: string }> =>
  catalogClient().mirror({ kind: 'apply', isc, patch }) as Promise<{ text: string } | { error: string }>;

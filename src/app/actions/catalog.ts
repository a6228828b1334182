/**
 * The edit actions as the UI offers them: names and labels of src/core/edit's registry (checked
 * equal by a unit test, so the menus never drift), plus what each needs picked. Kept here so menus
 * open instantly without loading the edit core.
 */
export type Target = 'package' | 'channel' | 'bundle' | 'edge';

export interface FieldSpec {
  arg: string;
  label: string;
  /** choice: pick one of `choices()`; combo: pick or type; text: free text; multi: several; kind: deprecation kind. */
  type: 'choice' | 'combo' | 'text' | 'multi';
  optional?: boolean;
  /** For optional choices: the label of "none" (e.g. no replaces), sent as null. */
  none?: string;
  placeholder?: string;
  /** Only shown when another argument has this value. */
  when?: { arg: string; in: string[] };
}

export interface UiAction {
  name: string;
  label: string;
  appliesTo: Target[];
  fields: FieldSpec[];
}

const channel: FieldSpec = { arg: 'channel', label: 'Channel', type: 'choice' };
const bundle: FieldSpec = { arg: 'bundle', label: 'Bundle', type: 'choice' };

export const UI_ACTIONS: UiAction[] = [
  {
    name: 'promoteToChannel',
    label: 'Promote to channel…',
    appliesTo: ['bundle'],
    fields: [
      bundle,
      {
        arg: 'channel',
        label: 'Channel (pick one, or type a new name)',
        type: 'combo',
        placeholder: 'e.g. fast',
      },
      { arg: 'replaces', label: 'Replaces', type: 'choice', optional: true, none: '(nothing: no replaces)' },
      {
        arg: 'skipRange',
        label: 'skipRange',
        type: 'combo',
        optional: true,
        placeholder: 'e.g. >=1.0.0 <1.3.0',
      },
    ],
  },
  { name: 'setDefaultChannel', label: 'Set as default channel', appliesTo: ['channel'], fields: [channel] },
  {
    name: 'createChannel',
    label: 'Create channel…',
    appliesTo: ['package'],
    fields: [
      { arg: 'channel', label: 'New channel name', type: 'text', placeholder: 'e.g. stable-v2' },
      { arg: 'bundles', label: 'Bundles (chained by replaces, oldest first)', type: 'multi', optional: true },
    ],
  },
  {
    name: 'removeFromChannel',
    label: 'Remove from channel',
    appliesTo: ['bundle'],
    fields: [channel, bundle],
  },
  {
    name: 'addReplaces',
    label: 'Add replaces edge…',
    appliesTo: ['bundle', 'edge'],
    fields: [channel, bundle, { arg: 'replaces', label: 'Replaces (an older bundle)', type: 'choice' }],
  },
  {
    name: 'removeReplaces',
    label: 'Remove replaces edge',
    appliesTo: ['edge', 'bundle'],
    fields: [channel, bundle],
  },
  {
    name: 'addSkip',
    label: 'Add skips edge…',
    appliesTo: ['bundle', 'edge'],
    fields: [channel, bundle, { arg: 'skip', label: 'Skips (an older bundle)', type: 'choice' }],
  },
  {
    name: 'removeSkip',
    label: 'Remove skips edge',
    appliesTo: ['edge'],
    fields: [channel, bundle, { arg: 'skip', label: 'Skipped bundle', type: 'choice' }],
  },
  {
    name: 'setSkipRange',
    label: 'Set skipRange…',
    appliesTo: ['bundle'],
    fields: [
      channel,
      bundle,
      { arg: 'skipRange', label: 'skipRange', type: 'combo', placeholder: '>=1.0.0 <1.2.0' },
    ],
  },
  {
    name: 'removeSkipRange',
    label: 'Remove skipRange',
    appliesTo: ['bundle', 'edge'],
    fields: [channel, bundle],
  },
  {
    name: 'deprecate',
    label: 'Deprecate…',
    appliesTo: ['package', 'channel', 'bundle'],
    fields: [
      { arg: 'kind', label: 'Deprecate', type: 'choice' },
      { arg: 'name', label: 'Which', type: 'choice', when: { arg: 'kind', in: ['channel', 'bundle'] } },
      {
        arg: 'message',
        label: 'Message shown to users',
        type: 'text',
        placeholder: 'e.g. Use the stable channel instead.',
      },
    ],
  },
];

export const uiAction = (name: string): UiAction | undefined => UI_ACTIONS.find((a) => a.name === name);

/** Fields still to fill: required, shown, and with no value yet. */
export function missingFields(a: UiAction, args: Record<string, unknown>): FieldSpec[] {
  return a.fields.filter((f) => {
    if (f.optional) return false;
    if (f.when && !f.when.in.includes(String(args[f.when.arg] ?? ''))) return false;
    const v = args[f.arg];
    return v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
  });
}

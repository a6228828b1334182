import type { DeclDeprecation } from '../../declcfg/types';
import { fieldKey } from '../../model/json-path';
import { defineAction, refuse, type Choice, type Choices, type EditContext } from '../action';
import type { JsonValue } from '../blob-op';
import { byVersionDesc, channelBlobs, deprecationBlobs, packageBlob, packageVersions } from '../catalog';
import { q, requireArg, run, withVersion } from '../common';
import { fallbackOrder } from '../key-order';
import { blobSamples, fileLooksSorted, ordered } from '../placement';
import { Workspace } from '../workspace';
import { SEMVER_REFUSALS } from '../template/semver-actions';

export type DeprecationKind = 'package' | 'channel' | 'bundle';

export interface DeprecateArgs {
  package: string;
  kind: DeprecationKind;
  /** The channel or bundle name; unused for the package itself. */
  name?: string;
  message: string;
}

const SCHEMA: Record<DeprecationKind, string> = {
  package: 'olm.package',
  channel: 'olm.channel',
  bundle: 'olm.bundle',
};

function rawEntries(d: DeclDeprecation): unknown[] {
  const v = d.raw[fieldKey(d.raw, 'entries')];
  return Array.isArray(v) ? v : [];
}

/** The existing deprecation of the target, if any. */
function existing(ctx: EditContext, pkg: string, schema: string, name: string): string | undefined {
  for (const d of deprecationBlobs(ctx.dc, pkg)) {
    for (const e of d.entries)
      if (e.reference.schema === schema && e.reference.name === name) return e.message;
  }
  return undefined;
}

/** Deprecates a package, channel or bundle: extends the package's olm.deprecations blob, or writes one. */
export const deprecate = defineAction<DeprecateArgs, 'deprecate'>({
  name: 'deprecate',
  template: { semver: SEMVER_REFUSALS.deprecate },
  label: 'Deprecate…',
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
  // Most specific first: the palette offers it on the first of these that is selected.
  placements: [
    { on: 'bundle', args: { kind: 'bundle', name: '{bundle}' } },
    { on: 'channel', label: 'Deprecate channel…', args: { kind: 'channel', name: '{channel}' } },
    { on: 'package', args: { kind: 'package' } },
  ],
  choices(ctx, args) {
    if (!args.package) return {};
    const pkg = args.package;
    const kinds: Choice[] = (['package', 'channel', 'bundle'] as const)
      .filter((k) => k !== 'package' || existing(ctx, pkg, SCHEMA.package, '') === undefined)
      .map((k) => ({ value: k, label: k }));
    const out: Choices<DeprecateArgs> = { kind: kinds };
    if (args.kind === 'channel') {
      out.name = channelBlobs(ctx.dc, pkg)
        .filter((c) => existing(ctx, pkg, SCHEMA.channel, c.name) === undefined)
        .map((c) => ({ value: c.name, label: c.name }));
    } else if (args.kind === 'bundle') {
      const versions = packageVersions(ctx, pkg);
      out.name = ctx.dc.bundles
        .filter((b) => b.package === pkg && existing(ctx, pkg, SCHEMA.bundle, b.name) === undefined)
        .map((b) => b.name)
        .sort(byVersionDesc(versions))
        .map((n) => withVersion(versions, n));
    }
    return out;
  },
  perform(ctx, args) {
    return run(() => {
      const pkgBlob = packageBlob(ctx.dc, requireArg(args.package, 'a package'));
      const pkg = pkgBlob.name;
      const kind = args.kind;
      const schema = SCHEMA[kind];
      if (!schema) return refuse(`cannot deprecate a ${String(kind)}`);
      const message = (args.message ?? '').trim();
      if (message === '')
        return refuse('a deprecation needs a message (opm: "invalid deprecation: message must be set")');
      const name = kind === 'package' ? '' : requireArg(args.name, `the ${kind} to deprecate`);
      if (
        kind === 'channel' &&
        !channelBlobs(ctx.dc, pkg).some((c) => c.name === name) &&
        pkgBlob.defaultChannel !== name
      ) {
        return refuse(`package ${q(pkg)} has no channel ${q(name)}`);
      }
      if (kind === 'bundle' && !ctx.dc.bundles.some((b) => b.package === pkg && b.name === name)) {
        return refuse(`package ${q(pkg)} has no bundle ${q(name)}`);
      }
      const what = kind === 'package' ? `package ${q(pkg)}` : `${kind} ${q(name)}`;
      const already = existing(ctx, pkg, schema, name);
      if (already !== undefined) return refuse(`${what} is already deprecated: ${already}`);
      const blobs = deprecationBlobs(ctx.dc, pkg);
      if (blobs.length > 1)
        return refuse(
          `package ${q(pkg)} has ${blobs.length} olm.deprecations blobs (opm allows one); merge them first`,
        );

      const ws = new Workspace(ctx.files, ctx.dc);
      const blob = blobs[0];
      const file = blob?.origin.file ?? pkgBlob.origin.file;
      const sorted = fileLooksSorted(ctx, file);
      const samples = blob ? rawEntries(blob) : ctx.dc.deprecations.flatMap(rawEntries).slice(0, 20);
      const refSamples = samples.map((s) =>
        typeof s === 'object' && s !== null
          ? (s as Record<string, unknown>)[fieldKey(s, 'reference')]
          : undefined,
      );
      const reference = ordered(
        kind === 'package' ? { schema } : { schema, name },
        'reference',
        refSamples,
        sorted,
      );
      const entry = ordered(
        { reference, message } as { [key: string]: JsonValue },
        'deprecationEntry',
        samples,
        sorted,
      );
      if (blob) {
        const placement = {
          samples: blobSamples(ctx, 'deprecations', file),
          fallback: fallbackOrder('deprecations', sorted),
        };
        ws.editBlob(blob.origin, [{ op: 'append', path: ['entries'], value: entry, placement }]);
      } else {
        const value = ordered(
          { schema: 'olm.deprecations', package: pkg, entries: [entry] } as { [key: string]: JsonValue },
          'deprecations',
          blobSamples(ctx, 'deprecations', file),
          sorted,
        );
        ws.appendBlob(pkgBlob.origin.file, value);
      }
      const select =
        kind === 'package'
          ? { package: pkg }
          : kind === 'channel'
            ? { package: pkg, channel: name }
            : { package: pkg, bundle: name };
      return { changes: ws.changes(), warnings: [], select };
    });
  },
});

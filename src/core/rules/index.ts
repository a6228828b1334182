/**
 * The rule catalogue: one entry per check, opm's (R1–R67 of fbc-rules.md §3) and FBC Studio's own.
 *
 * Adding a rule = one entry in its group's file here, plus its check. The check emits the id, and
 * the id's type (`RuleId`) is the set of keys of these files, so an emitter cannot use an id that
 * has no entry: it does not compile. The CLI (`fbc-studio rules`) and the Problems panel's "About
 * this rule" read the entry; nothing else needs to change.
 *
 * Emitters import `type RuleId` only, so the text stays out of the worker and the initial bundle;
 * the app loads this module on demand.
 */
import { BUNDLE_RULES } from './bundle';
import { BUNDLE_DIR_RULES } from './bundle-dir';
import { CROSSPLANE_OWN_RULES, CROSSPLANE_RULES } from './crossplane';
import { FLEET_OWN_RULES, FLEET_RULES } from './fleet';
import { CHANNEL_RULES } from './channel';
import { CONVERSION_BUNDLE_RULES } from './conversion-bundles';
import { CONVERSION_RULES } from './conversion';
import { DECODING_RULES } from './decoding';
import { DIFF_RULES } from './diff';
import { DEPRECATION_RULES } from './deprecations';
import { FBC_STUDIO_RULES } from './fbc-studio';
import { LIFECYCLE_RULES } from './lifecycle';
import { LOADING_RULES } from './loading';
import { MIRROR_RULES } from './mirror';
import { PACKAGE_RULES } from './package';
import { POLICY_COMMUNITY_RULES } from './policy-community';
import { POLICY_KONFLUX_RULES } from './policy-konflux';
import { REPO_CONFIG_RULES } from './repo-config';
import { WORKSPACE_RULES } from './workspace';
import type { RuleEntry, RuleGroup } from './types';

export type { RuleEntry, RuleGroup, RuleReference, RuleSource } from './types';

/** In catalogue order: opm's stages as operator-registry runs them, then our own checks. */
const GROUPS = [
  LOADING_RULES,
  DECODING_RULES,
  CONVERSION_RULES,
  CONVERSION_BUNDLE_RULES,
  DEPRECATION_RULES,
  PACKAGE_RULES,
  CHANNEL_RULES,
  BUNDLE_RULES,
  FBC_STUDIO_RULES,
  WORKSPACE_RULES,
  REPO_CONFIG_RULES,
  BUNDLE_DIR_RULES,
  CROSSPLANE_RULES,
  CROSSPLANE_OWN_RULES,
  FLEET_RULES,
  FLEET_OWN_RULES,
  DIFF_RULES,
  LIFECYCLE_RULES,
  MIRROR_RULES,
  POLICY_KONFLUX_RULES,
  POLICY_COMMUNITY_RULES,
] as const;

type Ids<G> = G extends Readonly<Record<infer K, RuleEntry>> ? K : never;

/** Every id a diagnostic may carry. */
export type RuleId = Ids<(typeof GROUPS)[number]>;

/** A subset of ids, checked: `RuleIds<'R2' | 'R3'>` fails to compile if either has no entry. */
export type RuleIds<T extends RuleId> = T;

export const RULES: readonly RuleEntry[] = GROUPS.flatMap((g) => Object.values(g) as RuleEntry[]);

const BY_ID: ReadonlyMap<string, RuleEntry> = new Map(RULES.map((r) => [r.id, r]));

/** The entry for an id, or undefined for an id the catalogue does not know (e.g. from an older build). */
export function ruleById(id: string): RuleEntry | undefined {
  return BY_ID.get(id);
}

/** Headings for the groups, in operator-registry's terms. */
export const GROUP_TITLES: Readonly<Record<RuleGroup, string>> = {
  loading: 'Directory loading (declcfg.LoadFS)',
  decoding: 'declcfg decoding (Meta, schema dispatch)',
  conversion: 'Model conversion (declcfg.ConvertToModel)',
  deprecations: 'Deprecations (ConvertToModel)',
  package: 'Package.Validate',
  channel: 'Channel.Validate',
  bundle: 'Bundle.Validate',
  'fbc-studio': 'FBC Studio checks',
  workspace: 'FBC Studio checks across a repository (one catalog per OpenShift version)',
  'repo-config': 'Repository configuration (.fbc-studio.yaml)',
  'bundle-dir': 'Bundle directories (registry+v1 and plain+v0, before they are built into an image)',
  crossplane: 'Crossplane packages (xpkg lint, package manager dependencies)',
  fleet: 'Fleet bundles (fleet.yaml, overlays, targets)',
  lifecycle:
    'Lifecycle blobs (io.openshift.operators.lifecycles.v1alpha1: support phases, platform compatibility)',
  diff: 'Catalog diff: what a change does to clusters already running the old catalog (fbc-studio diff)',
  mirror:
    'Mirroring plan: the catalog oc-mirror v2 rebuilds from an ImageSetConfiguration (fbc-studio mirror plan)',
  'policy-konflux': 'Konflux pipeline policy (validate-fbc, fbc-target-index-pruning-check)',
  'policy-community': 'Community operator pipeline policy (operator-pipelines static tests)',
};

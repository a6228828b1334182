/**
 * Can OLM v1 install this bundle at all? operator-controller's refusals, in its words, with its
 * default feature gates (at df2c201d70e83d02eae23597d604269fa1baf20a: webhook support GA, single-
 * and own-namespace install off): a dependency (resolve/validation.go), an APIService, no
 * AllNamespaces install mode (applier/provider.go), and the registry+v1 render validators
 * (rukpak/render/registryv1/validators). Each check says when the catalog lacks what it needs:
 * `olm.csv.metadata` carries install modes and APIServices but no webhooks, deployments or objects,
 * so a bundle that passes what can be checked is `null` (unknown), never a guess.
 */
import type { DeclBundle } from '../declcfg/types';
import { decodeBundleObjects, findCsv } from '../load';
import { SUPPORTED_KINDS } from '../bundle/supported-kinds';
import { dependencyError } from './resolve';

export interface Eligibility {
  package: string;
  bundle: string;
  /** null: what the catalog holds passes, but it lacks the data for the rest. */
  eligible: boolean | null;
  reasons: string[];
}

type Obj = Record<string, unknown>;
const rec = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const sorted = (xs: Iterable<string>) => [...xs].sort();

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** apimachinery IsDNS1123Subdomain's messages. */
function dns1123Errors(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 253) errs.push('must be no more than 253 characters');
  if (!DNS1123_SUBDOMAIN.test(name))
    errs.push(
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    );
  return errs.sort();
}

const goList = (xs: string[]) => `[${xs.join(' ')}]`;
const q = (s: string) => JSON.stringify(s);

/** The install-mode and APIService refusals, from a CSV spec or olm.csv.metadata (same field names). */
function installChecks(installModes: unknown, apiServiceDefinitions: unknown): string[] {
  const reasons: string[] = [];
  if (arr(rec(apiServiceDefinitions).owned).length > 0)
    // Upstream's spelling, kept so a search finds its message.
    reasons.push('unsupported bundle: apiServiceDefintions are not supported');
  const supported = new Set(
    arr(installModes)
      .filter((m) => rec(m).supported === true)
      .map((m) => str(rec(m).type)),
  );
  if (!supported.has('AllNamespaces'))
    reasons.push('unsupported bundle: bundle does not support AllNamespaces install mode');
  return reasons;
}

/** The registry+v1 render validators that need the whole CSV and the bundle's objects. */
function renderChecks(pkg: string, csvSpec: Obj, objects: Obj[]): string[] {
  const out: string[] = [];
  const deployments = arr(rec(rec(csvSpec.install).spec).deployments).map((d) => str(rec(d).name));
  const seen = new Set<string>();
  const dupDeployments = new Set<string>();
  for (const d of deployments) (seen.has(d) ? dupDeployments : seen).add(d);
  for (const d of sorted(dupDeployments))
    out.push(`cluster service version contains duplicate strategy deployment spec '${d}'`);
  for (const d of sorted(new Set(deployments))) {
    const errs = dns1123Errors(d);
    if (errs.length > 0)
      out.push(`invalid cluster service version strategy deployment name '${d}': ${errs.join(', ')}`);
  }
  const crds = objects
    .filter((o) => o.kind === 'CustomResourceDefinition')
    .map((o) => str(rec(o.metadata).name));
  const crdSet = new Set(crds);
  const dupCrds = new Set(crds.filter((c, i) => crds.indexOf(c) !== i));
  for (const c of sorted(dupCrds)) out.push(`bundle contains duplicate custom resource definition '${c}'`);
  const owned = arr(rec(csvSpec.customresourcedefinitions).owned).map((c) => str(rec(c).name));
  for (const c of sorted(new Set(owned.filter((o) => !crdSet.has(o)))))
    out.push(
      `cluster service definition references owned custom resource definition '${c}' not found in bundle`,
    );
  // A bundle folder whose annotations name no package reaches install with none.
  if (pkg === '') out.push('package name is empty');

  const webhooks = arr(csvSpec.webhookdefinitions).map(rec);
  const conversion = webhooks.filter((w) => w.type === 'ConversionWebhook');
  if (conversion.length > 0) {
    const modes = sorted(
      new Set(
        arr(csvSpec.installModes)
          .filter((m) => rec(m).supported === true)
          .map((m) => str(rec(m).type)),
      ),
    );
    if (modes.length !== 1 || modes[0] !== 'AllNamespaces')
      for (const w of conversion)
        out.push(
          `bundle contains conversion webhook ${q(str(w.generateName))} and supports install modes ${goList(modes)} - conversion webhooks are only supported for bundles that only support AllNamespaces install mode`,
        );
  }
  const deploymentSet = new Set(deployments);
  const orphan = webhooks
    .filter((w) => !deploymentSet.has(str(w.deploymentName)))
    .sort(
      (a, b) =>
        str(a.deploymentName).localeCompare(str(b.deploymentName)) ||
        str(a.type).localeCompare(str(b.type)) ||
        str(a.generateName).localeCompare(str(b.generateName)),
    );
  for (const w of orphan)
    out.push(
      `webhook of type '${str(w.type)}' with name '${str(w.generateName)}' references non-existent deployment '${str(w.deploymentName)}'`,
    );
  const byType = new Map<string, string[]>();
  for (const w of webhooks)
    byType.set(str(w.type), [...(byType.get(str(w.type)) ?? []), str(w.generateName)]);
  for (const t of sorted(byType.keys())) {
    const names = byType.get(t)!;
    for (const n of sorted(new Set(names.filter((x, i) => names.indexOf(x) !== i))))
      out.push(`duplicate webhook '${n}' of type '${t}'`);
  }
  for (const t of sorted(byType.keys()))
    for (const n of sorted(new Set(byType.get(t)!))) {
      const errs = dns1123Errors(n);
      if (errs.length > 0) out.push(`webhook of type '${t}' has invalid name '${n}': ${errs.join(',')}`);
    }
  const crdToWebhooks = new Map<string, string[]>();
  for (const w of conversion)
    for (const c of arr(w.conversionCRDs).map(str))
      crdToWebhooks.set(c, [...(crdToWebhooks.get(c) ?? []), str(w.generateName)]);
  for (const c of sorted(crdToWebhooks.keys())) {
    const whs = crdToWebhooks.get(c)!;
    if (whs.length > 1)
      out.push(
        `conversion webhooks [${sorted(whs).join(',')}] reference same custom resource definition '${c}'`,
      );
  }
  const ownedSet = new Set(owned);
  for (const w of [...conversion].sort((a, b) => str(a.generateName).localeCompare(str(b.generateName))))
    for (const c of sorted(arr(w.conversionCRDs).map(str)))
      if (!ownedSet.has(c))
        out.push(
          `conversion webhook '${str(w.generateName)}' references custom resource definition '${c}' not owned bundle`,
        );
  for (const w of webhooks) {
    if (w.type === 'ConversionWebhook') continue;
    const name = str(w.generateName);
    for (const rule of arr(w.rules).map(rec))
      for (const g of arr(rule.apiGroups).map(str)) {
        if (g === 'olm.operatorframework.io' || g === '*')
          out.push(
            `webhook ${q(name)} contains forbidden rule: admission webhook rules cannot reference API group ${q(g)}`,
          );
        if (g === 'admissionregistration.k8s.io')
          for (const r of arr(rule.resources).map(str))
            if (
              [
                '*',
                'mutatingwebhookconfiguration',
                'mutatingwebhookconfigurations',
                'validatingwebhookconfiguration',
                'validatingwebhookconfigurations',
              ].includes(r.toLowerCase())
            )
              out.push(
                `webhook ${q(name)} contains forbidden rule: admission webhook rules cannot reference resource ${q(r)} for API group ${q(g)}`,
              );
      }
  }
  for (const o of objects) {
    const kind = str(o.kind);
    if (kind === 'ClusterServiceVersion' || kind === 'CustomResourceDefinition') continue;
    if (!SUPPORTED_KINDS.has(kind))
      out.push(`unsupported resource ${q(str(rec(o.metadata).name))} with kind ${q(kind)}`);
  }
  return out;
}

/** A catalog bundle, or one rendered from a bundle directory (`opm render` without migration keeps its objects). */
export type EligibilityInput = Pick<DeclBundle, 'package' | 'name' | 'properties'>;

export function bundleEligibility(b: EligibilityInput): Eligibility {
  const reasons: string[] = [];
  const dep = dependencyError(b);
  if (dep) reasons.push(dep);
  const objects = decodeBundleObjects(b as DeclBundle).map(rec);
  const csv = findCsv(objects);
  let complete = false;
  if (csv) {
    const spec = rec(csv.spec);
    reasons.push(
      ...installChecks(spec.installModes, spec.apiservicedefinitions),
      ...renderChecks(b.package, spec, objects),
    );
    complete = true;
  } else {
    const meta = b.properties.find((p) => p.type === 'olm.csv.metadata');
    if (meta) {
      const v = rec(meta.value);
      // Metadata that leaves installModes out says nothing about them (a full CSV without any supports none).
      reasons.push(
        ...installChecks(
          v.installModes ?? [{ type: 'AllNamespaces', supported: true }],
          v.apiServiceDefinitions,
        ),
      );
      if (reasons.length === 0)
        reasons.push(
          v.installModes === undefined
            ? 'unknown: olm.csv.metadata carries no install modes, webhook definitions, deployments or bundle objects to check'
            : 'unknown: olm.csv.metadata carries no webhook definitions, deployments or bundle objects to check',
        );
    } else if (reasons.length === 0) {
      reasons.push(
        'unknown: the catalog carries neither olm.bundle.object nor olm.csv.metadata for this bundle',
      );
    }
  }
  const failed = reasons.some((r) => !r.startsWith('unknown:'));
  return { package: b.package, bundle: b.name, eligible: failed ? false : complete ? true : null, reasons };
}

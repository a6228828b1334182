/**
 * operator-framework/api's BundleValidator (pkg/validation/internal/bundle.go validateBundle): owned
 * CRDs against the bundle's CRDs, service accounts the CSV already names, the bundle name of a CSV
 * with a release, the relatedImages pull specs. The size check is bundle-size.ts. Messages are
 * upstream's Detail; the bundle's name in them is the CSV's metadata.name, as in manifests.Bundle.
 */
import { goQuote } from '../go/strings';
import { imageReferenceError } from '../model/image-ref';
import { Collector, gvkString, nthLine, str } from './check-collector';
import { crdGvks } from './check-crds';
import { PACKAGE_LABEL } from './check-metadata';
import { manifestLines } from './manifest-lines';
import { dig, lineOf, objectsOfKind, reEscape, type BundleDir, type BundleManifest } from './read-bundle';

const CRD_API_VERSIONS = new Set(['apiextensions.k8s.io/v1', 'apiextensions.k8s.io/v1beta1']);

/** validateOwnedCRDs: duplicates among the bundle's CRD versions, owned keys missing, CRDs not owned. */
function checkOwnedCrds(dir: BundleDir, csv: BundleManifest, name: string, c: Collector): void {
  // getBundleCRDKeys: every version of every v1 / v1beta1 CRD, in file order.
  const bundleKeys: { key: string; group: string; kind: string; m: BundleManifest }[] = [];
  for (const m of objectsOfKind(dir, 'CustomResourceDefinition')) {
    if (!CRD_API_VERSIONS.has(str(m.object?.apiVersion))) continue;
    for (const g of crdGvks(m.object as Record<string, unknown>))
      bundleKeys.push({ key: gvkString(g.group, g.version, g.kind), group: g.group, kind: g.kind, m });
  }
  const keySet = new Map<string, { group: string; kind: string; m: BundleManifest }>();
  for (const k of bundleKeys) {
    if (keySet.has(k.key))
      c.add(
        'bundle-duplicate-crd',
        `duplicate CRD ${goQuote(k.key)} in bundle ${goQuote(name)}`,
        k.m.path,
        1,
      );
    keySet.set(k.key, k);
  }
  const owned = dig(csv.object, 'spec', 'customresourcedefinitions', 'owned');
  const ownedGroupKinds = new Set<string>();
  (Array.isArray(owned) ? owned : []).forEach((d) => {
    const crdName = str(dig(d, 'name'));
    const dot = crdName.indexOf('.');
    const group = dot < 0 ? crdName : crdName.slice(dot + 1);
    const kind = str(dig(d, 'kind'));
    const key = gvkString(group, str(dig(d, 'version')), kind);
    if (!keySet.has(key)) {
      const line = nthLine(
        csv.text,
        new RegExp(`^\\s*-?\\s*name:\\s*['"]?${reEscape(crdName)}['"]?\\s*$`),
        0,
      );
      c.add(
        'bundle-owned-crd-missing',
        `owned CRD ${goQuote(key)} not found in bundle ${goQuote(name)}`,
        csv.path,
        line,
      );
    } else {
      keySet.delete(key);
      ownedGroupKinds.add(`${group}\u0000${kind}`);
    }
  });
  // Versions of an owned group/kind that the CSV does not list are unused versions, not strays.
  for (const [key, k] of keySet) {
    if (ownedGroupKinds.has(`${k.group}\u0000${k.kind}`)) continue;
    c.add(
      'bundle-crd-not-owned',
      `CRD ${goQuote(key)} is present in bundle ${goQuote(name)} but not defined in CSV`,
      k.m.path,
      1,
    );
  }
}

/** validateServiceAccounts: a ServiceAccount manifest named as a deployment's serviceAccountName. */
function checkServiceAccounts(dir: BundleDir, csv: BundleManifest, c: Collector): void {
  const deployments = dig(csv.object, 'spec', 'install', 'spec', 'deployments');
  const fromCsv = new Set(
    (Array.isArray(deployments) ? deployments : []).map((d) =>
      str(dig(d, 'spec', 'template', 'spec', 'serviceAccountName')),
    ),
  );
  for (const m of objectsOfKind(dir, 'ServiceAccount')) {
    if (m.object?.apiVersion !== 'v1') continue;
    const sa = str(dig(m.object, 'metadata', 'name'));
    if (!fromCsv.has(sa)) continue;
    c.add(
      'bundle-service-account',
      `invalid service account found in bundle. This service account ${sa} in your bundle is not valid, because a service account with the same name was already specified in your CSV. If this was unintentional, please remove the service account manifest from your bundle. If it was intentional to specify a separate service account, please rename the SA in either the bundle manifest or the CSV.`,
      m.path,
      lineOf(m.text, /^\s+name:/),
    );
  }
}

/** validateBundleName: with spec.release set, the bundle is <package>-v<version>-<release>. */
function checkReleaseName(dir: BundleDir, csv: BundleManifest, name: string, c: Collector): void {
  const release = dig(csv.object, 'spec', 'release');
  // OperatorRelease unmarshals from a JSON string only (a number fails the CSV's decoding upstream).
  const text = typeof release === 'string' ? release : '';
  if (text === '') return;
  const expected = `${dir.annotations?.[PACKAGE_LABEL] ?? ''}-v${str(dig(csv.object, 'spec', 'version'))}-${text}`;
  if (name !== expected)
    c.addAt(
      'bundle-release-name',
      `bundle name with release versioning ${goQuote(name)} does not match expected name ${goQuote(expected)}`,
      csv,
      /^\s+release:/,
    );
}

/** validateRelatedImages: each relatedImages[].image is a pull spec reference.ParseNormalizedNamed takes. */
function checkRelatedImages(csv: BundleManifest, c: Collector): void {
  const related = dig(csv.object, 'spec', 'relatedImages');
  if (!Array.isArray(related)) return;
  const lines = manifestLines(csv);
  related.forEach((r, i) => {
    const image = str(dig(r, 'image'));
    const line = lines.lineOf(['spec', 'relatedImages', i, 'image']);
    if (image === '') {
      c.add('bundle-related-image', `relatedImages[${i}] has an empty image field`, csv.path, line);
      return;
    }
    const err = imageReferenceError(image);
    if (err !== undefined)
      c.add(
        'bundle-related-image',
        `relatedImages[${i}] has an invalid image pullspec ${goQuote(image)}: ${err}`,
        csv.path,
        line,
      );
  });
}

/** The bundle-level checks of api's BundleValidator, except its size check. */
export function checkBundleValidator(dir: BundleDir, csv: BundleManifest, c: Collector): void {
  const name = str(dig(csv.object, 'metadata', 'name'));
  checkOwnedCrds(dir, csv, name, c);
  checkServiceAccounts(dir, csv, c);
  checkReleaseName(dir, csv, name, c);
  checkRelatedImages(csv, c);
}

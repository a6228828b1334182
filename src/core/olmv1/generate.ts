/** A ClusterExtension (olm.operatorframework.io/v1) written for a chosen bundle and channel. */
import { OLM_V1_API } from './api-version';

/**
 * The CRD wants spec.namespace a DNS-1123 label, stricter than the package names it defaults from
 * (dots, up to 253 characters): those become hyphens, cut to 63.
 */
function namespaceFor(name: string): string {
  const label = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');
  return label === '' ? 'default' : label;
}

/** A ClusterExtension for a chosen bundle and channel, ready to apply (pinned to the bundle's version when given). */
export function generateClusterExtension(opts: {
  packageName: string;
  channel?: string;
  version?: string;
  name?: string;
  namespace?: string;
}): string {
  const name = opts.name ?? opts.packageName;
  const q = (s: string) => JSON.stringify(s);
  const lines = [
    `apiVersion: ${OLM_V1_API}`,
    'kind: ClusterExtension',
    'metadata:',
    `  name: ${q(name)}`,
    'spec:',
    `  namespace: ${q(opts.namespace ?? namespaceFor(name))}`,
    '  source:',
    '    sourceType: Catalog',
    '    catalog:',
    `      packageName: ${q(opts.packageName)}`,
  ];
  if (opts.channel) lines.push('      channels:', `        - ${q(opts.channel)}`);
  if (opts.version) lines.push(`      version: ${q(opts.version)}`);
  return lines.join('\n') + '\n';
}

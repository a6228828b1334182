/** A ClusterExtension (olm.operatorframework.io/v1) written for a chosen bundle and channel. */
import { OLM_V1_API } from './api-version';

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
    `  namespace: ${q(opts.namespace ?? name)}`,
    '  source:',
    '    sourceType: Catalog',
    '    catalog:',
    `      packageName: ${q(opts.packageName)}`,
  ];
  if (opts.channel) lines.push('      channels:', `        - ${q(opts.channel)}`);
  if (opts.version) lines.push(`      version: ${q(opts.version)}`);
  return lines.join('\n') + '\n';
}

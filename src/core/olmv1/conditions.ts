/**
 * The deprecation conditions a ClusterExtension gets after resolution (operator-controller
 * controllers/clusterextension_controller.go `SetDeprecationStatus`): always all four, True /
 * False / Unknown, with upstream's reasons and messages. `BundleDeprecated` is about the installed
 * bundle, not the one resolved.
 */
import type { DeclDeprecation } from '../declcfg/types';

export interface Condition {
  type: 'Deprecated' | 'PackageDeprecated' | 'ChannelDeprecated' | 'BundleDeprecated';
  status: 'True' | 'False' | 'Unknown';
  reason: 'Deprecated' | 'NotDeprecated' | 'DeprecationStatusUnknown' | 'Absent';
  message: string;
}

const UNKNOWN = 'deprecation status unknown: catalog data unavailable';

export function deprecationConditions(
  channels: readonly string[],
  installedBundleName: string,
  deprecation: DeclDeprecation | undefined,
  hasCatalogData: boolean,
): Condition[] {
  if (!hasCatalogData) {
    const u = (type: Condition['type']): Condition => ({
      type,
      status: 'Unknown',
      reason: 'DeprecationStatusUnknown',
      message: UNKNOWN,
    });
    return [
      u('Deprecated'),
      u('PackageDeprecated'),
      u('ChannelDeprecated'),
      installedBundleName === ''
        ? {
            type: 'BundleDeprecated',
            status: 'Unknown',
            reason: 'Absent',
            message: 'no bundle installed yet',
          }
        : u('BundleDeprecated'),
    ];
  }
  const pkg: string[] = [];
  const chan: string[] = [];
  const bundle: string[] = [];
  const channelSet = new Set(channels);
  for (const e of deprecation?.entries ?? []) {
    // Entries without a message count for nothing (collectDeprecationMessages).
    const add = (to: string[]) => e.message !== '' && to.push(e.message);
    if (e.reference.schema === 'olm.package') add(pkg);
    else if (e.reference.schema === 'olm.channel') {
      // With no channels asked for, any channel could be picked: every channel deprecation counts.
      if (channelSet.size === 0 || channelSet.has(e.reference.name)) add(chan);
    } else if (
      e.reference.schema === 'olm.bundle' &&
      installedBundleName !== '' &&
      e.reference.name === installedBundleName
    )
      add(bundle);
  }
  const set = (type: Condition['type'], messages: string[], notMessage: string): Condition =>
    messages.length > 0
      ? { type, status: 'True', reason: 'Deprecated', message: messages.join('\n') }
      : { type, status: 'False', reason: 'NotDeprecated', message: notMessage };
  return [
    set('Deprecated', [...pkg, ...chan, ...bundle], 'not deprecated'),
    set('PackageDeprecated', pkg, 'package not deprecated'),
    set('ChannelDeprecated', chan, 'channel not deprecated'),
    installedBundleName === ''
      ? { type: 'BundleDeprecated', status: 'Unknown', reason: 'Absent', message: 'no bundle installed yet' }
      : set('BundleDeprecated', bundle, 'bundle not deprecated'),
  ];
}

/**
 * A bundle's metadata checks: annotations.yaml (the operators.operatorframework.io.bundle.* labels,
 * mediatype, package, channels, default channel) and dependencies.yaml (olm.package, olm.gvk,
 * olm.label, olm.constraint), with operator-framework's message texts.
 */
import { goQuote } from '../go/strings';
import { parseRange, SemverError } from '../semver';
import { parseVersionOrError } from '../semver/version';
import { Collector, nthLine, str } from './check-collector';
import { MEDIATYPE_LABEL } from './detect';
import { dig, isObject, lineOf, reEscape, type BundleDir } from './read-bundle';

export const PACKAGE_LABEL = 'operators.operatorframework.io.bundle.package.v1';
export const CHANNELS_LABEL = 'operators.operatorframework.io.bundle.channels.v1';
export const DEFAULT_CHANNEL_LABEL = 'operators.operatorframework.io.bundle.channel.default.v1';
export const MANIFESTS_LABEL = 'operators.operatorframework.io.bundle.manifests.v1';
export const METADATA_LABEL = 'operators.operatorframework.io.bundle.metadata.v1';

export function checkAnnotations(dir: BundleDir, c: Collector): void {
  const file = dir.annotationsFile;
  const ann = dir.annotations;
  if (!file || !ann) {
    c.add(
      'bundle-annotations-file',
      'Could not find annotations file',
      dir.hasMetadataDir ? 'metadata' : undefined,
    );
    return;
  }
  const at = (label: string) => lineOf(file.text, new RegExp(reEscape(label)));
  const annLine = lineOf(file.text, /^annotations:/);
  for (const label of [MEDIATYPE_LABEL, MANIFESTS_LABEL, METADATA_LABEL, PACKAGE_LABEL, CHANNELS_LABEL]) {
    if (!(label in ann))
      c.add('bundle-annotation-missing', `Missing annotation ${goQuote(label)}`, file.path, annLine);
  }
  const mediatype = ann[MEDIATYPE_LABEL] ?? '';
  if (mediatype !== 'registry+v1') {
    c.add(
      'bundle-mediatype',
      `Expecting annotation ${goQuote(MEDIATYPE_LABEL)} to have value ${goQuote('registry+v1')} instead of ${goQuote(mediatype)}`,
      file.path,
      mediatype === '' ? annLine : at(MEDIATYPE_LABEL),
    );
  }
  const channels = ann[CHANNELS_LABEL] ?? '';
  if (channels === '') {
    c.add(
      'bundle-annotation-empty',
      `Expecting annotation ${goQuote(CHANNELS_LABEL)} to have non-empty value`,
      file.path,
      CHANNELS_LABEL in ann ? at(CHANNELS_LABEL) : annLine,
    );
    return;
  }
  const list = channels.split(',');
  if (list.includes('')) {
    c.add(
      'bundle-invalid-channels',
      `invalid channels are provided: ${channels}`,
      file.path,
      at(CHANNELS_LABEL),
    );
  }
  const def = ann[DEFAULT_CHANNEL_LABEL];
  if (def !== undefined && def !== '' && !list.includes(def)) {
    c.add(
      'bundle-default-channel',
      `The channel list "${channels}" doesn't contain channelDefault "${def}"`,
      file.path,
      at(DEFAULT_CHANNEL_LABEL),
    );
  }
}

export function checkDependencies(dir: BundleDir, c: Collector): void {
  const file = dir.dependenciesFile;
  if (!file || !dir.dependencies) return;
  dir.dependencies.forEach((d, i) => {
    const line = nthLine(file.text, /^\s*-\s/, i);
    const type = str(dig(d, 'type'));
    const value = isObject(d) ? d.value : undefined;
    const add = (m: string) => c.add('bundle-dependency', m, file.path, line);
    if (value === undefined || (value !== null && !isObject(value))) {
      add(`couldn't parse dependency of type ${type}`);
      return;
    }
    const v = (value ?? {}) as Record<string, unknown>;
    switch (type) {
      case 'olm.gvk':
        if (str(v.group) === '') add('API Group is empty');
        if (str(v.version) === '') add('API Version is empty');
        if (str(v.kind) === '') add('API Kind is empty');
        break;
      case 'olm.package': {
        if (str(v.packageName) === '') add('Package name is empty');
        const version = str(v.version);
        if (version === '') add('Package version is empty');
        else if (typeof parseVersionOrError(version) === 'string') {
          try {
            parseRange(version);
          } catch (e) {
            if (!(e instanceof SemverError)) throw e;
            add('Invalid semver format version');
          }
        }
        break;
      }
      case 'olm.label':
        if (str(v.label) === '') add('Label information is missing');
        break;
      case 'olm.constraint':
        if (!['cel', 'all', 'any', 'not', 'gvk', 'package'].some((k) => k in v)) {
          add(`couldn't parse dependency of type ${type}`);
        }
        break;
      default:
        add(`couldn't parse dependency of type ${type}`);
    }
  });
}

import type {
  DeclBundle,
  DeclChannel,
  DeclChannelEntry,
  DeclDeprecation,
  DeclPackage,
  RelatedImage,
} from '../declcfg/types';
import type { LocRef } from '../location';
import { goQuote, parseVersion, validateRelease, type Version } from '../semver';
import type { ConvertError, ConvertPhase, OrderedError } from './convert-errors';
import type { PackageBlobs } from './convert-partition';
import { dns1123LabelErrors, goStringList, sortGoStrings } from './go-format';
import { imageReferenceError } from './image-ref';
import { refTo } from './json-path';
import { parseBundleProperties, type PackageProperty } from './properties';
import type { Deprecation, ModelBundle, ModelChannel, ModelPackage } from './types';

/**
 * Stage B's second step: every check within one package (R19, R21–R23, R26–R35, R38–R44), on that
 * package's blobs alone, so a re-validation can redo just the package an edit touched.
 */

const q = goQuote;
const TYPE_PACKAGE = 'olm.package';

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** `%#v` of a `declcfg.PackageScopedReference`. */
function goScopedReference(schema: string, name: string): string {
  return `declcfg.PackageScopedReference{Schema:${q(schema)}, Name:${q(name)}}`;
}

/** Every field is present from the start (same object shape for all bundles: V8 keeps them fast). */
function entryBundle(pkg: string, c: DeclChannel, e: DeclChannelEntry, index: number): ModelBundle {
  return {
    package: pkg,
    channel: c.name,
    name: e.name,
    image: '',
    replaces: e.replaces,
    skips: e.skips,
    skipRange: e.skipRange,
    properties: [],
    relatedImages: [],
    version: undefined,
    release: '',
    deprecation: undefined,
    origin: undefined,
    entryOrigin: c.origin,
    entryIndex: index,
    raw: undefined,
  };
}

export interface PackageConversion {
  package: ModelPackage;
  /** In opm's order; `index` is into the PackageBlobs' own lists (see `dcIndex`). */
  errors: OrderedError[];
}

/** Stage B for one package's blobs (everything but the cross-package checks of `partitionBlobs`). */
class PackageConverter {
  readonly errors: OrderedError[] = [];
  readonly mpkg: ModelPackage;
  private phase: ConvertPhase = 'packages';
  private index = 0;
  /** Bundle blob names that got past R26 (opm's `packageBundles`, used by R41). */
  private readonly bundleNames = new Set<string>();
  /**
   * opm's `channelDefinedEntries` for this package: the entry names of the *last* channel accepted
   * (overwritten per channel, which is the R35 quirk), minus the bundles found since; `first` is
   * the first accepted channel, whose position orders R35 among packages.
   */
  private lastChannelEntries: { channel: DeclChannel; names: Set<string>; first: number } | undefined;

  constructor(p: DeclPackage) {
    const nameErrors = dns1123LabelErrors(p.name);
    if (nameErrors.length > 0) {
      // Kept in the model anyway: dropping it would turn each of its channels and bundles into an
      // "unknown package" error that says nothing new.
      this.fail({
        rule: 'R19',
        message: `invalid package name ${q(p.name)}: ${goStringList(nameErrors)}`,
        package: p.name,
        ref: refTo(p.origin, p.raw, ['name']),
      });
    }
    const mpkg: ModelPackage = {
      name: p.name,
      description: p.description,
      defaultChannel: p.defaultChannel,
      channels: new Map(),
      origin: p.origin,
      raw: p.raw,
    };
    if (p.icon !== undefined) mpkg.icon = p.icon;
    this.mpkg = mpkg;
  }

  private at(phase: ConvertPhase, index: number): void {
    this.phase = phase;
    this.index = index;
  }

  private fail(e: ConvertError): void {
    this.errors.push({ phase: this.phase, index: this.index, error: e });
  }

  convertChannel(c: DeclChannel, index: number): void {
    this.at('channels', index);
    const mpkg = this.mpkg;
    const base = { package: c.package, channel: c.name };
    if (c.name === '') {
      const message = `package ${q(c.package)} contains channel with no name`;
      this.fail({ rule: 'R21', message, ...base, ref: refTo(c.origin, c.raw, ['name']) });
      return;
    }
    if (mpkg.channels.has(c.name)) {
      const message = `package ${q(c.package)} has duplicate channel ${q(c.name)}`;
      this.fail({ rule: 'R22', message, ...base, ref: refTo(c.origin, c.raw, ['name']) });
      return;
    }
    const mch: ModelChannel = {
      package: c.package,
      name: c.name,
      bundles: new Map(),
      origin: c.origin,
      raw: c.raw,
    };
    const names = new Set<string>();
    for (let i = 0; i < c.entries.length; i++) {
      const e = c.entries[i] as DeclChannelEntry;
      if (mch.bundles.has(e.name)) {
        this.fail({
          rule: 'R23',
          message: `invalid package ${q(c.package)}, channel ${q(c.name)}: duplicate entry ${q(e.name)}`,
          ...base,
          bundle: e.name,
          ref: refTo(c.origin, c.raw, ['entries', i, 'name']),
        });
        continue; // keep the first entry of that name
      }
      names.add(e.name);
      mch.bundles.set(e.name, entryBundle(c.package, c, e, i));
    }
    this.lastChannelEntries = { channel: c, names, first: this.lastChannelEntries?.first ?? index };
    mpkg.channels.set(c.name, mch);
  }

  convertBundle(b: DeclBundle, index: number): void {
    this.at('bundles', index);
    const mpkg = this.mpkg;
    // Only the error paths allocate: the happy path builds nothing beyond the model itself.
    const base = { package: b.package, bundle: b.name };
    const names = this.bundleNames;
    if (names.has(b.name)) {
      const message = `package ${q(b.package)} has duplicate bundle ${q(b.name)}`;
      this.fail({ rule: 'R26', message, ...base, ref: refTo(b.origin, b.raw, ['name']) });
      return;
    }
    names.add(b.name);

    // From here on opm would stop at the first failure; we keep checking, and still attach the blob
    // to its entries so that later stages do not report it as missing.
    const props = parseBundleProperties(b.properties);
    let pkgProp: PackageProperty | undefined;
    if (props.error !== undefined) {
      this.fail({
        rule: 'R27',
        message: `parse properties for bundle ${q(b.name)}: ${props.error.message}`,
        ...base,
        ref: refTo(b.origin, b.raw, ['properties', props.error.index]),
      });
    } else if (props.packages.length !== 1) {
      this.fail({
        rule: 'R28',
        message:
          `package ${q(b.package)} bundle ${q(b.name)} must have exactly 1 ${q(TYPE_PACKAGE)} property, ` +
          `found ${props.packages.length}`,
        ...base,
        ref: refTo(
          b.origin,
          b.raw,
          props.packages.length > 1
            ? ['properties', (props.packages[1] as PackageProperty).index]
            : ['properties'],
        ),
      });
    } else {
      pkgProp = props.packages[0] as PackageProperty;
      if (pkgProp.packageName !== b.package) {
        this.fail({
          rule: 'R29',
          message: `package ${q(b.package)} does not match ${q(TYPE_PACKAGE)} property ${q(pkgProp.packageName)}`,
          ...base,
          ref: refTo(b.origin, b.raw, ['properties', pkgProp.index, 'value', 'packageName']),
        });
      }
    }

    if (b.image !== '') {
      const err = imageReferenceError(b.image);
      if (err !== undefined) {
        this.fail({
          rule: 'R30',
          message: `package ${q(b.package)} bundle ${q(b.name)} image: invalid image pull spec ${q(b.image)}: ${err}`,
          ...base,
          ref: refTo(b.origin, b.raw, ['image']),
        });
      }
    }
    for (let i = 0; i < b.relatedImages.length; i++) {
      const ri = b.relatedImages[i] as RelatedImage;
      if (ri.image === '') continue;
      const err = imageReferenceError(ri.image);
      if (err === undefined) continue;
      this.fail({
        rule: 'R31',
        message:
          `package ${q(b.package)} bundle ${q(b.name)} relatedImages[${i}].image: ` +
          `invalid image pull spec ${q(ri.image)}: ${err}`,
        ...base,
        ref: refTo(b.origin, b.raw, ['relatedImages', i, 'image']),
      });
    }

    let version: Version | undefined;
    let release = '';
    if (pkgProp !== undefined) {
      try {
        version = parseVersion(pkgProp.version);
      } catch (e) {
        this.fail({
          rule: 'R32',
          message: `error parsing bundle ${q(b.name)} version ${q(pkgProp.version)}: ${errorText(e)}`,
          ...base,
          ref: refTo(b.origin, b.raw, ['properties', pkgProp.index, 'value', 'version']),
        });
      }
      try {
        validateRelease(pkgProp.release);
        release = pkgProp.release;
      } catch (e) {
        this.fail({
          rule: 'R33',
          message: `error parsing bundle ${q(b.name)} release version ${q(pkgProp.release)}: ${errorText(e)}`,
          ...base,
          ref: refTo(b.origin, b.raw, ['properties', pkgProp.index, 'value', 'release']),
        });
      }
    }

    this.lastChannelEntries?.names.delete(b.name);
    let found = false;
    for (const mch of mpkg.channels.values()) {
      const mb = mch.bundles.get(b.name);
      if (mb === undefined) continue;
      found = true;
      mb.image = b.image;
      mb.properties = b.properties;
      mb.relatedImages = b.relatedImages;
      mb.version = version;
      mb.release = release;
      mb.origin = b.origin;
      mb.raw = b.raw;
    }
    if (!found) {
      this.fail({
        rule: 'R34',
        message: `package ${q(b.package)}, bundle ${q(b.name)} not found in any channel entries`,
        ...base,
        ref: refTo(b.origin, b.raw, ['name']),
      });
    }
  }

  /** R35, with opm's quirk: only the last channel of the package is checked. */
  checkEntriesHaveBundles(): void {
    const last = this.lastChannelEntries;
    if (last === undefined || last.names.size === 0) return;
    this.at('entries', last.first);
    const { channel, names } = last;
    const pkg = this.mpkg.name;
    const missing = sortGoStrings(names);
    const first = channel.entries.findIndex((e) => e.name === missing[0]);
    this.fail({
      rule: 'R35',
      message: `no olm.bundle blobs found in package ${q(pkg)} for olm.channel entries ${goStringList(missing)}`,
      package: pkg,
      channel: channel.name,
      ref: refTo(channel.origin, channel.raw, ['entries', first, 'name']),
      missing,
    });
  }

  /** opm creates an empty channel for a defaultChannel that names no channel (stage C then says R54). */
  addSyntheticDefaultChannel(): void {
    const mpkg = this.mpkg;
    const name = mpkg.defaultChannel;
    if (name !== '' && !mpkg.channels.has(name)) {
      mpkg.channels.set(name, { package: mpkg.name, name, bundles: new Map() });
    }
  }

  /** The package's olm.deprecations blobs: the first one applies, any other is R38. */
  convertDeprecation(d: DeclDeprecation, index: number): void {
    this.at('deprecations', index);
    if (index > 0) {
      const message = `expected a maximum of one deprecation per package: ${q(d.package)}`;
      this.fail({ rule: 'R38', message, package: d.package, ref: refTo(d.origin, d.raw, ['package']) });
      return;
    }
    this.applyDeprecationEntries(d, this.mpkg);
  }

  private applyDeprecationEntries(d: DeclDeprecation, mpkg: ModelPackage): void {
    const pkg = d.package;
    const seen = new Set<string>();
    d.entries.forEach((entry, j) => {
      const { schema, name } = entry.reference;
      const at = (...path: string[]): LocRef => refTo(d.origin, d.raw, ['entries', j, 'reference', ...path]);
      if (schema === '') {
        const message = `schema must be set for deprecation entry [${j}] for package ${q(pkg)}`;
        this.fail({ rule: 'R39', message, package: pkg, ref: at() });
        return;
      }
      const key = schema + '\u0000' + name;
      if (seen.has(key)) {
        const message = `duplicate deprecation entry ${goScopedReference(schema, name)} for package ${q(pkg)}`;
        this.fail({ rule: 'R40', message, package: pkg, ref: at() });
        return;
      }
      seen.add(key);
      const dep: Deprecation = { message: entry.message, origin: d.origin, entryIndex: j, raw: d.raw };
      switch (schema) {
        case 'olm.bundle': {
          if (!this.bundleNames.has(name)) {
            const message = `cannot deprecate bundle ${q(name)} for package ${q(pkg)}: bundle not found`;
            this.fail({ rule: 'R41', message, package: pkg, bundle: name, ref: at('name') });
            return;
          }
          for (const mch of mpkg.channels.values()) {
            const mb = mch.bundles.get(name);
            if (mb !== undefined) mb.deprecation = dep;
          }
          return;
        }
        case 'olm.channel': {
          const mch = mpkg.channels.get(name);
          if (mch === undefined) {
            const message = `cannot deprecate channel ${q(name)} for package ${q(pkg)}: channel not found`;
            this.fail({ rule: 'R42', message, package: pkg, channel: name, ref: at('name') });
            return;
          }
          mch.deprecation = dep;
          return;
        }
        case 'olm.package': {
          if (name !== '') {
            const message = `package name must be empty for deprecated package ${q(pkg)} (specified ${q(name)})`;
            this.fail({ rule: 'R43', message, package: pkg, ref: at('name') });
            return;
          }
          mpkg.deprecation = dep;
          return;
        }
        default: {
          const message =
            `cannot deprecate object ${goScopedReference(schema, name)} referenced by entry ${j} ` +
            `for package ${q(pkg)}: object schema unknown`;
          this.fail({ rule: 'R44', message, package: pkg, ref: at('schema') });
        }
      }
    });
  }
}

/** Stage B for one package's blobs, as `convertToModel` would do it within the whole catalog. */
export function convertPackageBlobs(g: PackageBlobs): PackageConversion {
  const c = new PackageConverter(g.package);
  g.channels.forEach((ch, i) => c.convertChannel(ch, i));
  g.bundles.forEach((b, i) => c.convertBundle(b, i));
  c.checkEntriesHaveBundles();
  c.addSyntheticDefaultChannel();
  g.deprecations.forEach((d, i) => c.convertDeprecation(d, i));
  return { package: c.mpkg, errors: c.errors };
}

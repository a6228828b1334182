import type {
  DeclarativeConfig,
  DeclBundle,
  DeclChannel,
  DeclChannelEntry,
  DeclDeprecation,
  DeclPackage,
} from '../declcfg/types';
import type { JsonPath, LocRef } from '../location';
import { goQuote, parseVersion, validateRelease, type Version } from '../semver';
import { dns1123LabelErrors, goStringList, sortGoStrings } from './go-format';
import { imageReferenceError } from './image-ref';
import { refTo } from './json-path';
import { parseBundleProperties, type PackageProperty } from './properties';
import type { Deprecation, Model, ModelBundle, ModelChannel, ModelPackage } from './types';

/**
 * Stage B: operator-registry `declcfg.ConvertToModel` (fbc-rules §3 R16–R44), in opm's order:
 * packages, channels, bundles, the entry/bundle cross-check, synthetic default channels,
 * deprecations. opm returns at the first error; we record it, skip the offending object and go on,
 * so an editor can show every problem at once. `errors[0]` is exactly what opm reports (up to Go's
 * random map order where opm itself is random, e.g. R35 across packages).
 */

export interface ConvertError {
  /** R17–R44. */
  rule: string;
  /** opm's exact text. */
  message: string;
  package?: string;
  channel?: string;
  bundle?: string;
  ref?: LocRef;
  /** R35 only: the entry names that have no olm.bundle blob (sorted). */
  missing?: readonly string[];
}

export interface ConvertResult {
  model: Model;
  errors: ConvertError[];
}

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

class Converter {
  readonly errors: ConvertError[] = [];
  readonly packages = new Map<string, ModelPackage>();
  /** Bundle blob names per package that got past R24–R26 (opm's `packageBundles`, used by R41). */
  private readonly packageBundles = new Map<string, Set<string>>();
  /**
   * opm's `channelDefinedEntries`: per package, the entry names of the *last* channel loaded (the
   * map is overwritten per channel, which is the R35 quirk), minus the bundles found since.
   */
  private readonly lastChannelEntries = new Map<string, { channel: DeclChannel; names: Set<string> }>();

  private fail(e: ConvertError): void {
    this.errors.push(e);
  }

  convertPackage(p: DeclPackage): void {
    const nameRef = refTo(p.origin, p.raw, ['name']);
    if (p.name === '') {
      this.fail({ rule: 'R17', message: 'config contains package with no name', ref: nameRef });
      return;
    }
    if (this.packages.has(p.name)) {
      this.fail({ rule: 'R18', message: `duplicate package ${q(p.name)}`, package: p.name, ref: nameRef });
      return;
    }
    const nameErrors = dns1123LabelErrors(p.name);
    if (nameErrors.length > 0) {
      // Kept in the model anyway: dropping it would turn each of its channels and bundles into an
      // "unknown package" error that says nothing new.
      this.fail({
        rule: 'R19',
        message: `invalid package name ${q(p.name)}: ${goStringList(nameErrors)}`,
        package: p.name,
        ref: nameRef,
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
    this.packages.set(p.name, mpkg);
  }

  convertChannel(c: DeclChannel): void {
    const mpkg = this.packages.get(c.package);
    if (mpkg === undefined) {
      this.fail({
        rule: 'R20',
        message: `unknown package ${q(c.package)} for channel ${q(c.name)}`,
        channel: c.name,
        ref: refTo(c.origin, c.raw, ['package']),
      });
      return;
    }
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
    this.lastChannelEntries.set(c.package, { channel: c, names });
    mpkg.channels.set(c.name, mch);
  }

  convertBundle(b: DeclBundle): void {
    // Only called on the error paths: the happy path allocates nothing beyond the model itself.
    const at = (path: JsonPath): LocRef => refTo(b.origin, b.raw, path);
    if (b.package === '') {
      const message = `package name must be set for bundle ${q(b.name)}`;
      this.fail({ rule: 'R24', message, bundle: b.name, ref: at(['package']) });
      return;
    }
    const mpkg = this.packages.get(b.package);
    if (mpkg === undefined) {
      const message = `unknown package ${q(b.package)} for bundle ${q(b.name)}`;
      this.fail({ rule: 'R25', message, bundle: b.name, ref: at(['package']) });
      return;
    }
    const base = { package: b.package, bundle: b.name };
    let names = this.packageBundles.get(b.package);
    if (names === undefined) this.packageBundles.set(b.package, (names = new Set()));
    if (names.has(b.name)) {
      const message = `package ${q(b.package)} has duplicate bundle ${q(b.name)}`;
      this.fail({ rule: 'R26', message, ...base, ref: at(['name']) });
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
        ref: at(['properties', props.error.index]),
      });
    } else if (props.packages.length !== 1) {
      this.fail({
        rule: 'R28',
        message:
          `package ${q(b.package)} bundle ${q(b.name)} must have exactly 1 ${q(TYPE_PACKAGE)} property, ` +
          `found ${props.packages.length}`,
        ...base,
        ref: at(
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
          ref: at(['properties', pkgProp.index, 'value', 'packageName']),
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
          ref: at(['image']),
        });
      }
    }
    b.relatedImages.forEach((ri, i) => {
      if (ri.image === '') return;
      const err = imageReferenceError(ri.image);
      if (err === undefined) return;
      this.fail({
        rule: 'R31',
        message:
          `package ${q(b.package)} bundle ${q(b.name)} relatedImages[${i}].image: ` +
          `invalid image pull spec ${q(ri.image)}: ${err}`,
        ...base,
        ref: at(['relatedImages', i, 'image']),
      });
    });

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
          ref: at(['properties', pkgProp.index, 'value', 'version']),
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
          ref: at(['properties', pkgProp.index, 'value', 'release']),
        });
      }
    }

    this.lastChannelEntries.get(b.package)?.names.delete(b.name);
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
        ref: at(['name']),
      });
    }
  }

  /** R35, with opm's quirk: only the last channel of each package is checked. */
  checkEntriesHaveBundles(): void {
    for (const [pkg, { channel, names }] of this.lastChannelEntries) {
      if (names.size === 0) continue;
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
  }

  /** opm creates an empty channel for a defaultChannel that names no channel (stage C then says R54). */
  addSyntheticDefaultChannels(): void {
    for (const mpkg of this.packages.values()) {
      const name = mpkg.defaultChannel;
      if (name !== '' && !mpkg.channels.has(name)) {
        mpkg.channels.set(name, { package: mpkg.name, name, bundles: new Map() });
      }
    }
  }

  convertDeprecations(all: readonly DeclDeprecation[]): void {
    const seenPackages = new Set<string>();
    all.forEach((d, i) => {
      if (d.package === '') {
        const message = `package name must be set for deprecation item ${i}`;
        this.fail({ rule: 'R36', message, ref: refTo(d.origin, d.raw) });
        return;
      }
      const pkgRef = refTo(d.origin, d.raw, ['package']);
      const mpkg = this.packages.get(d.package);
      if (mpkg === undefined) {
        const message = `cannot apply deprecations to an unknown package ${q(d.package)}`;
        this.fail({ rule: 'R37', message, package: d.package, ref: pkgRef });
        return;
      }
      if (seenPackages.has(d.package)) {
        const message = `expected a maximum of one deprecation per package: ${q(d.package)}`;
        this.fail({ rule: 'R38', message, package: d.package, ref: pkgRef });
        return;
      }
      seenPackages.add(d.package);
      this.applyDeprecationEntries(d, mpkg);
    });
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
          if (!this.packageBundles.get(pkg)?.has(name)) {
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

export function convertToModel(dc: DeclarativeConfig): ConvertResult {
  const c = new Converter();
  for (const p of dc.packages) c.convertPackage(p);
  for (const ch of dc.channels) c.convertChannel(ch);
  for (const b of dc.bundles) c.convertBundle(b);
  c.checkEntriesHaveBundles();
  c.addSyntheticDefaultChannels();
  c.convertDeprecations(dc.deprecations);
  return { model: { packages: c.packages }, errors: c.errors };
}

/** Re-exported for callers that only know this module (render-graph reads bundle versions). */
export { bundleVersion, parseBundleProperties } from './properties';

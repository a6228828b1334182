/**
 * Opening a folder of Crossplane packages: every crossplane.yaml (a package directory),
 * upbound.yaml (an Upbound project, its objects under spec.paths.apis, `apis` by default) and
 * package.yaml stream (a packaged package) is one package. A package's YAML files are those under
 * its folder, leaving out nested packages, `examples/` (xpkg build's examples root) and hidden
 * folders (.github and the like, never part of a package).
 */
import { parseYamlFile, isRecord, str, type YamlFile } from '../kube/yaml-docs';
import type { CatalogSource } from '../source/types';
import { baseName, dirName } from '../source/paths';
import { checkFolder } from './check-folder';
import { finding, readPackage } from './read-package';
import { blankSkippedDocuments } from './stream';

export { looksLikeCrossplane } from '../beside/detect';
import type { CrossplaneFolder, CrossplanePackage } from './types';

const META_FILES = ['crossplane.yaml', 'upbound.yaml'];

/** Why a folder holds no package, for the CLI and the app to say. */
export const NO_PACKAGE =
  'no Crossplane package: no crossplane.yaml, upbound.yaml or package.yaml outside hidden folders';

/** The parser's SkipNotYAML: filepath.Ext is `.yaml` or `.yml`, case and all (`crd.YAML` is left out). */
const isYaml = (p: string) => /\.ya?ml$/.test(p);

function under(path: string, root: string): boolean {
  return root === '' || path.startsWith(root + '/');
}

/** Reads and checks every package of a folder. */
export async function openCrossplaneFolder(source: CatalogSource): Promise<CrossplaneFolder> {
  const listed = (await source.list())
    .map((f) => f.path)
    .filter((p) => !p.split('/').some((s) => s.startsWith('.')));
  const paths = listed.filter(isYaml).sort();
  const cache = new Map<string, YamlFile>();
  const read = async (p: string): Promise<YamlFile> => {
    let f = cache.get(p);
    if (!f) {
      f = parseYamlFile(p, blankSkippedDocuments(new TextDecoder().decode(await source.read(p))));
      cache.set(p, f);
    }
    return f;
  };
  const metaPaths = paths.filter((p) => META_FILES.includes(baseName(p)));
  const roots = new Set(metaPaths.map(dirName));
  // A package.yaml stream is a package of its own unless it sits in a package directory.
  const streams = paths.filter((p) => baseName(p) === 'package.yaml' && !roots.has(dirName(p)));
  const allRoots = [...roots, ...streams.map(dirName)];
  const nestedIn = (p: string, root: string) =>
    allRoots.some((r) => r !== root && r.length > root.length && under(r, root) && under(p, r));

  const packages: CrossplanePackage[] = [];
  for (const metaFile of metaPaths) {
    const root = dirName(metaFile);
    if (
      baseName(metaFile) === 'upbound.yaml' &&
      metaPaths.includes(root ? `${root}/crossplane.yaml` : 'crossplane.yaml')
    )
      continue;
    const meta = await read(metaFile);
    let members: string[];
    if (baseName(metaFile) === 'upbound.yaml') {
      const spec = isRecord(meta.docs[0]?.value)
        ? (meta.docs[0]?.value as Record<string, unknown>).spec
        : undefined;
      const apis = str(isRecord(spec) ? spec.paths : undefined, 'apis') ?? 'apis';
      const apisRoot = [root, apis.replace(/^\.\/|\/$/g, '')].filter(Boolean).join('/');
      members = paths.filter((p) => under(p, apisRoot));
    } else {
      const examples = root ? `${root}/examples` : 'examples';
      members = paths.filter(
        (p) => p !== metaFile && under(p, root) && !under(p, examples) && !nestedIn(p, root),
      );
    }
    const files = [meta, ...(await Promise.all(members.map(read)))];
    packages.push(
      readPackage(root, metaFile, baseName(metaFile) === 'upbound.yaml' ? 'upbound' : 'crossplane', files),
    );
  }
  for (const stream of streams) {
    packages.push(readPackage(dirName(stream), stream, 'packaged', [await read(stream)]));
  }
  const diagnostics = [...packages.flatMap((p) => p.diagnostics), ...checkFolder(packages)];
  if (packages.length === 0) {
    // What `crossplane xpkg build` says of a folder with no meta; the location is the file to add.
    diagnostics.push(
      finding('xp-one-meta', 'error', 'not exactly one package meta type', undefined, [], 'crossplane.yaml'),
    );
    return { name: source.name, packages, diagnostics, reason: NO_PACKAGE };
  }
  return { name: source.name, packages, diagnostics };
}

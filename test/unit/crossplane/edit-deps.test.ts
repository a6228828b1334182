import { describe, expect, it } from 'vitest';
import { addDependency, bumpConstraint } from '../../../src/core/crossplane/edit-deps';

const META = `apiVersion: meta.pkg.crossplane.io/v1alpha1
kind: Configuration
metadata:
  name: platform-ref-aws
spec:
  crossplane:
    version: ">=v1.14.1-0"
  dependsOn:
    - configuration: xpkg.upbound.io/upbound/configuration-aws-network
      # renovate: datasource=github-releases depName=upbound/configuration-aws-network
      version: "v0.23.0"
    - function: xpkg.upbound.io/crossplane-contrib/function-patch-and-transform:v0.8.2
      version: 'v0.8.2' # pinned
# trailing comment
`;

const after = (r: ReturnType<typeof addDependency>) => {
  expect(r.error).toBeUndefined();
  expect(r.changes).toHaveLength(1);
  return r.changes[0]!.after;
};

describe('addDependency', () => {
  it('appends an entry after the last one, in its indentation and quotes, keeping comments', () => {
    const r = addDependency('crossplane.yaml', META, {
      kind: 'Provider',
      package: 'xpkg.upbound.io/upbound/provider-aws-s3',
      version: '>=v1.0.0',
    });
    expect(r.changes[0]?.before).toBe(META);
    expect(after(r)).toBe(
      META.replace(
        "version: 'v0.8.2' # pinned\n",
        "version: 'v0.8.2' # pinned\n" +
          '    - provider: xpkg.upbound.io/upbound/provider-aws-s3\n' +
          '      version: ">=v1.0.0"\n',
      ),
    );
  });

  it('creates spec.dependsOn when the package has none', () => {
    const text =
      'apiVersion: meta.pkg.crossplane.io/v1\nkind: Provider\nmetadata:\n  name: p\nspec:\n  controller:\n    image: x/y:v1\n';
    const r = addDependency('crossplane.yaml', text, {
      kind: 'Function',
      package: 'xpkg.upbound.io/f/fn',
      version: 'v1.2.3',
    });
    expect(after(r)).toBe(
      text + '  dependsOn:\n    - function: xpkg.upbound.io/f/fn\n      version: "v1.2.3"\n',
    );
  });

  it('turns an empty flow list into a block list of one entry', () => {
    const text =
      'apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: c\nspec:\n  dependsOn: []\n';
    const r = addDependency('crossplane.yaml', text, {
      kind: 'Configuration',
      package: 'xpkg.upbound.io/a/b',
      version: 'v0.1.0',
    });
    expect(after(r)).toBe(
      'apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: c\nspec:\n  dependsOn:\n    - configuration: xpkg.upbound.io/a/b\n      version: "v0.1.0"\n',
    );
  });

  it('refuses a package already depended on (tag ignored), and empty fields', () => {
    expect(
      addDependency('crossplane.yaml', META, {
        kind: 'Function',
        package: 'xpkg.upbound.io/crossplane-contrib/function-patch-and-transform',
        version: 'v1',
      }).error,
    ).toMatch(/already depends on/);
    expect(
      addDependency('crossplane.yaml', META, { kind: 'Provider', package: ' ', version: 'v1' }).error,
    ).toMatch(/give the package/);
  });
});

describe('bumpConstraint', () => {
  it('replaces only the version scalar, in its own quotes', () => {
    const r = bumpConstraint(
      'crossplane.yaml',
      META,
      'xpkg.upbound.io/upbound/configuration-aws-network',
      '>=v0.24.0',
    );
    expect(after(r)).toBe(META.replace('version: "v0.23.0"', 'version: ">=v0.24.0"'));
    const s = bumpConstraint(
      'crossplane.yaml',
      META,
      'xpkg.upbound.io/crossplane-contrib/function-patch-and-transform',
      'v0.9.0',
    );
    expect(after(s)).toBe(META.replace("version: 'v0.8.2' # pinned", "version: 'v0.9.0' # pinned"));
  });

  it('quotes a constraint that would not be a plain scalar', () => {
    const text =
      'apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: c\nspec:\n  dependsOn:\n  - provider: a/b\n    version: v1.0.0\n';
    expect(after(bumpConstraint('crossplane.yaml', text, 'a/b', 'v1.1.0'))).toBe(
      text.replace('version: v1.0.0', 'version: v1.1.0'),
    );
    expect(after(bumpConstraint('crossplane.yaml', text, 'a/b', '>=v1.1.0'))).toBe(
      text.replace('version: v1.0.0', 'version: ">=v1.1.0"'),
    );
  });

  it('adds a version line to an entry without one', () => {
    const text =
      'apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: c\nspec:\n  dependsOn:\n  - provider: a/b\n  - provider: c/d\n';
    expect(after(bumpConstraint('crossplane.yaml', text, 'a/b', 'v2.0.0'))).toBe(
      text.replace('- provider: a/b\n', '- provider: a/b\n    version: "v2.0.0"\n'),
    );
  });

  it('refuses an unknown dependency and an unchanged version', () => {
    expect(bumpConstraint('crossplane.yaml', META, 'nope/x', 'v1').error).toMatch(/does not depend on/);
    expect(
      bumpConstraint('crossplane.yaml', META, 'xpkg.upbound.io/upbound/configuration-aws-network', 'v0.23.0')
        .error,
    ).toMatch(/already at/);
  });
});

/**
 * Ports operator-registry's TestValidationError_Error (alpha/model/error_test.go at 4f9d6f22, last
 * changed in a0bb1e5b): how the validation error tree prints, the text `opm validate` shows for
 * every model error. Our tree is `ValidationNode`, printed by `printTree`.
 *
 * Left out, with why:
 * - Nil: a nil `*validationError` printing ""; a valid model has no tree for us (`opmMessage` null).
 * - RecursiveError: a tree that contains itself (upstream skips the repeat). `validateModel` builds
 *   a fresh node per package, channel and bundle, so no model gives a cyclic tree.
 */
import { describe, expect, it } from 'vitest';
import { printTree, type ValidationNode } from '../../../src/core/model/validate-model';

const n = (message: string, ...children: ValidationNode[]): ValidationNode => ({ message, children });

const cases: { name: string; tree: ValidationNode; expect: string }[] = [
  { name: 'Empty', tree: n(''), expect: '' },
  { name: 'MessageOnly', tree: n('hello'), expect: 'hello' },
  {
    name: 'WithSubErrors',
    tree: n('hello', n('world'), n('foobar')),
    expect: 'hello:\n├── world\n└── foobar',
  },
  {
    name: 'WithEmptyLeafSubErrors',
    tree: n('hello', n('foo'), n('bar', n('bar1'), n('bar2'))),
    expect: 'hello:\n├── foo\n└── bar:\n    ├── bar1\n    └── bar2',
  },
  {
    name: 'WithSubSubErrors',
    tree: n('hello', n('foo', n('foo1'), n('foo2')), n('bar', n('bar1'), n('bar2'))),
    expect: 'hello:\n├── foo:\n│   ├── foo1\n│   └── foo2\n└── bar:\n    ├── bar1\n    └── bar2',
  },
];

describe('upstream TestValidationError_Error', () => {
  for (const c of cases) {
    it(c.name, () => {
      expect(printTree(c.tree)).toBe(c.expect);
    });
  }
});

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rule that keeps components off the worker: the raw client and Comlink may be imported only by
 * the client modules, and stores change only through their named mutations.
 */
const eslint = new ESLint();

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const rawClient = `import { catalogClient } from '../../worker/client';\nexport const f = () => catalogClient().getPackageList();\n`;

describe('the client boundary (eslint.config.js)', () => {
  it('rejects the raw client in a component', async () => {
    expect(await lint('src/app/components/Sneaky.tsx', rawClient)).toContain('no-restricted-imports');
  });

  it('rejects Comlink in a component', async () => {
    const code = `import * as Comlink from 'comlink';\nexport const w = Comlink.wrap;\n`;
    expect(await lint('src/app/components/Sneaky.tsx', code)).toContain('no-restricted-imports');
  });

  it('accepts the raw client in a client module', async () => {
    expect(await lint('src/app/state/queries.ts', rawClient)).not.toContain('no-restricted-imports');
  });

  it('rejects a setState patch outside the store modules', async () => {
    const code = `import { useEdits } from './edit-store';\nexport const f = () => useEdits.setState({ menu: undefined });\n`;
    expect(await lint('src/app/editor/Sneaky.tsx', code)).toContain('no-restricted-syntax');
  });
});

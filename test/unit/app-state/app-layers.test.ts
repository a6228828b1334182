import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Who may import whom in src/app (docs/ARCHITECTURE.md): the page composes the features, a feature
 * never imports the page, the base (state, ui, layout, markdown) imports no feature.
 */
const eslint = new ESLint();
const RULE = '@typescript-eslint/no-restricted-imports';

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('the layers of src/app (eslint.config.js)', () => {
  it('rejects a feature importing the page', async () => {
    expect(await lint('src/app/graph/Sneaky.tsx', importing('../components/Header'))).toContain(RULE);
    expect(await lint('src/app/review/Sneaky.tsx', importing('../App'))).toContain(RULE);
  });

  it('rejects the base importing a feature or the page', async () => {
    expect(await lint('src/app/state/sneaky.ts', importing('../editor/edit-store'))).toContain(RULE);
    expect(await lint('src/app/ui/sneaky.ts', importing('../components/Header'))).toContain(RULE);
  });

  it('accepts the base importing the base, a feature importing a feature or the base, the page anything', async () => {
    expect(await lint('src/app/state/sneaky.ts', importing('../ui/ui-store'))).not.toContain(RULE);
    expect(await lint('src/app/state/sneaky.ts', importing('../../core/graph/channel-graph'))).not.toContain(
      RULE,
    );
    expect(await lint('src/app/review/Sneaky.tsx', importing('../editor/edit-store'))).not.toContain(RULE);
    expect(await lint('src/app/review/Sneaky.tsx', importing('../ui/Badges'))).not.toContain(RULE);
    expect(await lint('src/app/components/Sneaky.tsx', importing('../review/WriteDialog'))).not.toContain(
      RULE,
    );
  });

  it('lets a lower layer load a higher one lazily', async () => {
    const code = `export const load = () => import('../editor/EditorDock');\n`;
    expect(await lint('src/app/ui/sneaky.ts', code)).not.toContain(RULE);
  });
});

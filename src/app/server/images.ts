/**
 * "Open image…" and "Add bundle by image reference…": the local server of `fbc-studio open` pulls
 * the image (src/server/images.ts; the browser cannot ask registries itself) and serves its folder
 * read-only; a catalog image then opens like a folder, a bundle image goes to the add-bundle
 * dialog with its image filled in. Loaded on first use, never with the initial JS.
 */
import type { SourceSpec } from '../../browser/source-spec';
import { serverError } from '../../browser/server-source';
import { openDialog, showNotice } from '../ui/ui-store';
import { openSpec } from '../opening/open-catalog';

interface Pulled {
  id: string;
  name: string;
  kind: 'catalog' | 'bundle';
  digest: string;
}

/** Asks the server to pull `ref`; the error is the server's (the registry's reason). */
async function pull(ref: string): Promise<Pulled> {
  const r = await fetch('/api/images', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ref }),
  });
  if (!r.ok) throw new Error(await serverError(r));
  return (await r.json()) as Pulled;
}

const imageSpec = (p: Pulled): SourceSpec => ({
  kind: 'server',
  baseUrl: new URL(`/images/${p.id}/`, location.origin).href,
  name: p.name,
  id: p.id,
  readOnly: true,
});

/** The reference the user types; undefined when cancelled. */
function ask(question: string): string | undefined {
  const ref = window.prompt(question)?.trim();
  return ref ? ref : undefined;
}

async function pulled(ref: string, kind: Pulled['kind']): Promise<Pulled | undefined> {
  showNotice({ kind: 'ok', text: `Pulling ${ref}…` });
  try {
    const p = await pull(ref);
    if (p.kind === kind) return p;
    showNotice({
      kind: 'error',
      text:
        kind === 'catalog'
          ? `${ref} is a bundle image: "Add bundle by image reference…" adds it to the open catalog`
          : `${ref} is a catalog image: "Open image…" opens it`,
    });
  } catch (e) {
    showNotice({ kind: 'error', text: `Cannot pull ${ref}: ${(e as Error).message}` });
  }
  return undefined;
}

export async function openImage(): Promise<void> {
  const ref = ask('Catalog image to open (read-only), e.g. quay.io/org/index:v4.18');
  if (!ref) return;
  const p = await pulled(ref, 'catalog');
  if (!p) return;
  showNotice({ kind: 'ok', text: `Pulled ${ref} (${p.digest.slice(0, 19)}…)` });
  await openSpec(imageSpec(p), ref);
}

export async function addBundleByImage(): Promise<void> {
  const ref = ask('Bundle image to add, e.g. quay.io/org/operator-bundle@sha256:…');
  if (!ref) return;
  const p = await pulled(ref, 'bundle');
  if (p) openDialog({ kind: 'addBundle', spec: imageSpec(p), image: ref });
}

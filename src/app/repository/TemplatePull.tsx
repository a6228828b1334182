/**
 * A template whose bundle images no catalog of the repository holds: served by `fbc-studio open`,
 * the app offers to pull them through the local server (the browser never talks to registries)
 * and render the template with them, as `render-template` does; afterwards it says which images
 * were pulled and, for each that was not, the registry's reason (a refused credential names its
 * auth file). Without that server (static hosting, the demo) nothing is offered: the unresolved
 * images are listed, as before. Part of the repository bar's lazily loaded chunk.
 */
import { useState } from 'react';
import type { TemplatePulls } from '../../core/repository/open-repository';
import { openedSpec } from '../opening/open-catalog';
import { servesTemplateImages } from '../server/serves-images';
import { showNotice } from '../ui/ui-store';
import { pullTemplateImages } from './repository-client';

/** Only the folder the server serves is rendered with what the server pulls. */
const canPull = () => servesTemplateImages() && openedSpec()?.kind === 'server';

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

export function PullTemplateImages({ template, images }: { template: string; images: readonly string[] }) {
  const [busy, setBusy] = useState(false);
  if (images.length === 0 || !canPull()) return null;
  const pull = async () => {
    setBusy(true);
    try {
      const r = await pullTemplateImages(template);
      showNotice(
        r.failed.length === 0
          ? { kind: 'ok', text: `Pulled ${r.pulled.join(', ')}: ${template} is rendered with them` }
          : {
              kind: 'error',
              text: `Pulled ${plural(r.pulled.length, 'image')}; ${plural(r.failed.length, 'image')} could not be pulled (see ${template})`,
            },
      );
    } catch (e) {
      showNotice({ kind: 'error', text: `Cannot pull the images of ${template}: ${(e as Error).message}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="link" disabled={busy} onClick={() => void pull()}>
      {busy ? 'Pulling…' : `Pull ${plural(images.length, 'image')} through fbc-studio open and render`}
    </button>
  );
}

/** What the last pull for this template did. */
export function TemplatePullResult({ pulls }: { pulls: TemplatePulls | undefined }) {
  if (!pulls) return null;
  return (
    <ul className="template-pulls" aria-label="Images pulled">
      {pulls.pulled.map((p) => (
        <li key={p}>pulled {p}</li>
      ))}
      {pulls.failed.map((f) => (
        <li key={f.image} className="error-text">
          cannot pull {f.image}: {f.message}
        </li>
      ))}
    </ul>
  );
}

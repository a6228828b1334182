/**
 * Konflux's fbc-target-index-pruning-check against a released index (`--released`): a channel of a
 * package the index already has, or an entry of such a channel, may disappear from the fragment only
 * in channels named dev-preview, pre-ga or candidate. The task looks names up with `grep -Fwq` in the
 * space-joined list, so a name found as a word inside another passes; that verdict is kept and what it
 * hides is our `konflux-prune-hidden` warning.
 */
import type { DeclarativeConfig } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import { channelTable } from './types';

const ALLOWED_PRUNED = /.*(dev-preview|pre-ga|candidate).*/;

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[A-Za-z0-9_]/.test(ch);
}

/** `echo "${list[@]}" | grep -Fwq needle`: the needle somewhere, with no word character either side. */
export function grepWord(list: readonly string[], needle: string): boolean {
  if (needle === '') return true;
  const hay = list.join(' ');
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) {
    if (!isWordChar(hay[i - 1]) && !isWordChar(hay[i + needle.length])) return true;
  }
  return false;
}

export function checkPruning(fragment: DeclarativeConfig, released: DeclarativeConfig): Diagnostic[] {
  const out: Diagnostic[] = [];
  const fbc = channelTable(fragment);
  const ndx = channelTable(released);
  const ndxPkgs = [...ndx.keys()].sort();
  const hidden = (message: string, where: Partial<Diagnostic>): void => {
    out.push({ severity: 'warning', source: 'konflux', rule: 'konflux-prune-hidden', message, ...where });
  };
  for (const pkg of [...fbc.keys()].sort()) {
    if (!grepWord(ndxPkgs, pkg)) continue;
    const fbcChannels = fbc.get(pkg) as Map<string, string[]>;
    const ndxChannels = ndx.get(pkg) ?? new Map<string, string[]>();
    const pkgBlob = fragment.packages.find((p) => p.name === pkg);
    const pkgRef = pkgBlob ? { ref: { origin: pkgBlob.origin, path: [] } } : {};
    const names = [...fbcChannels.keys()];
    for (const [chan, ndxEntries] of ndxChannels) {
      const allowed = ALLOWED_PRUNED.test(chan);
      if (!grepWord(names, chan)) {
        if (!allowed)
          out.push({
            severity: 'error',
            source: 'konflux',
            rule: 'konflux-prunes-channel',
            message: `FBC fragment prunes entire ${pkg}.${chan} channel.`,
            package: pkg,
            channel: chan,
            ...pkgRef,
          });
        continue;
      }
      const fbcEntries = fbcChannels.get(chan);
      const chBlob = fragment.channels.find((c) => c.package === pkg && c.name === chan);
      if (fbcEntries === undefined) {
        if (!allowed)
          hidden(
            `${pkg}.${chan} channel is gone; the task finds "${chan}" as a word in another channel name`,
            {
              package: pkg,
              channel: chan,
              ...pkgRef,
            },
          );
        continue;
      }
      const where = {
        package: pkg,
        channel: chan,
        ...(chBlob ? { ref: { origin: chBlob.origin, path: ['entries'] } } : {}),
      };
      for (const entry of ndxEntries) {
        if (allowed || fbcEntries.includes(entry)) continue;
        if (grepWord(fbcEntries, entry))
          hidden(
            `${entry} is gone from ${pkg}.${chan}; the task finds it as a word in another entry's name`,
            where,
          );
        else
          out.push({
            severity: 'error',
            source: 'konflux',
            rule: 'konflux-prunes-entry',
            message: `FBC fragment prunes ${entry} from ${pkg}.${chan} channel.`,
            ...where,
          });
      }
    }
  }
  return out;
}

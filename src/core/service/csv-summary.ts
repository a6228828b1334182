import type { CsvSummary } from './views';
import { field, isObject, str, strings } from './fields';

/** The CSV facts a reviewer looks for, from an `olm.csv.metadata` property value. */
export function csvFromMetadata(meta: unknown): CsvSummary {
  return summarize('olm.csv.metadata', meta, field(meta, 'annotations'));
}

/** The same facts from a decoded ClusterServiceVersion (an `olm.bundle.object`). */
export function csvFromObject(csv: unknown): CsvSummary {
  return summarize('olm.bundle.object', field(csv, 'spec'), field(field(csv, 'metadata'), 'annotations'));
}

function summarize(from: CsvSummary['from'], spec: unknown, annotations: unknown): CsvSummary {
  const out: CsvSummary = {
    from,
    keywords: strings(field(spec, 'keywords')),
    links: list(field(spec, 'links')).map((l) => ({ name: str(l, 'name') ?? '', url: str(l, 'url') ?? '' })),
    maintainers: list(field(spec, 'maintainers')).map((m) => ({
      name: str(m, 'name') ?? '',
      email: str(m, 'email') ?? '',
    })),
  };
  const set = (key: 'displayName' | 'description' | 'minKubeVersion' | 'maturity', v: string | undefined) => {
    if (v) out[key] = v;
  };
  set('displayName', str(spec, 'displayName'));
  set('description', str(spec, 'description'));
  set('minKubeVersion', str(spec, 'minKubeVersion'));
  set('maturity', str(spec, 'maturity'));
  const provider = str(field(spec, 'provider'), 'name');
  if (provider) out.provider = provider;
  const capabilities =
    isObject(annotations) && typeof annotations.capabilities === 'string'
      ? annotations.capabilities
      : undefined;
  if (capabilities) out.capabilities = capabilities;
  return out;
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v.filter(isObject) : [];
}

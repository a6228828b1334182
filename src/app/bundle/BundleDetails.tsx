import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Markdown } from '../markdown/lazy';
import type { BundleView } from '../../core/service/views';
import {
  formatGvk,
  KNOWN_PROPERTY_TYPES,
  prettyPropertyJson,
  safeHttpUrl,
  versionWithRelease,
} from './format';
import './bundle.css';
import { TableHead } from '../ui/TableHead';

/** The dependency check against the catalog: its own chunk (its button too, to keep this one small). */
const Dependencies = lazy(() => import('./DependencyView'));
const OlmV1 = lazy(() => import('../olmv1/BundleOlmV1Section'));

export interface BundleDetailsProps {
  bundle: BundleView;
}

/**
 * Everything about one bundle. Catalog text is rendered as text (React escapes it), except an
 * unfolded long description, which is Markdown made safe by DOMPurify (src/app/markdown); only
 * http(s) links become anchors.
 */
export function BundleDetails({ bundle }: BundleDetailsProps) {
  const csv = bundle.csv;
  const otherProps = bundle.properties.filter((p) => !KNOWN_PROPERTY_TYPES.has(p.type));
  return (
    <article className="fbc-bundle" aria-label={`Bundle ${bundle.name}`}>
      <header>
        <h3 className="fbc-bundle-name">{bundle.name}</h3>
        {csv?.displayName && <p className="fbc-bundle-display">{csv.displayName}</p>}
      </header>
      {bundle.deprecation !== undefined && (
        <p className="fbc-bundle-deprecation" role="note">
          <strong>Deprecated:</strong> {bundle.deprecation}
        </p>
      )}

      <dl className="fbc-kv">
        <dt>Package</dt>
        <dd>{bundle.package}</dd>
        <dt>Version</dt>
        <dd className="fbc-mono">{versionWithRelease(bundle.version, bundle.release)}</dd>
        <dt>Image</dt>
        <dd className="fbc-mono fbc-break">
          {bundle.image || '—'} {bundle.image && <CopyButton text={bundle.image} what="image reference" />}
        </dd>
        {bundle.location && (
          <>
            <dt>Defined in</dt>
            <dd className="fbc-mono fbc-break">
              {bundle.location.file}:{bundle.location.start.line}:{bundle.location.start.column}
            </dd>
          </>
        )}
      </dl>

      {bundle.diagnostics.length > 0 && (
        <Section title={`Problems (${bundle.diagnostics.length})`}>
          <ul className="fbc-problems">
            {bundle.diagnostics.map((d) => (
              <li key={d.id} className={`fbc-problem-${d.severity}`}>
                <span className="fbc-severity">{d.severity}</span> {d.message}{' '}
                <span className="fbc-muted">
                  ({d.source} {d.rule})
                </span>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {csv && (
        <Section title="ClusterServiceVersion">
          <dl className="fbc-kv">
            <Row label="Display name" value={csv.displayName} />
            <Row label="Provider" value={csv.provider} />
            <Row label="Capabilities" value={csv.capabilities} />
            <Row label="Maturity" value={csv.maturity} />
            <Row label="Min Kubernetes" value={csv.minKubeVersion} mono />
            {csv.keywords.length > 0 && <Row label="Keywords" value={csv.keywords.join(', ')} />}
            <dt>Decoded from</dt>
            <dd className="fbc-mono">{csv.from}</dd>
          </dl>
          {csv.links.length > 0 && (
            <>
              <h5>Links</h5>
              <ul className="fbc-list">
                {csv.links.map((l, i) => {
                  const href = safeHttpUrl(l.url);
                  return (
                    <li key={i}>
                      {href ? (
                        <a href={href} target="_blank" rel="noopener noreferrer">
                          {l.name || l.url}
                        </a>
                      ) : (
                        <>
                          {l.name} <span className="fbc-mono fbc-break">{l.url}</span>
                        </>
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          {csv.maintainers.length > 0 && (
            <>
              <h5>Maintainers</h5>
              <ul className="fbc-list">
                {csv.maintainers.map((m, i) => (
                  <li key={i}>
                    {m.name}
                    {m.email && <span className="fbc-muted"> &lt;{m.email}&gt;</span>}
                  </li>
                ))}
              </ul>
            </>
          )}
          {csv.description && <Description text={csv.description} />}
        </Section>
      )}

      <Section title={`Channels (${bundle.channels.length})`}>
        {bundle.channels.length === 0 ? (
          <p className="fbc-muted">Not listed in any channel.</p>
        ) : (
          <ul className="fbc-channels">
            {bundle.channels.map((c) => (
              <li key={c.channel}>
                <strong>{c.channel}</strong>
                <dl className="fbc-kv">
                  <dt>Replaces</dt>
                  <dd className="fbc-mono fbc-break">{c.replaces || '—'}</dd>
                  <dt>Skips</dt>
                  <dd className="fbc-mono fbc-break">{c.skips.length ? c.skips.join(', ') : '—'}</dd>
                  <dt>Skip range</dt>
                  <dd className="fbc-mono">{c.skipRange || '—'}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={`Provided APIs (olm.gvk, ${bundle.gvks.length})`}>
        <PlainList items={bundle.gvks.map(formatGvk)} empty="None." mono />
      </Section>

      <Section title={`Required packages (${bundle.requiredPackages.length})`}>
        <PlainList
          items={bundle.requiredPackages.map((r) => `${r.packageName} ${r.versionRange}`)}
          empty="None."
          mono
        />
      </Section>

      <Section title={`Required APIs (olm.gvk.required, ${bundle.requiredGvks.length})`}>
        <PlainList items={bundle.requiredGvks.map(formatGvk)} empty="None." mono />
      </Section>

      {bundle.requiredPackages.length + bundle.requiredGvks.length > 0 && (
        <Suspense>
          {/* Keyed: another bundle starts folded again (the check is asked for, bundle by bundle). */}
          <Dependencies key={bundle.name} pkg={bundle.package} name={bundle.name} />
        </Suspense>
      )}

      {/* Keyed: another bundle starts folded again (asked for bundle by bundle, off the initial JS). */}
      <OlmV1Check key={`olmv1\u0000${bundle.name}`} pkg={bundle.package} name={bundle.name} />

      <Section title={`Related images (${bundle.relatedImages.length})`}>
        {bundle.relatedImages.length === 0 ? (
          <p className="fbc-muted">None.</p>
        ) : (
          <table className="fbc-mini-table">
            <TableHead columns={['Name', 'Image']} />
            <tbody>
              {bundle.relatedImages.map((r, i) => (
                <tr key={`${r.name}\u0000${r.image}\u0000${i}`}>
                  <th scope="row">{r.name || <span className="fbc-muted">(no name)</span>}</th>
                  <td className="fbc-mono fbc-break">{r.image}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      {bundle.objects.length > 0 && (
        <Section title={`Bundle objects (olm.bundle.object, ${bundle.objects.length})`}>
          <PlainList
            items={bundle.objects.map((o) => `${o.kind} ${o.name} (${o.apiVersion})`)}
            empty=""
            mono
          />
        </Section>
      )}

      {otherProps.length > 0 && (
        <Section title={`Other properties (${otherProps.length})`}>
          {otherProps.map((p, i) => (
            <div key={`${p.type}\u0000${i}`} className="fbc-prop">
              <h5 className="fbc-mono">{p.type}</h5>
              <pre>{prettyPropertyJson(p)}</pre>
              {p.truncated && (
                <p className="fbc-muted">Shortened: {p.length.toLocaleString()} characters in full.</p>
              )}
            </div>
          ))}
        </Section>
      )}

      <details className="fbc-all-props">
        <summary>All properties, raw ({bundle.properties.length})</summary>
        {bundle.properties.map((p, i) => (
          <div key={`${p.type}\u0000${i}`} className="fbc-prop">
            <h5 className="fbc-mono">{p.type}</h5>
            <pre>{prettyPropertyJson(p)}</pre>
          </div>
        ))}
      </details>
    </article>
  );
}

/** The OLM v1 section: a button until asked, then the lazily loaded eligibility, lifecycle and ClusterExtension. */
function OlmV1Check({ pkg, name }: { pkg: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Section title="OLM v1">
      {open ? (
        <Suspense>
          <OlmV1 pkg={pkg} name={name} />
        </Suspense>
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          Check eligibility
        </button>
      )}
    </Section>
  );
}

export default BundleDetails;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="fbc-bundle-section" aria-labelledby={id}>
      <h4 id={id}>{title}</h4>
      {children}
    </section>
  );
}

function Row({ label, value, mono }: { label: string; value?: string; mono?: boolean }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd className={mono ? 'fbc-mono' : undefined}>{value}</dd>
    </>
  );
}

function PlainList({ items, empty, mono }: { items: string[]; empty: string; mono?: boolean }) {
  if (items.length === 0) return empty ? <p className="fbc-muted">{empty}</p> : null;
  return (
    <ul className={`fbc-list${mono ? ' fbc-mono' : ''}`}>
      {items.map((t, i) => (
        <li key={`${t}\u0000${i}`}>{t}</li>
      ))}
    </ul>
  );
}

/**
 * Long descriptions start folded to a few lines of plain text; unfolded, they are rendered as the
 * Markdown CSV descriptions usually are (sanitized; the renderer loads then, not with the view).
 */
function Description({ text }: { text: string }) {
  const long = text.length > 600;
  const [open, setOpen] = useState(!long);
  return (
    <div className="fbc-description">
      <h5>Description</h5>
      {long && open ? (
        <Suspense fallback={<p>{text}</p>}>
          <Markdown text={text} />
        </Suspense>
      ) : (
        <p className={open ? undefined : 'fbc-clamped'}>{text}</p>
      )}
      {long && (
        <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Show less' : 'Show full description'}
        </button>
      )}
    </div>
  );
}

function CopyButton({ text, what }: { text: string; what: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="fbc-copy"
      aria-label={`Copy ${what}`}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => {
            setDone(true);
            setTimeout(() => setDone(false), 1500);
          },
          () => undefined,
        );
      }}
    >
      {done ? 'Copied' : 'Copy'}
    </button>
  );
}

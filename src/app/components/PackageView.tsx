import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Markdown } from '../markdown/lazy';
import { markdownPreview } from '../markdown/preview';
import type { ChannelSummary, PackageView as PackageData } from '../../core/service/views';
import { usePackage } from '../state/queries';
import { navigate, useView } from '../state/url';
import { CountBadges, plural } from '../ui/Badges';
import { BundlePanel } from './BundlePanel';
import { ChannelArea } from './ChannelArea';
import { formatLocation } from '../ui/format';
// --- Paths and presentation (src/app/paths, src/app/presentation) ---
import { PathsPanel } from '../paths/PathsPanel';
import { Presentation } from '../presentation/Presentation';
// --- End of paths ---
import { ChannelActionsButton } from '../commands/PanelActions';

export function PackageView({ name }: { name: string }) {
  const view = useView();
  const { data: pkg, isPending, error, isPlaceholderData } = usePackage(name);

  // A link without a channel (or with one this package lacks) shows the default channel; the URL
  // is corrected in place so it always says what is on screen.
  const channel = pkg ? (isPlaceholderData && view.ch ? view.ch : effectiveChannel(pkg, view.ch)) : undefined;
  useEffect(() => {
    // Not while an edit's new generation loads (placeholder data may lack a channel just created).
    if (pkg && !isPlaceholderData && channel && channel !== view.ch)
      navigate({ pkg: pkg.name, ch: channel, bundle: view.bundle }, { replace: true });
  }, [pkg, isPlaceholderData, channel, view.ch, view.bundle]);

  if (error)
    return (
      <p className="error-text pad">
        Could not read package {name}: {String(error)}
      </p>
    );
  if (isPending) return <p className="muted pad">Loading {name}…</p>;
  if (!pkg) {
    return (
      <div className="pad">
        <h2>Package “{name}” is not in this catalog</h2>
        <p className="muted">Pick a package from the list on the left.</p>
      </div>
    );
  }

  return (
    <div className="package-view">
      <PackageHeader pkg={pkg} />
      {pkg.channels.length > 0 ? (
        <>
          <div className="tabs-row">
            <ChannelTabs pkg={pkg} selected={channel} />
            {channel && <ChannelActionsButton pkg={pkg.name} channel={channel} />}
          </div>
          {channel && (
            <div
              className="channel-layout"
              role="tabpanel"
              id="channel-panel"
              aria-labelledby={`tab-${channel}`}
            >
              <ChannelArea key={`${pkg.name}/${channel}`} pkg={pkg.name} channel={channel} />
              {/* Paths: the upgrade-path panel above the bundle details (src/app/paths). */}
              <div className="paths-column">
                <PathsPanel
                  pkg={pkg.name}
                  channel={channel}
                  channels={pkg.channels.map((c) => c.name)}
                  bundle={view.bundle}
                />
                <BundlePanel pkg={pkg.name} bundle={view.bundle} channel={channel} />
              </div>
              <Presentation pkg={pkg.name} channels={pkg.channels.map((c) => c.name)} channel={channel} />
            </div>
          )}
        </>
      ) : (
        <p className="muted pad">This package has no channels.</p>
      )}
    </div>
  );
}

function effectiveChannel(pkg: PackageData, wanted: string | undefined): string | undefined {
  if (wanted && pkg.channels.some((c) => c.name === wanted)) return wanted;
  return pkg.channels.find((c) => c.isDefault)?.name ?? pkg.channels[0]?.name;
}

function PackageHeader({ pkg }: { pkg: PackageData }) {
  const [expanded, setExpanded] = useState(false);
  const long = pkg.description.length > 120 || pkg.description.trim().includes('\n');
  const others = pkg.deprecations.filter((d) => d.schema !== 'olm.package');
  return (
    <header className="package-head">
      <div className="package-title">
        {pkg.icon ? (
          // An icon is only ever an <img> with a data: URL: an SVG shown this way cannot run script.
          <img className="package-icon" src={pkg.icon} alt={`Icon of ${pkg.name}`} width={40} height={40} />
        ) : (
          <div className="package-icon placeholder" aria-hidden="true">
            {pkg.name.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="package-title-text">
          <h2 id="package-heading">{pkg.name}</h2>
          <div className="muted small">
            default channel <strong>{pkg.defaultChannel || '(none)'}</strong> ·{' '}
            {plural(pkg.channels.length, 'channel')}
            {pkg.location && <> · {formatLocation(pkg.location)}</>}
          </div>
        </div>
        <CountBadges errors={pkg.errors} warnings={pkg.warnings} />
      </div>
      {pkg.deprecation && (
        <p className="deprecation" role="note">
          <strong>Deprecated package:</strong> {pkg.deprecation}
        </p>
      )}
      {pkg.iconNote && <p className="muted small">{pkg.iconNote}</p>}
      {(pkg.description || others.length > 0) && (
        <div className={`package-more${expanded ? ' expanded' : ''}`}>
          {pkg.description &&
            // Markdown: folded to its first line as a light preview; expanded, rendered whole and
            // sanitized (the renderer loads then).
            (expanded ? (
              <Suspense fallback={<p className="description">{pkg.description}</p>}>
                <Markdown id="package-description" text={pkg.description} className="description" />
              </Suspense>
            ) : (
              <p className="description clamped" id="package-description">
                {markdownPreview(pkg.description)}
              </p>
            ))}
          {long && (
            <button
              type="button"
              className="link small"
              aria-expanded={expanded}
              aria-controls="package-description"
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? 'Show less' : 'Show more'}
            </button>
          )}
          {others.length > 0 && (
            <details className="deprecations">
              <summary>Deprecations ({others.length})</summary>
              <ul>
                {others.map((d) => (
                  <li key={`${d.schema}/${d.name}`}>
                    <span className="tag tag-warning">
                      {d.schema === 'olm.channel' ? 'channel' : 'bundle'}
                    </span>{' '}
                    <strong>{d.name}</strong>: {d.message}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </header>
  );
}

function ChannelTabs({ pkg, selected }: { pkg: PackageData; selected?: string }) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const go = (c: ChannelSummary) => navigate({ pkg: pkg.name, ch: c.name });
  const onKey = (e: KeyboardEvent, i: number) => {
    const n = pkg.channels.length;
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % n
        : e.key === 'ArrowLeft'
          ? (i - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1;
    const c = pkg.channels[next];
    if (next < 0 || !c) return;
    e.preventDefault();
    go(c);
    refs.current.get(c.name)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={`Channels of ${pkg.name}`}>
      {pkg.channels.map((c, i) => {
        const isSel = c.name === selected;
        return (
          <button
            key={c.name}
            ref={(el) => {
              if (el) refs.current.set(c.name, el);
              else refs.current.delete(c.name);
            }}
            type="button"
            role="tab"
            id={`tab-${c.name}`}
            aria-selected={isSel}
            aria-controls="channel-panel"
            tabIndex={isSel ? 0 : -1}
            className={`tab${isSel ? ' selected' : ''}${c.deprecation ? ' deprecated' : ''}`}
            title={c.deprecation ? `Deprecated: ${c.deprecation}` : undefined}
            onClick={() => go(c)}
            onKeyDown={(e) => onKey(e, i)}
          >
            <span>{c.name}</span>
            {c.isDefault && <span className="tag tag-default">default</span>}
            <span className="muted small">{c.entries}</span>
            <CountBadges errors={c.errors} warnings={c.warnings} />
          </button>
        );
      })}
    </div>
  );
}

import { BundleDetails } from '../bundle/BundleDetails';
import { useBundle } from '../state/queries';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { BundleActionsBar } from '../commands/PanelActions';

export function BundlePanel({ pkg, bundle, channel }: { pkg: string; bundle?: string; channel?: string }) {
  const { data, isPending, error } = useBundle(pkg, bundle);
  return (
    <aside className="bundle-pane" aria-label="Bundle details">
      {!bundle ? (
        <p className="muted pad">Select a bundle in the graph or the entries table to see its details.</p>
      ) : error ? (
        <p className="error-text pad">
          Could not read bundle {bundle}: {String(error)}
        </p>
      ) : isPending ? (
        <p className="muted pad">Loading {bundle}…</p>
      ) : !data ? (
        <p className="muted pad">
          “{bundle}” has no olm.bundle blob in package {pkg} (it may be a missing replaces target).
        </p>
      ) : (
        <ErrorBoundary key={data.name} what="the bundle">
          <BundleActionsBar pkg={pkg} channel={channel} bundle={data.name} />
          <BundleDetails bundle={data} />
        </ErrorBoundary>
      )}
    </aside>
  );
}

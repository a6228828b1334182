import { lazy, Suspense } from 'react';
import { stopPresenting, useViewOptions } from '../filters/store';
import { navigate } from '../state/url';

// The mode itself (key handling, its stylesheet) loads when a talk starts.
const PresentationMode = lazy(() => import('./PresentationMode'));

/** Presentation mode for the package on screen, when it is on (the Present button in the view bar). */
export function Presentation(props: { pkg: string; channels: string[]; channel: string }) {
  const presenting = useViewOptions((s) => s.presenting);
  if (!presenting) return null;
  return (
    <Suspense fallback={null}>
      <PresentationMode
        {...props}
        onChannel={(ch) => navigate({ pkg: props.pkg, ch }, { replace: true })}
        onExit={stopPresenting}
      />
    </Suspense>
  );
}

/** The first-run tour: four stops, each pointing at the part of the screen it explains. */
export interface TourStep {
  title: string;
  text: string;
  /** The element the step points at (outlined while the step is shown). */
  target: string;
  /** What the step says instead when its target is not on screen (no package picked yet). */
  absent?: { text: string; target: string };
}

/** The step as the screen is now: its own words when its target is shown, else its `absent` ones. */
export function stepOnScreen(step: TourStep, has: (selector: string) => boolean): TourStep {
  return has(step.target) || !step.absent ? step : { ...step, ...step.absent };
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    title: 'Packages',
    text: 'Every package of the catalog, with its channels, bundles and problem counts. Open your own catalog folder with Open folder; the demo catalog is there to try things on.',
    target: '.sidebar',
  },
  {
    title: 'The upgrade graph',
    text: 'Each channel’s bundles from oldest (left) to the head (right), with replaces, skips and skipRange edges. Click or use the arrow keys to select a bundle; the Entries table below lists the same bundles.',
    target: '.graph-pane',
    absent: {
      text: 'Pick a package on the left: its channels open here as tabs, each drawn as an upgrade graph from oldest (left) to the head (right), with replaces, skips and skipRange edges, and its bundles listed in a table below.',
      target: '.centre',
    },
  },
  {
    title: 'Problems',
    text: 'What opm validate reports, with FBC Studio’s own warnings. Select a problem to go to its bundle; “About rule” explains it. Drag the bar above to resize the panel.',
    target: '.problems',
  },
  {
    title: 'Edit and write back',
    text: 'Actions (Ctrl+K) and the editor change only the lines they mean to; Review shows the diff, then write to the folder or download a zip. Press ? for every shortcut.',
    target: '.edit-toolbar',
  },
];

/**
 * The graph view pulls in Cytoscape (hundreds of kB), so it is its own chunk, loaded when a
 * channel is first shown: the initial JS stays within its budget.
 */
import { lazy } from 'react';

export const ChannelGraphView = lazy(() => import('../graph/ChannelGraphView'));

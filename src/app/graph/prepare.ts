import type { ChannelGraph, PackageGraphInput } from './types';
import { collapseLinearRuns } from './collapse';
import { preparePipeline, type Prepared, type PrepareOptions } from './prepare-pipeline';

export { defaultPrepareOptions, type Prepared, type PrepareOptions } from './prepare-pipeline';

/** The whole pure pipeline (prepare-pipeline.ts), collapsing included: for tests, benches and tools. */
export function prepareGraph(
  input: ChannelGraph | PackageGraphInput,
  o: Partial<PrepareOptions> = {},
): Prepared {
  return preparePipeline(input, o, collapseLinearRuns)!;
}

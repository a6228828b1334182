/**
 * Opening a Fleet bundle folder: fleet.yaml (or fleet.yml, or no descriptor at all) is read as Fleet
 * reads it today (open-fleet-yaml.ts); a folder whose descriptor is bundle.yaml keeps the earlier
 * layout of the seed document (open-seed-bundle.ts).
 */
import type { CatalogSource } from '../source/types';
import { FLEET_YAML_FILES, openFleetYamlBundle, type FleetYamlOptions } from './open-fleet-yaml';
import { openSeedBundle, SEED_DESCRIPTOR } from './open-seed-bundle';
import type { FleetBundle } from './types';

export { looksLikeFleet } from '../beside/detect';

export const DESCRIPTOR_FILES = [...FLEET_YAML_FILES, SEED_DESCRIPTOR];

export async function openFleetBundle(
  source: CatalogSource,
  options: FleetYamlOptions = {},
): Promise<FleetBundle> {
  const paths = new Set((await source.list()).map((f) => f.path));
  const seed = paths.has(SEED_DESCRIPTOR) && !FLEET_YAML_FILES.some((f) => paths.has(f));
  return seed ? openSeedBundle(source) : openFleetYamlBundle(source, options);
}

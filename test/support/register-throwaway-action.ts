/**
 * Registers the throwaway action when imported: what the e2e build of the catalog worker imports
 * first (vite.config.ts, `FBC_E2E_THROWAWAY_ACTION=1`), and nothing else does.
 */
import { registerAction } from '../../src/core/edit/registry';
import { describePackage } from './throwaway-action';

registerAction(describePackage);

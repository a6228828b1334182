export type { PolicyPack, PolicyChoice, PolicyCatalog } from './types';
export { POLICY_CHOICES } from './types';
export { choosePolicy, type PolicyDecision } from './infer';
export { runPack, type PolicyInputs } from './run';
export { checkKonflux } from './konflux';
export { checkCommunity, communityCatalogName } from './community';
export { checkPruning, grepWord } from './pruning';
export { ocpFromContainerfile, isContainerfile, ocpParts } from './ocp-version';

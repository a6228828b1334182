/**
 * What judging a repository across its catalogs needs beyond validating each (templates rendered
 * and compared with their catalogs, one image digest with two contents): loaded by check.ts only for
 * a discovery that has templates or more than one catalog (`loadRepositoryJudging`), so checking a
 * single catalog never initialises template rendering, opm's writer or the YAML library.
 */
export { imageDisagreements } from './image-disagreement';
export { driftFindings, repositoryResolver, templateStatus } from './template-status';

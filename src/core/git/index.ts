export { readOnlyGitFs, type ReadOnlyTree } from './fs-adapter';
export { GitRevisionSource, type GitRepo } from './revision-source';
export {
  findRepository,
  listRevisions,
  resolveRevision,
  type RevisionChoice,
  type RevisionList,
} from './revisions';

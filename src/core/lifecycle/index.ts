/** OpenShift operator lifecycle blobs (`io.openshift.operators.lifecycles.v1alpha1`). */
export {
  LIFECYCLE_SCHEMA,
  isDate,
  lifecycleVersionFor,
  phaseOn,
  readLifecycle,
  type Lifecycle,
  type LifecyclePhase,
  type LifecycleProblem,
  type LifecycleVersion,
} from './schema';
export { lifecycleWarnings, lifecyclesOf, ocpOutsideCompatibility, type OcpMismatch } from './check';

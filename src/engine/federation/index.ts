// Public surface of the federation rules: the seed proposal model (Part A) and the shipped
// karmada-scheduler division (Part B) of ../../../../shared/federation/README.md.
export * from './types.ts';
export { compareNames } from './order.ts';
export { ceilShare, capacityFill, normalise, divideByPolicy } from './shares.ts';
export {
  assign,
  assignBounds,
  updateBinding,
  type AssignInput,
  type AssignResult,
} from './assign.ts';
export { optimize, type OptimizeCluster } from './optimize.ts';
export { failover, type FailoverInput } from './failover.ts';
export { scaleToZero, isActive, type ZeroingCluster } from './scaleToZero.ts';
export { scaleFromZero, isZeroed, type RestartCluster } from './scaleFromZero.ts';
export { webster } from './webster.ts';
export {
  divideReplicas,
  type DivisionCluster,
  type DivisionInput,
  type DivisionResult,
} from './divide.ts';

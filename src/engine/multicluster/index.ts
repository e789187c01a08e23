// Multi-cluster scenarios over time: the seed proposal's control plane and Karmada's shipped
// FederatedHPA + scheduler, over member clusters sharing one load. See README.md.
export type * from '../simulation/federationInput.ts';
export type * from './result.ts';
export { simulateFederation, type FederationOutcome } from './simulateFederation.ts';
export {
  explainWebster,
  explainCeilShare,
  explainCapacityFill,
  explainPolicyDivision,
  explainDivide,
} from './explainDivision.ts';
export { federationToCsv } from './exportCsv.ts';
export {
  decisionAt,
  federationSyncDetail,
  type Decision,
  type FederationSyncDetail,
} from './syncDetail.ts';
export { federationSimulation, type FederationSimulation } from './simulateFederation.ts';

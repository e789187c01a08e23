// Public surface of the run service. See README.md.
export type * from './types.ts';
export {
  runScenario,
  runPlan,
  planScenario,
  planParsed,
  executeRun,
  summarize,
  type RunOptions,
} from './runScenario.ts';
export { runFederated, planFederation } from './federated.ts';

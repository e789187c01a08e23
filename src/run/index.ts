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
export {
  compareRuns,
  comparisonMarkdown,
  comparisonText,
  COMPARED_KPIS,
  type ComparedRun,
  type KpiRow,
  type Better,
} from './compare.ts';

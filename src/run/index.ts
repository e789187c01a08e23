// Public surface of the run service. See README.md.
export type * from './types.ts';
export type * from './dataTypes.ts';
export {
  runScenario,
  runPlan,
  planScenario,
  planParsed,
  executeRun,
  hpaPlan,
  summarize,
  type RunOptions,
} from './runScenario.ts';
export {
  detectFormat,
  importTraffic,
  MAX_SERIES_CHOICES,
  type LocatedImportIssue,
  type SeriesChoice,
  type TrafficFormat,
  type TrafficImport,
  type TrafficImportRequest,
  type TrafficMeaning,
} from './importTraffic.ts';
export {
  compareRuns,
  comparisonMarkdown,
  comparisonText,
  COMPARED_KPIS,
  type ComparedRun,
  type KpiRow,
  type Better,
} from './compare.ts';
export {
  runFederated,
  planFederation,
  federationCsv,
  federationDecision,
  runDecision,
  memberLanes,
  totalLanes,
  type FederationDecision,
} from './federated.ts';
export {
  memberKey,
  memberGroup,
  parseMemberKey,
  variantOf,
  comparedRuns,
  runRole,
  primaryRun,
  MAIN_RUN,
  TOTAL_MEMBER,
  type MemberRef,
  type RunKey,
  type RunKind,
} from './runKey.ts';
export { failed, modelBudgets, overrunError, shareBudget, withBudgets } from './budgets.ts';
export {
  executeDraws,
  executeDrawsAt,
  drawsBudgetProblem,
  drawsProblem,
  percentileProblem,
  type DrawRun,
  type DrawRunSeries,
  type DrawsResult,
} from './draws.ts';
export { runChanges, variantChanges } from './variantChanges.ts';
export { runSetToCsv, RUN_SET_CSV_HEAD, type RunSetCsvRun } from './runSetCsv.ts';
export {
  kpisToCsv,
  KPIS_CSV_HEAD,
  KPI_CSV_COLUMNS,
  type KpisCsvRun,
  type KpisCsvDraws,
} from './kpisCsv.ts';
export { DRAW_TAPES, RUN_TAPES, TapeShelf } from './tapeShelf.ts';

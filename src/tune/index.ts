// Public surface of the policy search. See README.md.
export {
  candidateInput,
  evaluateCandidate,
  tuneBase,
  type CandidateInput,
  type Evaluation,
  type TuneBase,
} from './candidate.ts';
export {
  THRESHOLDS,
  costObjective,
  scenarioCostObjective,
  judge,
  verdict,
  podHoursObjective,
  thresholdFor,
  violation,
  type Constraint,
  type ConstraintResult,
  type Goals,
  type JudgedRun,
  type Objective,
  type Threshold,
  type Verdict,
} from './goals.ts';
export { judgedPlans, plansOf, runJudged, type JudgedOutcome } from './judged.ts';
export { prepareSearch, type PreparedSearch, type PreparedStart } from './prepared.ts';
export {
  feedEvaluator,
  LaneError,
  type AbortSignalLike,
  type FeedOptions,
  type LaneIncident,
  type SearchLane,
} from './feed.ts';
export { paretoFront } from './pareto.ts';
export {
  MAX_BUDGET,
  frontOf,
  localEvaluator,
  overloadAxis,
  pickBest,
  search,
  searchSpace,
  type BatchEvaluator,
  type CandidateResult,
  type OverloadAxis,
  type SearchHooks,
  type SearchOptions,
  type SearchResult,
} from './search.ts';
export type { ReleaseNeed, SpaceOptions } from './space.ts';
export { releaseNeeds } from './space.ts';
export {
  tradeOffs,
  kpiDeltas,
  describeChange,
  describeTradeOff,
  type KpiDelta,
  type TradeOff,
} from './tradeOffs.ts';
export { kpisSpread, pessimisticKpis, runDrawn, type DrawsGoal } from './drawn.ts';
export {
  SEARCH_DRAWS_DEFAULTS,
  searchDraws,
  searchDrawsLabel,
  searchDrawsProblem,
} from './drawsGoal.ts';

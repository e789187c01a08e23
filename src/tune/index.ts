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
  podHoursObjective,
  thresholdFor,
  violation,
  type Constraint,
  type ConstraintResult,
  type Goals,
  type Objective,
  type Threshold,
} from './goals.ts';
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
export { tradeOffs, describeTradeOff, type TradeOff } from './tradeOffs.ts';

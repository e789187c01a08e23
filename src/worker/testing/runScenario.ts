// Dev/test only: run a scenario text in-process through the run service (the app does this in
// the worker), recording every sync so tests can read any record directly, and shape it with the
// worker's own functions (toPayload.ts), so charts, panels and explanation tests see what the app
// sees. Lives beside the worker, below every UI layer that uses it.

import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import {
  isFullResult,
  type FullSimulationResult,
  type SimulationInput,
} from '../../engine/simulation/index.ts';
import { runScenario as runService } from '../../run/index.ts';
import type { ResultPayload, SyncDetail } from '../protocol.ts';
import { toResultPayload, toSyncDetail } from './toPayload.ts';

export interface ScenarioRun {
  result: FullSimulationResult;
  input: SimulationInput;
  hpa: HorizontalPodAutoscaler;
  payload: ResultPayload;
  detail: (index: number) => SyncDetail | null;
}

export function runScenario(text: string): ScenarioRun {
  const { summary, runs } = runService(text, { record: 'full' });
  const run = runs[0];
  if (!run) {
    const first = summary.diagnostics.find((d) => d.severity === 'error');
    throw new Error(`scenario does not parse: ${first?.message ?? 'unknown error'}`);
  }
  if (!run.ok) throw new Error(run.error);
  const result = run.result;
  if (!isFullResult(result)) throw new Error('a full recording was asked for');
  const input = run.input;
  return {
    result,
    input,
    hpa: input.hpa,
    payload: toResultPayload(result),
    detail: (index) => toSyncDetail(result, input.hpa, index),
  };
}

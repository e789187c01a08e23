// Dev/test only: parse and simulate a scenario text in-process (the app does this in the worker).

import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import { simulate, type SimulationResult } from '../../engine/simulation/index.ts';
import { parseScenario } from '../../scenario/index.ts';
import type { ResultPayload, SyncDetail } from '../../worker/protocol.ts';
import type { ChartSeries } from '../types.ts';
import { toResultPayload, toSyncDetail } from './toPayload.ts';

export interface ScenarioRun {
  result: SimulationResult;
  hpa: HorizontalPodAutoscaler;
  payload: ResultPayload & { series: ChartSeries };
  detail: (index: number) => SyncDetail | null;
}

export function runScenario(text: string): ScenarioRun {
  const parsed = parseScenario(text);
  if (!parsed.ok || !parsed.input) {
    const first = parsed.diagnostics.find((d) => d.severity === 'error');
    throw new Error(`scenario does not parse: ${first?.message ?? 'unknown error'}`);
  }
  const input = parsed.input;
  const outcome = simulate(input);
  if (!outcome.ok) throw new Error(outcome.error);
  const result = outcome.result;
  return {
    result,
    hpa: input.hpa,
    payload: toResultPayload(result, input.controller.tolerance),
    detail: (index) => toSyncDetail(result, input.hpa, index),
  };
}

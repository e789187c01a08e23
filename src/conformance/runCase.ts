// Running a vector through the engine the way the API server and controller would see it:
// default the stored object, validate it (informational), reconcile once.

import {
  formatValidationError,
  reconcileAutoscaler,
  setDefaultsHorizontalPodAutoscaler,
  validateHorizontalPodAutoscalerSpec,
} from '../engine/controller/index.ts';
import type { ReconcileResult } from '../engine/controller/index.ts';
import { projectTrace } from './traceProjection.ts';
import type { VectorCase, VectorExpected } from './vectorCase.ts';

export interface CaseOutput {
  validationErrors: string[];
  result: ReconcileResult;
}

export function runVectorCase(c: VectorCase): CaseOutput {
  const hpa = setDefaultsHorizontalPodAutoscaler(c.hpa);
  const validationErrors = validateHorizontalPodAutoscalerSpec(
    hpa.spec,
    c.controller.featureGates,
  ).map(formatValidationError);
  const memory = {
    recommendations: c.history.recommendations
      ? c.history.recommendations.map((r) => ({ ...r }))
      : null,
    scaleUpEvents: c.history.scaleUpEvents.map((e) => ({ ...e })),
    scaleDownEvents: c.history.scaleDownEvents.map((e) => ({ ...e })),
  };
  const result = reconcileAutoscaler({ ...c.observation, hpa }, memory, c.now, c.controller);
  return { validationErrors, result };
}

/** The normative fields of a result, in the vector's shape. */
export function normativeOutput(out: CaseOutput, withGeneration = false) {
  const r = out.result;
  return {
    validationErrorsEmpty: out.validationErrors.length === 0,
    replicas: r.replicas,
    desiredReplicas: r.desiredReplicas,
    rescaled: r.rescaled,
    lastScaleTime: r.lastScaleTime,
    conditions: r.conditions.map((c) => ({ type: c.type, status: c.status, reason: c.reason })),
    history: {
      recommendations: r.memory.recommendations,
      scaleUpEvents: r.memory.scaleUpEvents,
      scaleDownEvents: r.memory.scaleDownEvents,
    },
    ...(withGeneration ? { observedGeneration: r.observedGeneration ?? null } : {}),
  };
}

export function normativeExpected(e: VectorExpected) {
  return {
    validationErrorsEmpty: e.validationErrors.length === 0,
    replicas: e.replicas,
    desiredReplicas: e.desiredReplicas,
    rescaled: e.rescaled,
    lastScaleTime: e.lastScaleTime ?? null,
    conditions: e.conditions.map((c) => ({ type: c.type, status: c.status, reason: c.reason })),
    history: e.history,
    // Release vectors (format extension) may state it; older vectors never do.
    ...(e.observedGeneration !== undefined ? { observedGeneration: e.observedGeneration } : {}),
  };
}

/** First differing path between two JSON values, or null when equal. */
export function firstDifference(
  expected: unknown,
  actual: unknown,
  path = '',
): { path: string; expected: unknown; actual: unknown } | null {
  if (Object.is(expected, actual)) return null;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (i >= expected.length || i >= actual.length) {
        return { path: `${path}#len`, expected: expected.length, actual: actual.length };
      }
      const d = firstDifference(expected[i], actual[i], `${path}.${i}`);
      if (d) return d;
    }
    return null;
  }
  if (
    typeof expected === 'object' &&
    expected !== null &&
    typeof actual === 'object' &&
    actual !== null &&
    !Array.isArray(expected) &&
    !Array.isArray(actual)
  ) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys) {
      const d = firstDifference(
        (expected as Record<string, unknown>)[k],
        (actual as Record<string, unknown>)[k],
        path ? `${path}.${k}` : k,
      );
      if (d) return d;
    }
    return null;
  }
  return { path: path || '(root)', expected, actual };
}

/**
 * The texts a case states (format extension, tests/conformance/README.md): each expected
 * condition's `message` where given, and the step's events when `expected.events` is present.
 */
function textDifference(e: VectorExpected, out: CaseOutput) {
  const conditions = out.result.conditions;
  for (let i = 0; i < e.conditions.length; i++) {
    const want = e.conditions[i]!.message;
    if (want === undefined) continue;
    if (conditions[i]?.message !== want) {
      return { path: `conditions.${i}.message`, expected: want, actual: conditions[i]?.message };
    }
  }
  if (e.events === undefined) return null;
  const events = out.result.events.map((v) => ({
    type: v.type,
    reason: v.reason,
    message: v.message,
  }));
  return firstDifference(e.events, events, 'events');
}

/** Compare a case; null when it conforms. With `trace`, the projected trace must match too. */
export function checkCase(c: VectorCase, out: CaseOutput = runVectorCase(c), trace = false) {
  if (!c.expected) return { path: 'expected', expected: 'an expected block', actual: 'none' };
  const d =
    firstDifference(
      normativeExpected(c.expected),
      normativeOutput(out, c.expected.observedGeneration !== undefined),
    ) ?? textDifference(c.expected, out);
  if (d || !trace || !c.expected.trace) return d;
  const t = firstDifference(
    c.expected.trace,
    projectTrace(c.expected.trace, out.result.trace),
    'trace',
  );
  return t;
}

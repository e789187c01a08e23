import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkScalers,
  generateMetricInMili,
  getInitializedConditions,
  getMetricsWithFallback,
  type KedaScaledObject,
  type KedaStatus,
  type MetricsRecord,
  type ScalerRead,
} from './index.ts';

const fresh = (): KedaStatus => ({
  lastActiveTime: null,
  health: {},
  conditions: getInitializedConditions(),
  pausedReplicaCount: null,
});

function objectOf(n: number, o: Partial<KedaScaledObject>): KedaScaledObject {
  return {
    name: 'so',
    namespace: 'ns',
    scaleTargetKind: 'apps/v1.Deployment',
    scaleTargetName: 'app',
    minReplicaCount: null,
    maxReplicaCount: null,
    idleReplicaCount: null,
    pollingInterval: null,
    cooldownPeriod: null,
    initialCooldownPeriod: null,
    fallback: null,
    scalingModifiers: null,
    annotations: {},
    creationTime: 0,
    triggers: Array.from({ length: n }, (_, i) => ({
      index: i,
      type: 'prometheus',
      name: `t${i}`,
      goType: 'prometheusScaler',
      useCachedMetrics: false,
      metrics: [{ name: `s${i}-t${i}`, targetType: 'AverageValue' as const, targetMilli: 10000 }],
    })),
    ...o,
  };
}

const readArb = fc.oneof(
  fc.record({ value: fc.double({ min: -5, max: 50, noNaN: true }), active: fc.boolean() }),
  fc.constant({ error: 'down' }),
);

describe('KEDA properties', () => {
  it('the cooldown never scales to zero (or idle) while any trigger is active', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.record({
          min: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
          idle: fc.option(fc.constant(0), { nil: null }),
          cooldown: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
          fallback: fc.option(
            fc.record({
              failureThreshold: fc.integer({ min: 0, max: 3 }),
              replicas: fc.integer({ min: 0, max: 5 }),
              behavior: fc.constantFrom('static' as const, 'currentReplicas' as const),
            }),
            { nil: null },
          ),
        }),
        fc.array(
          fc.tuple(
            fc.array(readArb, { minLength: 3, maxLength: 3 }),
            fc.integer({ min: 0, max: 9 }),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        (n, cfg, polls) => {
          const min = cfg.idle !== null && (cfg.min ?? 0) <= 0 ? 1 : cfg.min;
          const so = objectOf(n, {
            minReplicaCount: min,
            idleReplicaCount: cfg.idle,
            cooldownPeriod: cfg.cooldown,
            fallback: cfg.fallback,
          });
          let status = fresh();
          let cache: Readonly<Record<string, MetricsRecord>> = {};
          polls.forEach(([reads, cur], i) => {
            const r: Record<string, ScalerRead> = {};
            for (let k = 0; k < n; k++) {
              const x = reads[k]!;
              r[`s${k}-t${k}`] =
                'error' in x
                  ? { error: x.error }
                  : { values: [generateMetricInMili(x.value, '2.20.2')], active: x.active };
            }
            const out = checkScalers(
              so,
              status,
              r,
              cache,
              { currentReplicas: cur, readyReplicas: cur },
              i * 30,
              null,
            );
            const anyActive = Object.values(r).some((x) => x.active === true);
            if (anyActive) expect(out.scale?.writer).not.toBe('deactivate');
            if (out.state.isActive) expect(out.scale?.writer).not.toBe('deactivate');
            status = out.status;
            cache = out.cache;
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the fallback never engages at or below failureThreshold consecutive failures', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }),
        fc.constantFrom(
          'static' as const,
          'currentReplicas' as const,
          'currentReplicasIfHigher' as const,
          'currentReplicasIfLower' as const,
        ),
        (threshold, fails, behavior) => {
          const so = objectOf(1, {
            fallback: { failureThreshold: threshold, replicas: 4, behavior },
          });
          const spec = so.triggers[0]!.metrics[0]!;
          let status = fresh();
          let run = 0;
          for (const failed of fails) {
            run = failed ? run + 1 : 0;
            const r = getMetricsWithFallback(
              so,
              status,
              failed ? null : [1000],
              failed ? 'down' : null,
              spec.name,
              spec,
              { currentReplicas: 3, readyReplicas: 3 },
            );
            status = r.status;
            expect(r.fallbackActive).toBe(failed && run > threshold);
            expect(status.health[spec.name]!.numberOfFailures).toBe(run);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

// Writes made during a run by someone other than the controllers (Simulation `spec.changes`): an
// edit of the HPA (`kubectl apply`) and a `kubectl scale` of its target. Each is a plane clock that
// fires once, at its instant, in the loop's event order (../README.md "The loop"): after the
// scrapes of that instant, before a sync there. With HPAGeneration (v1.37+) an edit that bumps
// metadata.generation is reconciled at once, not at the next resync.

import type { ControllerConfig, HorizontalPodAutoscaler } from '../controller/index.ts';
import type { Cluster } from './cluster.ts';
import type { RunChange } from './input.ts';
import type { PlaneClock } from './plane.ts';

/**
 * One clock per change, firing once at its instant: the edit and the scale written then. With an
 * informer lag the controller sees an edit `lag` later (its informer's update event); a scale it
 * reads from the API server (a GET of the scale subresource), so at once.
 */
export function changeClocks(
  cluster: Cluster,
  changes: readonly RunChange[],
  lag = 0,
): PlaneClock[] {
  const once = (first: number, fire: (t: number) => void): PlaneClock => ({
    first,
    period: Infinity,
    fire: (_n, t) => fire(t),
  });
  const clocks: PlaneClock[] = [];
  for (const c of changes) {
    if (lag === 0 || c.hpa === null)
      clocks.push(
        once(c.atSeconds, (t) => {
          if (c.hpa !== null) cluster.setHpa(c.hpa, t, c.description);
          else cluster.noteChange(t, c.description);
          if (c.replicas !== null) cluster.writeScale(c.replicas, t);
        }),
      );
    else {
      const hpa = c.hpa;
      if (c.replicas !== null) {
        const replicas = c.replicas;
        clocks.push(once(c.atSeconds, (t) => cluster.writeScale(replicas, t)));
      }
      clocks.push(
        once(c.atSeconds + lag, (t) =>
          cluster.setHpa(
            hpa,
            t,
            `${c.description} (in the informer cache at t=${t}s)`,
            c.atSeconds,
          ),
        ),
      );
    }
  }
  return clocks;
}

/** Every stored HPA has a generation: the API server sets 1 on create (strategy.go). */
function generationOf(hpa: HorizontalPodAutoscaler): number {
  return hpa.metadata?.generation ?? 1;
}

/**
 * The instants an edit is reconciled at once. upstream (horizontal.go updateHPA, #138228 and
 * #138294, v1.37): with HPAGeneration on and `old.Generation != cur.Generation` the informer's
 * update handler calls enqueueHPA (`queue.Add`, immediate); any other update (a status write,
 * a resync, an edit with the gate off) calls enqueueRateLimited, which the key already waiting for
 * its resync absorbs, so the edit is read at the next sync of the grid. A `kubectl scale` touches
 * the target, not the HPA: no sync of its own. processNextWorkItem re-adds the key rate-limited
 * after every sync, and the delaying queue keeps the earlier of two waiting times, so the
 * periodic syncs stay where they were.
 */
export function immediateSyncs(
  hpa: HorizontalPodAutoscaler,
  changes: readonly RunChange[],
  config: ControllerConfig,
  lag = 0,
): number[] {
  if (config.featureGates.HPAGeneration !== true) return [];
  const at: number[] = [];
  let generation = generationOf(hpa);
  for (const c of changes) {
    if (c.hpa === null) continue;
    const next = generationOf(c.hpa);
    // The update event reaches the handler when the informer has the edit.
    if (next !== generation) at.push(c.atSeconds + lag);
    generation = next;
  }
  return at;
}

// kube-controller-manager's HPA informer lagging behind the API server (Simulation
// `spec.controller.informerLag`, off by default: a what-if, real lag varies from milliseconds to
// seconds under load). The controller reads the HPA from its informer cache, which holds every
// write `lag` seconds after it was made; it writes the status with the resourceVersion it read.
//
// upstream (horizontal.go at omerap12/kubernetes a769d588):
// - updateStatusIfNeeded writes only a status that differs from the one read; updateStatus
//   records a successful write (consistencyStore.WroteAt, #139025) and emits FailedUpdateStatus
//   on an error: a write over a resourceVersion the API server has moved past is a Conflict.
// - reconcileKey, with StaleControllerConsistencyHPA (v1.37), first calls EnsureReady: while the
//   cache is older than the last status write it returns an error, the sync is skipped
//   (ObserveHPARequeueSkips) and processNextWorkItem re-adds the key rate-limited: the next try
//   is the next sync of the grid, about one resync later.
// Without the gate the sync runs on the stale status (its conditions, ScaledToZero included) and
// its own write conflicts.

import type { HPACondition, ReconcileResult } from '../controller/index.ts';

/** The status fields the controller reads back from its cache, and a key of all it writes. */
export interface CachedStatus {
  desiredReplicas: number;
  conditions: HPACondition[];
  lastScaleTime: number | null;
  observedGeneration: number | null;
  /** every status field as written (currentMetrics included): equal keys, equal statuses */
  key: string;
}

export interface LagState {
  cached: CachedStatus;
  pending: { at: number; status: CachedStatus }[];
  last: ReconcileResult | null;
}

/** The Conflict the API server answers an update over a stale resourceVersion with. */
export function conflictMessage(name: string): string {
  return `Operation cannot be fulfilled on horizontalpodautoscalers.autoscaling "${name}": the object has been modified; please apply your changes to the latest version and try again`;
}

/** The status a reconcile sets (setStatus), as a key: what updateStatusIfNeeded compares. */
export function statusKey(r: ReconcileResult, currentReplicas: number): string {
  const metrics = (r.trace.metrics ?? []).map((m) =>
    m.error !== undefined
      ? '-'
      : `${m.currentUtilization ?? ''}/${m.currentAverageValue ?? ''}/${m.currentValue ?? ''}`,
  );
  const conditions = r.conditions.map((c) => `${c.type}=${c.status}:${c.reason}:${c.message}`);
  return [
    currentReplicas,
    r.desiredReplicas,
    r.lastScaleTime ?? '',
    r.observedGeneration ?? '',
    metrics.join(','),
    conditions.join(','),
  ].join('|');
}

export class InformerLag {
  readonly lag: number;
  /** when each HPA edit reached the API server (its resourceVersion moves then) */
  private readonly edits: readonly number[];
  state: LagState;

  constructor(lag: number, edits: readonly number[], initial: CachedStatus) {
    this.lag = lag;
    this.edits = edits;
    this.state = { cached: initial, pending: [], last: null };
  }

  /** The cache at t: every own write made at least `lag` earlier. */
  advance(t: number): CachedStatus {
    const s = this.state;
    let n = 0;
    while (n < s.pending.length && s.pending[n]!.at + this.lag <= t) n++;
    if (n > 0) {
      s.cached = s.pending[n - 1]!.status;
      s.pending = s.pending.slice(n);
    }
    return s.cached;
  }

  /** An own status write the cache has not seen yet at t (EnsureReady's error), or null. */
  unseenWrite(t: number): number | null {
    const p = this.state.pending;
    return p.length > 0 && p[p.length - 1]!.at + this.lag > t ? p[p.length - 1]!.at : null;
  }

  /** A write at t would conflict: the API server holds a version the cache has not seen. */
  conflicts(t: number): boolean {
    if (this.unseenWrite(t) !== null) return true;
    return this.edits.some((e) => e <= t && t < e + this.lag);
  }

  wrote(t: number, status: CachedStatus): void {
    this.state.pending = [...this.state.pending, { at: t, status }];
  }
}

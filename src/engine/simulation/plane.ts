// Control planes: what decides and writes the clusters' scale. The loop (loop.ts) runs the world's
// clocks (metrics-server's scrapes and the adapters' polls) and the controller's sync; a plane
// decides at every sync, may act after every scrape, and may run clocks of its own (KEDA's
// pollingInterval, a node pool's provisioning). One cluster runs the HPA plane (hpaPlane.ts);
// the multi-cluster models are planes over N clusters (../multicluster/). Planes stack
// (`stackPlanes`): siblings share one sync, and a plane may wrap another and call it itself.
// The event order at one instant is documented in ../README.md ("The loop").

import type { HorizontalPodAutoscaler, ReconcileOptions } from '../controller/index.ts';
import type { SyncStep } from './cluster.ts';

/** How much of a reconcile's trace the loop's observers read (ReconcileOptions.trace). */
export type TraceLevel = NonNullable<ReconcileOptions['trace']>;

/** Clusters that became unreachable or came back since the previous sync (indices). */
export interface ClusterChanges {
  failed: number[];
  recovered: number[];
}

/** One HPA controller's reconcile at a sync, and the HPA it read (its bounds as read then). */
export interface ControllerSync {
  step: SyncStep;
  hpa: HorizontalPodAutoscaler;
}

/** What a plane did at one sync, for the observers (recorders, replay). */
export interface PlaneSync {
  /** per cluster (the loop's order): the HPA that ran on its own pods, or null where none did */
  members: (ControllerSync | null)[];
  /** a controller over every cluster (Karmada's FederatedHPA) and the scale it keeps, or null */
  central: (ControllerSync & { replicas: number }) | null;
}

/**
 * A clock of a plane's own: it fires at `first + n · period` (n = 0, 1, …; period > 0) up to the
 * last sync, in the loop's event order. `fire` may read the world and write scales. A clock with
 * `next` instead fires when the plane says: `next()` is the time of its next firing (Infinity:
 * none due), asked anew before every firing, never earlier than the last event (an event the
 * plane waits for, such as a node turning Ready, rather than a tick).
 */
export interface PlaneClock {
  readonly first: number;
  readonly period: number;
  next?(): number;
  fire(n: number, t: number): void;
}

export interface ControlPlane {
  /** the plane's own clocks (none for the HPA): fired by the loop in this order on ties */
  readonly clocks: readonly PlaneClock[];
  /**
   * Sync instants off the sync grid the plane asks for, known before the run (an HPA edit that
   * HPAGeneration reconciles at once): the loop syncs there too, after every event of the
   * instant. An instant on the grid adds nothing (the queue holds a key once).
   */
  readonly syncsAt?: readonly number[];
  /** after every scrape at s (every cluster scraped, the adapters polled): a plane ticked per scrape */
  scraped?(s: number): void;
  /**
   * The controller sync at t (number k): decide and write the scale. `trace`: what the observers
   * read of the reconciles (a plane whose own rules read more may ask for more); `changes`: the
   * clusters that failed or recovered since the last sync (read during the call only).
   */
  sync(k: number, t: number, changes: ClusterChanges, trace: TraceLevel): PlaneSync;
  /** the planes a stack holds (stackPlanes), for observers that read one of them */
  readonly parts?: readonly ControlPlane[];
  /** the plane's own state (plain data, shared structure allowed: restore never mutates it) */
  snapshot(): unknown;
  restore(state: unknown): void;
}

/** The plane of a class in a stack (or the plane itself), or null. */
export function findPlane<P extends ControlPlane>(
  plane: ControlPlane,
  kind: abstract new (...args: never[]) => P,
): P | null {
  if (plane instanceof kind) return plane;
  for (const p of plane.parts ?? []) {
    const found = findPlane(p, kind);
    if (found !== null) return found;
  }
  return null;
}

/** No cluster failed or recovered: the one-cluster plane never sees any. */
export const NO_CHANGES: ClusterChanges = Object.freeze({
  failed: [] as number[],
  recovered: [] as number[],
});

/**
 * Sibling planes as one: their clocks in order (the first plane's first), `scraped` and `sync`
 * called in order, each cluster's controller the last one a plane reported, the central one
 * likewise. A wrapping plane (KEDA around the HPA) is not a sibling: it holds the inner plane and
 * calls it itself.
 */
export function stackPlanes(planes: readonly ControlPlane[]): ControlPlane {
  if (planes.length === 1) return planes[0]!;
  return {
    parts: planes,
    clocks: planes.flatMap((p) => p.clocks),
    syncsAt: planes.flatMap((p) => p.syncsAt ?? []),
    scraped(s) {
      for (const p of planes) p.scraped?.(s);
    },
    sync(k, t, changes, trace) {
      const out: PlaneSync = { members: [], central: null };
      for (const p of planes) {
        const did = p.sync(k, t, changes, trace);
        did.members.forEach((m, i) => {
          if (m !== null || out.members[i] === undefined) out.members[i] = m;
        });
        if (did.central !== null) out.central = did.central;
      }
      return out;
    },
    snapshot: () => planes.map((p) => p.snapshot()),
    restore(state) {
      const s = state as unknown[];
      planes.forEach((p, i) => p.restore(s[i]));
    },
  };
}

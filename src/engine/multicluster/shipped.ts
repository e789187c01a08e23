// Karmada's shipped model over time (shared/federation/README.md Part B): one central
// FederatedHPA computes the template's replica total from the pods of every Ready member
// cluster (karmada-io/karmada pkg/controllers/federatedhpa), and karmada-scheduler divides that
// total over the candidate clusters (divide.ts, steady mode). A failed cluster stops being a
// candidate: the scheduler re-places its replicas as a scale-up on the survivors.
//
// Calibration (§B.1 step 4): the FederatedHPA divides every metric's proposal by the Ready
// members' summed spec.replicas over the template's (karmada-io/karmada master,
// federatedhpa_controller.go computeReplicasForMetrics), inside the replica calculation: our
// controller's ReconcileOptions.calibration. With Duplicated every Ready member holds the whole
// template, so the factor is the number of them; with a divided strategy the scheduler re-divides
// at the very sync a cluster fails, before the reconcile, so it is 1 except after an
// unschedulable re-placement. Every change of the factor is a `calibration` event.
//
// Duplicated bindings are rescheduled whenever karmada-scheduler sees them (scheduler.go
// doScheduleBinding: "Duplicated resources should always be scheduled"), and a cluster's
// NotReady taint coming or going is a cluster change that enqueues them: a failed cluster drops
// out and a recovered one gets the whole template at once. Divided bindings are not rescheduled
// on a cluster change ("TODO: reschedule bindings on cluster change"): a recovered cluster waits
// for the next rescale.

import {
  objectList,
  reconcileAutoscaler,
  type ControllerMemory,
  type HPACondition,
  type Observation,
} from '../controller/index.ts';
import { divideReplicas, webster } from '../federation/index.ts';
import type { SyncStep } from '../simulation/cluster.ts';
import { SIMULATION_LIMITS } from '../simulation/limits.ts';
import type { ClusterChanges, ControlPlane, PlaneSync, TraceLevel } from '../simulation/plane.ts';
import { explainDivide } from './explainDivision.ts';
import { Member, UNLIMITED_AVAILABLE, type PlaneContext } from './member.ts';
import type { ClusterEvent, ClusterEventKind } from './result.ts';

/** What a snapshot keeps of the shipped model's control plane (the members' bounds never move). */
interface ShippedState {
  template: number;
  assignment: [string, number][];
  memory: ControllerMemory;
  conditions: HPACondition[];
  desired: number;
  lastScaleTime: number | null;
  calibration: number;
  bounds: { minReplicas: number; maxReplicas: number };
  nextCron: number;
}

export class ShippedPlane implements ControlPlane {
  readonly members: Member[];
  readonly clocks = [];
  private readonly ctx: PlaneContext;
  /** the template's spec.replicas: the federated total */
  private template: number;
  private assignment = new Map<string, number>();
  private memory: ControllerMemory = {
    recommendations: null,
    scaleUpEvents: objectList(),
    scaleDownEvents: objectList(),
  };
  private conditions: HPACondition[] = [];
  private desired: number;
  private lastScaleTime: number | null = null;
  /** the calibration factor of the previous reconcile (events mark each change) */
  private calibration = 1;
  private k = 0;
  private t = 0;
  private readonly events: ClusterEvent[];
  /** the FederatedHPA's bounds as a CronFederatedHPA last set them (else the manifest's) */
  private bounds: { minReplicas: number; maxReplicas: number };
  /** the next CronFederatedHPA firing to apply */
  private nextCron = 0;

  /** `events`: where the plane's cluster events go (from the first schedule on) */
  constructor(ctx: PlaneContext, events: ClusterEvent[]) {
    this.ctx = ctx;
    this.events = events;
    const { input, federation: f } = ctx;
    this.template = input.workload.initialReplicas;
    this.desired = this.template;
    this.bounds = {
      minReplicas: input.hpa.spec.minReplicas ?? 1,
      maxReplicas: input.hpa.spec.maxReplicas,
    };
    const clusters = f.clusters.map((c) => ({
      name: c.name,
      weight: c.weight,
      availableReplicas: c.capacityPods ?? UNLIMITED_AVAILABLE,
      previousReplicas: 0,
    }));
    const first = divideReplicas({
      strategy: f.strategy,
      replicas: this.template,
      clusters,
      tieBreak: f.tieBreak,
    });
    let steps = explainDivide(f.strategy, this.template, clusters, f.tieBreak);
    if (first.unschedulable) {
      // More starting replicas than room anywhere: place them by size so the run can start.
      const seats = webster(
        this.template,
        clusters.map((c) => c.name),
        clusters.map((c) => c.availableReplicas),
        f.tieBreak,
      );
      clusters.forEach((c, i) => this.assignment.set(c.name, seats[i]!));
      steps = [...steps, 'the run starts with them placed in proportion to cluster capacity'];
    } else {
      for (const c of first.clusters) this.assignment.set(c.name, c.replicas);
    }
    this.members = f.clusters.map(
      (c) =>
        new Member(
          input,
          c,
          this.assignment.get(c.name) ?? 0,
          null,
          ctx.world,
          SIMULATION_LIMITS.maxPods,
        ),
    );
    events.push({
      time: 0,
      sync: 0,
      kind: 'initial',
      rule: `§B.4 ${f.strategy} first schedule`,
      clusters: this.members.map((m) => m.name),
      message: `template ${this.template} replicas divided: ${this.members.map((m) => `${m.name} ${m.replicas}`).join(', ')}`,
      steps,
    });
  }

  sync(k: number, t: number, changes: ClusterChanges, trace: TraceLevel): PlaneSync {
    this.k = k;
    this.t = t;
    const failed = changes.failed.map((i) => this.members[i]!);
    const recovered = changes.recovered.map((i) => this.members[i]!);
    for (const m of failed) {
      this.emit(
        'failure',
        'cluster not Ready',
        [m.name],
        `${m.name} failed: it leaves the FederatedHPA's Ready clusters and the scheduler's candidates`,
      );
      this.assignment.delete(m.name);
    }
    const duplicated = this.ctx.federation.strategy === 'Duplicated';
    for (const m of recovered)
      this.emit(
        'recovery',
        'cluster Ready',
        [m.name],
        duplicated
          ? `${m.name} is Ready again: a candidate, and the Duplicated binding is rescheduled`
          : `${m.name} is Ready again: a candidate with no replicas (steady mode gives it a share of the next scale-up)`,
      );
    if (failed.length > 0)
      this.divide(
        this.template,
        duplicated
          ? 'failover: the failed cluster leaves the candidates; every survivor keeps the whole template'
          : "failover: the failed cluster's replicas are missing from the total",
      );
    else if (recovered.length > 0 && duplicated)
      this.divide(this.template, 'a Duplicated binding is rescheduled on every cluster change');

    this.applyCron(t);

    const live = this.members.filter((m) => !m.failed);
    const before = this.template;
    const specSum = live.reduce((s, m) => s + (this.assignment.get(m.name) ?? 0), 0);
    const obs = this.observation(t, live, specSum);
    // Karmada: float64(Σ member spec.replicas) / float64(template); unused when the sum is 0.
    const calibration = specSum > 0 ? specSum / this.template : 1;
    if (calibration !== this.calibration) {
      this.emit(
        'calibration',
        '§B.1 calibration',
        live.map((m) => m.name),
        `the Ready clusters hold ${specSum} replicas for a template of ${this.template}: the FederatedHPA divides each metric's proposal by the calibration ${formatFactor(calibration)} (was ${formatFactor(this.calibration)})`,
      );
      this.calibration = calibration;
    }
    if (specSum === 0 && k > 0)
      this.emit(
        'paused',
        '§B.1 step 6',
        [],
        'no Ready cluster runs replicas: the FederatedHPA stops with FailedGetScale',
      );
    // The plane reads nothing of the trace: what the observers read (a lean trace at least, as
    // the total's series keeps the decision's numbers).
    const r = reconcileAutoscaler(obs, this.memory, t, this.ctx.input.controller, {
      calibration,
      trace: trace === false ? 'lean' : trace,
    });
    this.memory = r.memory;
    this.conditions = r.conditions;
    this.desired = r.desiredReplicas;
    this.lastScaleTime = r.lastScaleTime;
    if (r.rescaled && r.replicas !== this.template) {
      this.template = r.replicas;
      this.divide(
        this.template,
        `the FederatedHPA set the template to ${r.replicas} (was ${before})`,
      );
    }
    const res = this.ctx.input.metricsPipeline.resolutionSeconds;
    const step: SyncStep = { time: t, before, r, lastScrape: Math.floor(t / res) * res };
    return {
      members: this.members.map(() => null),
      // the bounds as read (a CronFederatedHPA may have moved them), not the status
      central: {
        step,
        hpa:
          obs.hpa.spec === this.ctx.input.hpa.spec
            ? this.ctx.input.hpa
            : { ...this.ctx.input.hpa, spec: obs.hpa.spec },
        replicas: this.template,
      },
    };
  }

  snapshot(): ShippedState {
    return {
      template: this.template,
      assignment: [...this.assignment],
      // The controller never mutates its memory or conditions (it returns new ones): share them.
      memory: this.memory,
      conditions: this.conditions,
      desired: this.desired,
      lastScaleTime: this.lastScaleTime,
      calibration: this.calibration,
      bounds: this.bounds,
      nextCron: this.nextCron,
    };
  }

  restore(state: unknown): void {
    const s = state as ShippedState;
    this.template = s.template;
    this.assignment = new Map(s.assignment);
    this.memory = s.memory;
    this.conditions = s.conditions;
    this.desired = s.desired;
    this.lastScaleTime = s.lastScaleTime;
    this.calibration = s.calibration;
    this.bounds = s.bounds;
    this.nextCron = s.nextCron;
  }

  /**
   * The CronFederatedHPA's firings since the last sync, in order. upstream: karmada-io/karmada
   * pkg/controllers/cronfederatedhpa/cronfederatedhpa_job.go ScaleFHPA (a bound the rule sets
   * replaces the FederatedHPA's; the update goes through the FederatedHPA webhook, which denies
   * max < min) and ScaleWorkloads (the scale subresource's replicas: the template).
   */
  private applyCron(t: number): void {
    const cron = this.ctx.federation.cron ?? [];
    while (this.nextCron < cron.length && cron[this.nextCron]!.atSeconds <= t) {
      const a = cron[this.nextCron++]!;
      if (a.replicas !== undefined) {
        if (a.replicas === this.template) continue;
        const was = this.template;
        this.template = a.replicas;
        this.divide(
          this.template,
          `CronFederatedHPA ${a.rule} set the workload's replicas to ${a.replicas} (was ${was})`,
        );
        continue;
      }
      const next = {
        minReplicas: a.minReplicas ?? this.bounds.minReplicas,
        maxReplicas: a.maxReplicas ?? this.bounds.maxReplicas,
      };
      if (
        next.minReplicas === this.bounds.minReplicas &&
        next.maxReplicas === this.bounds.maxReplicas
      )
        continue;
      if (next.maxReplicas < next.minReplicas) {
        this.emit(
          'cron',
          'CronFederatedHPA ScaleFHPA',
          [],
          `CronFederatedHPA ${a.rule}: ScaleFailed, the FederatedHPA update is denied: spec.maxReplicas: Invalid value: ${next.maxReplicas}: must be greater than or equal to \`minReplicas\``,
        );
        continue;
      }
      this.emit(
        'cron',
        'CronFederatedHPA ScaleFHPA',
        [],
        `CronFederatedHPA ${a.rule}: the FederatedHPA's minReplicas ${this.bounds.minReplicas} → ${next.minReplicas}, maxReplicas ${this.bounds.maxReplicas} → ${next.maxReplicas}`,
      );
      this.bounds = next;
    }
  }

  /** What the central FederatedHPA reads: the union of the Ready members' pods and scales. */
  private observation(t: number, live: Member[], specSum: number): Observation {
    const base = this.ctx.input.hpa;
    const hpa = {
      ...base,
      // Only a CronFederatedHPA moves the bounds; without one the manifest's spec is read as is.
      spec: this.ctx.federation.cron?.length ? { ...base.spec, ...this.bounds } : base.spec,
      status: {
        desiredReplicas: this.desired,
        conditions: this.conditions,
        lastScaleTime: this.lastScaleTime,
      },
    };
    if (specSum === 0)
      return {
        hpa,
        currentReplicas: this.template,
        statusReplicas: 0,
        pods: [],
        scaleGetError: true,
      };
    const each = live.map((m) => m.cluster.observation(t, this.ctx.world));
    return {
      hpa,
      currentReplicas: this.template,
      statusReplicas: each.reduce((s, o) => s + o.statusReplicas, 0),
      pods: each.flatMap((o) => o.pods),
      ...(each[0]!.objectMetrics ? { objectMetrics: each[0]!.objectMetrics } : {}),
      ...(each[0]!.externalMetrics ? { externalMetrics: each[0]!.externalMetrics } : {}),
    };
  }

  private emit(
    kind: ClusterEventKind,
    rule: string,
    clusters: string[],
    message: string,
    steps: string[] = [],
  ) {
    this.events.push({ time: this.t, sync: this.k, kind, rule, clusters, message, steps });
  }

  /** karmada-scheduler divides the total over the Ready candidates (§B.4, steady mode). */
  private divide(total: number, why: string): void {
    const f = this.ctx.federation;
    const candidates = this.members.filter((m) => !m.failed);
    const clusters = candidates.map((m) => ({
      name: m.name,
      weight: m.spec.weight,
      availableReplicas: m.available(this.t),
      previousReplicas: this.assignment.get(m.name) ?? 0,
    }));
    const steps = explainDivide(f.strategy, total, clusters, f.tieBreak);
    if (candidates.length === 0) {
      this.emit(
        'unschedulable',
        `§B.4 ${f.strategy}`,
        [],
        `${why}; no candidate cluster: nothing is placed`,
        steps,
      );
      return;
    }
    const out = divideReplicas({
      strategy: f.strategy,
      replicas: total,
      clusters,
      tieBreak: f.tieBreak,
    });
    if (out.unschedulable) {
      this.emit(
        'unschedulable',
        `§B.4 ${f.strategy}`,
        candidates.map((m) => m.name),
        `${why}; not enough free capacity: the binding keeps its old assignment`,
        steps,
      );
      return;
    }
    const got = new Map(out.clusters.map((c) => [c.name, c.replicas]));
    const was = candidates.map((m) => `${m.name} ${this.assignment.get(m.name) ?? 0}`).join(', ');
    for (const m of candidates) {
      const n = got.get(m.name) ?? 0;
      this.assignment.set(m.name, n);
      m.setReplicas(n, this.t);
    }
    this.emit(
      'division',
      `§B.4 ${f.strategy} (karmada-scheduler)`,
      candidates.map((m) => m.name),
      `${why}: ${was} → ${candidates.map((m) => `${m.name} ${got.get(m.name) ?? 0}`).join(', ')}`,
      steps,
    );
  }
}

/** A factor as a person reads it: 3, 0.75, 1.333. */
function formatFactor(f: number): string {
  return String(Math.round(f * 1000) / 1000);
}

// The pods' fields the controller's replica calculation reads (phase, deletion, readiness, start),
// as columns by pod slot beside the pod store's rows (podRows.ts): Workload.observe writes them
// where it writes each pod's observation, so a sync's groupPods reads arrays, not every pod
// (Observation.podFields, ../controller/podFieldColumns.ts). A slot's columns start over when a
// new pod takes the slot.

import {
  phaseCode,
  readyCode,
  settledStartCoded,
  type PodObservation,
} from '../controller/index.ts';

export class PodFields {
  phase = new Uint8Array(0);
  deleting = new Uint8Array(0);
  ready = new Uint8Array(0);
  startTime = new Float64Array(0);
  readyTransitionTime = new Float64Array(0);
  /** the start of a Running, not deleting, Ready pod; NaN: another (PodFieldColumns.settledStart) */
  settledStart = new Float64Array(0);

  /** Room for slots below `n`. */
  ensure(n: number): void {
    if (n <= this.phase.length) return;
    const cap = Math.max(n, 2 * this.phase.length, 16);
    const grow = <T extends Uint8Array | Float64Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.phase = grow(this.phase, new Uint8Array(cap));
    this.deleting = grow(this.deleting, new Uint8Array(cap));
    this.ready = grow(this.ready, new Uint8Array(cap));
    this.startTime = grow(this.startTime, new Float64Array(cap));
    this.readyTransitionTime = grow(this.readyTransitionTime, new Float64Array(cap));
    this.settledStart = grow(this.settledStart, new Float64Array(cap));
  }

  /** Slot `slot`'s columns become `o`'s fields. */
  write(slot: number, o: PodObservation): void {
    this.ensure(slot + 1);
    this.phase[slot] = phaseCode(o.phase);
    this.deleting[slot] = o.deleting === true ? 1 : 0;
    this.ready[slot] = readyCode(o.ready);
    this.startTime[slot] = o.startTime ?? NaN;
    this.readyTransitionTime[slot] = o.readyTransitionTime ?? NaN;
    this.settledStart[slot] = settledStartCoded(
      this.deleting[slot]!,
      this.phase[slot]!,
      this.ready[slot]!,
      this.startTime[slot]!,
    );
  }
}

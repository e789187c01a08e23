/**
 * The curve tapes of the last few worlds a process ran (../engine/simulation/curves/tape.ts).
 * In the app most edits change the HPA, not the world: the traffic, the loads and the scrape
 * schedule stay, so the curve samples and the KPIs' straight pieces of the run before are the
 * same numbers. A run whose world equals a shelved one replays that world's tapes instead of
 * sampling and cutting again; a run over a new world records for the next one.
 *
 * Bit for bit the same by construction: a tape answers a call only when it asks for exactly the
 * times (or the stretch and share) recorded, else the live curve answers from then on. So the
 * world's key is only a guess of which tapes will match; a wrong guess costs time, never a value.
 */
import {
  CurveTapes,
  sameSpec,
  type CurveCompiler,
  type SimulationInput,
} from '../engine/simulation/index.ts';

/** What fixes a run's curve calls: its curves and its scrape schedule. */
interface WorldKey {
  traffic: SimulationInput['traffic'];
  loads: SimulationInput['loads'];
  metricsPipeline: SimulationInput['metricsPipeline'];
  durationSeconds: number;
}

/** Worlds kept; the least recently used goes first. */
export const SHELF_WORLDS = 4;
/** Samples each world's tapes keep at most (a sample is two doubles): 4 MB a world. */
export const SHELF_SAMPLES_PER_WORLD = 250_000;
/** Samples all of a shelf's tapes keep together: 16 MB; the oldest worlds' tapes go first. */
export const SHELF_SAMPLES = 1_000_000;

/**
 * Recent worlds and their tapes. A world seen for the first time runs live (recording costs
 * about a fifth of a run, and a curve being dragged is a new world at every move); seen again
 * (an edit of the HPA after it), its run records; from then on runs replay.
 */
export class TapeShelf {
  /** worlds seen, least recently used first: with tapes once seen twice */
  private worlds: { key: WorldKey; tapes: CurveTapes | null }[] = [];
  /** runs that replayed a shelved world, that recorded one, and that ran live (tests, the bench) */
  readonly counts = { replayed: 0, recorded: 0, live: 0 };

  constructor(
    private readonly size = SHELF_WORLDS,
    private readonly samples = SHELF_SAMPLES_PER_WORLD,
    private readonly total = SHELF_SAMPLES,
  ) {}

  /**
   * The compiler for a run of `input`, or null for live curves: a world seen for the first time,
   * or several clusters (their shares of the traffic move with the HPA, so no tape would match).
   */
  curvesFor(input: SimulationInput): CurveCompiler | null {
    if (input.federation) return null;
    // The small fields first: sameSpec compares in key order, so the draws' worlds (which differ
    // in their scrape phase) are told apart before their traffic curves are walked.
    const key: WorldKey = {
      durationSeconds: input.durationSeconds,
      metricsPipeline: input.metricsPipeline,
      loads: input.loads,
      traffic: input.traffic,
    };
    const at = this.worlds.findIndex((w) => sameSpec(w.key, key));
    if (at < 0) {
      this.worlds.push({ key, tapes: null });
      if (this.worlds.length > this.size) this.worlds.shift();
      this.counts.live++;
      return null;
    }
    const [world] = this.worlds.splice(at, 1);
    this.worlds.push(world!);
    if (world!.tapes === null) {
      this.makeRoom();
      world!.tapes = new CurveTapes(this.samples);
      this.counts.recorded++;
    } else this.counts.replayed++;
    return world!.tapes.forRun();
  }

  /** Drops the oldest worlds' tapes until a new world's fits in the shelf's total. */
  private makeRoom(): void {
    let used = 0;
    for (const w of this.worlds) used += w.tapes?.used ?? 0;
    for (const w of this.worlds) {
      if (used + this.samples <= this.total) return;
      if (w.tapes === null) continue;
      used -= w.tapes.used;
      w.tapes = null;
    }
  }

  clear(): void {
    this.worlds = [];
  }
}

/** The process's shelf: the worker's runs (an edit after an edit), the CLI's variants. */
export const RUN_TAPES = new TapeShelf();

/**
 * Timing draws' shelf: each draw is its own world (its scrape phase), so a set of 16 needs 16;
 * a lane of the app may draw any of them (the lanes take chunks as they finish). An edit of the
 * HPA draws the same worlds again. 1,500,000 samples (≈ 24 MB at most) keep the 16 worlds of a
 * default day's set (≈ 69,000 samples each) with room for the next one.
 */
export const DRAW_TAPES = new TapeShelf(64, SHELF_SAMPLES_PER_WORLD, 1_500_000);

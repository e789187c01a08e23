// Curve tapes never change a value: a run that replays another run's curve samples is the same
// run, bit for bit, and a run that asks for other times is answered live.

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../scenario/index.ts';
import { seriesArrays } from '../seriesShape.ts';
import { simulate } from '../simulate.ts';
import type { SimulationInput } from '../input.ts';
import type { SimulationResult } from '../result.ts';
import { compileCurve } from './compile.ts';
import { CurveTapes } from './tape.ts';
import type { Curve } from './types.ts';

const PRESETS = new URL('../../../presets/', import.meta.url);
const presets = readdirSync(PRESETS)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => ({ name: f, text: readFileSync(new URL(f, PRESETS), 'utf8') }));

function inputOf(text: string): SimulationInput {
  const parsed = parseScenario(text);
  if (!parsed.input) throw new Error(parsed.diagnostics[0]?.message ?? 'not valid');
  return parsed.input;
}

/**
 * Where two runs' series first differ in any bit (NaN payloads and -0 included): 'same' when
 * they never do, else the series' index and the byte.
 */
function firstDifference(a: SimulationResult, b: SimulationResult): string {
  const xs = seriesArrays(a.series);
  const ys = seriesArrays(b.series);
  if (xs.length !== ys.length) return `${xs.length} series against ${ys.length}`;
  for (let i = 0; i < xs.length; i++) {
    const x = Buffer.from(xs[i]!.buffer, xs[i]!.byteOffset, xs[i]!.byteLength);
    const y = Buffer.from(ys[i]!.buffer, ys[i]!.byteOffset, ys[i]!.byteLength);
    if (!x.equals(y)) return `series ${i} differs`;
  }
  return 'same';
}

function run(input: SimulationInput, tapes?: CurveTapes): SimulationResult {
  const out = simulate(input, tapes ? { curves: tapes.forRun() } : {});
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

describe('curve tapes', () => {
  it.each(presets)('replay every curve of $name bit for bit, for another HPA too', ({ text }) => {
    const input = inputOf(text);
    const tapes = new CurveTapes();
    const first = run(input, tapes); // records
    expect(firstDifference(first, run(input))).toBe('same');
    // Another HPA over the same world (a search's candidate): the same curve objects.
    const other: SimulationInput = {
      ...input,
      hpa: {
        ...input.hpa,
        spec: { ...input.hpa.spec, maxReplicas: input.hpa.spec.maxReplicas + 3 },
      },
    };
    const replayed = run(other, tapes);
    const live = run(other);
    expect(firstDifference(replayed, live)).toBe('same');
    expect(replayed.kpis).toEqual(live.kpis);
    // The replay was one: every call of the second run came off the tape.
    if (input.traffic !== null) expect(tapes.counts.replayed).toBeGreaterThan(0);
    expect(tapes.counts.live).toBe(0);
    // and every stretch of the traffic's exact integral came off the piece tape
    if (input.traffic !== null) expect(tapes.pieceCounts.replayed).toBeGreaterThan(0);
    expect(tapes.pieceCounts.live).toBe(0);
  });

  it('answers live from the first call that asks for other times, and for another world', () => {
    const curve: Curve = { type: 'sine', base: 10, amplitude: 4, periodSeconds: 60 };
    const truth = compileCurve(curve);
    const tapes = new CurveTapes();
    const times = new Float64Array([1, 2.5, 7]);
    const out = new Float64Array(3);
    const rec = tapes.forRun().compile(curve);
    rec.sampleInto(times, out, 3);
    expect(rec.valueAt(11)).toBe(truth.valueAt(11));
    const play = tapes.forRun().compile(curve);
    const again = new Float64Array(3);
    play.sampleInto(times, again, 3);
    expect(Array.from(again)).toEqual(Array.from(out));
    expect(tapes.counts).toEqual({ replayed: 1, live: 0 });
    // Another time than recorded: the live curve, and from then on every call.
    expect(play.valueAt(12)).toBe(truth.valueAt(12));
    expect(tapes.counts).toEqual({ replayed: 1, live: 1 });
    // Another curve spec in the recorded place: never the tape.
    const other: Curve = { ...curve, base: 20 };
    const elsewhere = tapes.forRun().compile(other);
    elsewhere.sampleInto(times, again, 3);
    expect(again[0]).toBe(compileCurve(other).valueAt(1));
  });

  it("cuts the traffic's pieces live from the first stretch that differs", () => {
    const input = inputOf(presets.find((p) => p.name === 'default.yaml')!.text);
    const tapes = new CurveTapes();
    run(input, tapes); // records
    // Another scrape phase: other stretches from the first scrape on, so no piece is replayed.
    const shifted: SimulationInput = {
      ...input,
      metricsPipeline: { ...input.metricsPipeline, offsetSeconds: 3 },
    };
    const replayed = run(shifted, tapes);
    const live = run(shifted);
    expect(replayed.kpis).toEqual(live.kpis);
    expect(firstDifference(replayed, live)).toBe('same');
    expect(tapes.pieceCounts.replayed).toBe(0);
    expect(tapes.pieceCounts.live).toBeGreaterThan(1000);
  });

  it('stops recording past its room, and what it kept still replays', () => {
    const curve: Curve = { type: 'constant', value: 3 };
    const tapes = new CurveTapes(4);
    const rec = tapes.forRun().compile(curve);
    const out = new Float64Array(3);
    rec.sampleInto(new Float64Array([1, 2, 3]), out, 3);
    rec.sampleInto(new Float64Array([4, 5, 6]), out, 3); // over the room: not kept
    const play = tapes.forRun().compile(curve);
    play.sampleInto(new Float64Array([1, 2, 3]), out, 3);
    play.sampleInto(new Float64Array([4, 5, 6]), out, 3);
    expect(Array.from(out)).toEqual([3, 3, 3]);
    expect(tapes.counts).toEqual({ replayed: 1, live: 1 });
  });
});

// The long run's figures merged over its processes: sums of counts, maxima of the slowest input
// and of one process's memory, the first examples of each message.
import { describe, expect, it } from 'vitest';
import { mergeOutcomes, noFigures, type Outcome } from './report.ts';

function part(inputs: number, crashes: number, slowestMs: number, peakMB: number): Outcome {
  const f = { ...noFigures(), inputs, crashes, slowestMs, cpuMs: inputs * 2 };
  return {
    report: {
      seed: 7,
      processes: 1,
      inputs,
      validScenarios: inputs / 2,
      simulated: inputs / 2,
      stoppedByMeter: 1,
      crashes,
      hangs: 0,
      invariants: 0,
      memory: 0,
      hangSeconds: 5,
      memoryLimitMB: 1024,
      slowestMs,
      slowestWallMs: slowestMs * 3,
      peakMB,
      seconds: 10,
      cpuSeconds: inputs / 100,
      targets: { scenario: f },
    },
    examples: crashes ? [{ kind: 'crash', target: 'scenario', message: 'boom', input: 'x' }] : [],
  };
}

describe('the long run over several processes', () => {
  it('adds counts, keeps maxima, and one process’s peak memory', () => {
    const { report, examples } = mergeOutcomes([part(100, 0, 40, 300), part(200, 3, 90, 250)], 12);
    expect(report).toMatchObject({
      processes: 2,
      inputs: 300,
      validScenarios: 150,
      stoppedByMeter: 2,
      crashes: 3,
      slowestMs: 90,
      slowestWallMs: 270,
      peakMB: 300,
      seconds: 12,
      cpuSeconds: 3,
    });
    expect(report.targets.scenario).toMatchObject({ inputs: 300, crashes: 3, cpuMs: 600 });
    expect(examples.map((e) => e.message)).toEqual(['boom']);
  });
});

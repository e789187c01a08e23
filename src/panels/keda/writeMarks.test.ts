import { describe, expect, it } from 'vitest';
import type { ResultPayload } from '../../worker/protocol.ts';
import { kedaWriteMarks } from './writeMarks.ts';

describe('kedaWriteMarks', () => {
  it('marks each KEDA write at its sync, down to 0 and up from it', () => {
    const result = {
      series: { time: Float64Array.of(0, 15, 30, 45), specReplicas: Float64Array.of(7, 7, 0, 1) },
      keda: { write: Float64Array.of(NaN, NaN, 0, 1) },
    } as unknown as ResultPayload;
    expect(kedaWriteMarks(result)).toEqual([
      { t: 30, y: 0, up: false },
      { t: 45, y: 1, up: true },
    ]);
    expect(kedaWriteMarks({ ...result, keda: undefined })).toEqual([]);
  });
});

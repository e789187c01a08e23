// The worker protocol speaks plain data: its messages survive structured clone whole (what
// postMessage does), and PlainData — the type that guards it at compile time — rejects functions
// and class instances.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulatorApi } from './api.ts';
import type { MessagesArePlain, PlainData } from './protocol.ts';

const text = readFileSync(resolve(import.meta.dirname, '../presets/default.yaml'), 'utf8');

describe('worker protocol messages', () => {
  it('survive structured clone unchanged: a run reply and a sync detail', async () => {
    const api = createSimulatorApi();
    const reply = await api.run(1, text);
    expect(reply.runs[0]!.result).not.toBeNull();
    expect(structuredClone(reply)).toStrictEqual(reply);
    const detail = await api.getSync(1, 2000);
    expect(detail?.sync.trace.metrics?.length).toBeGreaterThan(0);
    expect(structuredClone(detail)).toStrictEqual(detail);
  });

  it('are proven plain at compile time, and the proof rejects functions and classes', () => {
    const proof: MessagesArePlain = true;
    expect(proof).toBe(true);
    // @ts-expect-error a method is not plain data
    const withMethod: PlainData<{ n: number; f(): void }> = { n: 1, f() {} };
    // @ts-expect-error a Map's methods would not survive as a plain object
    const map: PlainData<{ m: Map<string, number> }> = { m: new Map() };
    const ok: PlainData<{ a: Float64Array; b: { c: string[] } }> = {
      a: new Float64Array(1),
      b: { c: ['x'] },
    };
    expect([withMethod.n, map.m.size, ok.a.length]).toEqual([1, 0, 1]);
  });
});

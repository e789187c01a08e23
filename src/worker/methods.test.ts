// The method table is the API: every method of the real API object is in it once, and what is
// generated from it (the worker's exposed object, the bridge's backends and client) has exactly
// those methods. (Its type is checked against SimulatorApi at compile time as well.)

import { describe, expect, it } from 'vitest';
import { createClient } from '../bridge/client.ts';
import { FakeWorker } from '../bridge/testing/fakes.ts';
import { createSimulatorApi } from './api.ts';
import { exposedApi } from './exposed.ts';
import { forwardApi, METHOD_NAMES, METHODS } from './methods.ts';

const sorted = (xs: string[]) => [...xs].sort();

describe('the method table', () => {
  it('lists every method of the API object, once', () => {
    expect(sorted(Object.keys(createSimulatorApi()))).toEqual(sorted(METHOD_NAMES));
    expect(new Set(METHOD_NAMES).size).toBe(METHOD_NAMES.length);
  });

  it('generates the worker side and the forwarding with every method', async () => {
    expect(sorted(Object.keys(exposedApi(createSimulatorApi())))).toEqual(sorted(METHOD_NAMES));
    const calls: [string, unknown[]][] = [];
    const api = forwardApi(async (name, args) => {
      calls.push([name, args]);
      return null as never;
    });
    await api.getSync(3, 4, 'main');
    await api.evaluate(1, { a: 1 });
    expect(calls).toEqual([
      ['getSync', [3, 4, 'main']],
      ['evaluate', [1, { a: 1 }]],
    ]);
  });

  it('gives the client every `ofRun` and `call` method, and no `job` method', () => {
    const client = createClient({
      createWorker: () => new FakeWorker(),
      loadFallbackApi: async () => createSimulatorApi(),
    });
    const side = METHOD_NAMES.filter((m) => METHODS[m] === 'ofRun' || METHODS[m] === 'call');
    for (const m of side)
      expect(typeof (client as unknown as Record<string, unknown>)[m]).toBe('function');
    const jobs = METHOD_NAMES.filter((m) => METHODS[m] === 'job');
    expect(jobs).toEqual(['prepareSearch', 'evaluate', 'runDraws', 'summarizeDraws']);
    for (const m of jobs) expect(m in client).toBe(false);
    client.dispose();
  });
});

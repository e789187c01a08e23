import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulatorApi } from '../worker/api.ts';
import { cli } from './testing/runCli.ts';

const fixture = join(import.meta.dirname, '../run/__fixtures__/failover-variants.yaml');

describe('run --format runs-csv', () => {
  it("writes the app's every-run export, byte for byte", async () => {
    const api = createSimulatorApi({ now: () => 0 });
    await api.run(1, readFileSync(fixture, 'utf8'));
    const app = (await api.exportCsv(1, 'runs'))!;
    const r = cli('run', fixture, '--format', 'runs-csv');
    expect(r.code).toBe(0);
    expect(r.out).toBe(app.trimEnd());
    expect(r.out.split('\n')[0]).toMatch(/^run,kind,group,label,time,/);
  });

  it('takes one file, as --format csv does', () => {
    const dir = join(import.meta.dirname, '../run/__fixtures__');
    const r = cli('run', dir, '--format', 'runs-csv');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--format runs-csv takes one autoscaler');
  });
});

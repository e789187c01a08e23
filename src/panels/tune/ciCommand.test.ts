import { describe, expect, it } from 'vitest';
import { ciCommand } from './ciCommand.ts';

const c = (flag: string, limit: number) => ({
  flag,
  limit,
  label: flag,
  bound: 'max' as const,
  value: 0,
  met: true,
});

describe('the CI command for an exported candidate', () => {
  it("writes each goal as check's flag, in the search's order", () => {
    expect(
      ciCommand('whoami-tuned-7.scenario.yaml', [
        c('max-unmet-demand-percent', 0.5),
        c('max-recovery-seconds', 120),
        c('max-reversals', 4),
      ]),
    ).toBe(
      'npx hpa-sim check whoami-tuned-7.scenario.yaml --max-unmet-demand-percent 0.5 --max-recovery-seconds 120 --max-reversals 4',
    );
  });

  it('quotes a file name a shell would split', () => {
    expect(ciCommand("it's here.yaml", [c('max-reversals', 2)])).toBe(
      `npx hpa-sim check 'it'\\''s here.yaml' --max-reversals 2`,
    );
  });

  it('adds the draws, seed and percentile of a search over timing draws', () => {
    expect(
      ciCommand('web-tuned-3.scenario.yaml', [c('max-reversals', 4)], {
        count: 16,
        seed: 7,
        percentile: 95,
      }),
    ).toBe(
      'npx hpa-sim check web-tuned-3.scenario.yaml --max-reversals 4 --draws 16 --seed 7 --percentile 95',
    );
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CandidateResult, SearchResult } from '../../tune/search.ts';
import { TradeOffChart } from './TradeOffChart.tsx';

const c = (index: number, objective: number, overload: number, feasible: boolean) =>
  ({ index, objective, overload, feasible, patch: {}, kpis: null }) as unknown as CandidateResult;

const result = {
  candidates: [c(0, 20, 0.2, true), c(1, 18, 0.3, true), c(2, 19, 0.25, true), c(3, 5, 80, false)],
  front: [1, 2],
  best: 1,
  feasible: true,
  objective: { name: 'pod-hours', unit: 'pod-h' },
  overload: { name: 'unmet-demand-percent', label: 'unmet demand (%)' },
} as unknown as SearchResult;

describe('the trade-off chart fits the feasible candidates (issue 25)', () => {
  it('draws a far infeasible candidate as an arrow at the edge with its value', () => {
    const html = renderToStaticMarkup(
      createElement(TradeOffChart, { result, selected: null, onSelect: () => {} }),
    );
    expect(html.match(/<path class="pt infeasible[^"]*edge"/g)).toHaveLength(1);
    expect(html.match(/<circle class="pt feasible/g)).toHaveLength(2);
    expect(html).toContain('1 off them, as arrows at the edge');
    // the axis ticks stay near the feasible ones (18–20 pod-h), not 5–20
    expect(html).not.toMatch(/>5<\/text>/);
    expect(html).toMatch(
      /#3: 5.0 pod-h, 80.0 unmet demand \(%\) \(misses a constraint\), off the axes/,
    );
  });
});

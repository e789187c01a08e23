// An edge arrow's value label never covers a point on the axes or another label (QA follow-up of
// issue 25: the label was written over a point next to the edge).

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CandidateResult, SearchResult } from '../../tune/search.ts';
import { placeEdgeLabel } from './edgeLabels.ts';
import { TradeOffChart } from './TradeOffChart.tsx';

const right = { x: 508, y: 100, dx: 1, dy: 0 };

describe('placeEdgeLabel', () => {
  it('puts the value inward beside its arrow when nothing is there', () => {
    expect(placeEdgeLabel(right, '40.0', [], [])).toEqual({ x: 498, y: 103, anchor: 'end' });
  });
  it('moves it off a point drawn where it would go', () => {
    const spot = placeEdgeLabel(right, '40.0', [{ x: 490, y: 100 }], []);
    expect(spot).not.toBeNull();
    expect(spot!.y).not.toBe(103);
    // its box (4 characters of 5.5 px, 9 px high) keeps 6 px from the point's centre
    expect(Math.abs(spot!.y - 100) >= 8 || spot!.x - 22 > 496).toBe(true);
  });
  it('puts a second arrow’s label clear of the first one’s, and none when no spot is left', () => {
    const taken: Parameters<typeof placeEdgeLabel>[3] = [];
    expect(placeEdgeLabel(right, '40.0', [], taken)).toEqual({ x: 498, y: 103, anchor: 'end' });
    expect(placeEdgeLabel({ ...right, y: 101 }, '41.0', [], taken)).toEqual({
      x: 498,
      y: 93,
      anchor: 'end',
    });
    expect(placeEdgeLabel({ ...right, y: 101 }, '42.0', [], taken)).toEqual({
      x: 498,
      y: 115,
      anchor: 'end',
    });
    expect(placeEdgeLabel({ ...right, y: 101 }, '43.0', [], taken)).toBeNull();
  });
  it('tries the sides of an arrow on the top edge', () => {
    const top = { x: 200, y: 10, dx: 0, dy: -1 };
    expect(placeEdgeLabel(top, '80', [], [])).toEqual({ x: 200, y: 23, anchor: 'middle' });
    expect(placeEdgeLabel(top, '80', [{ x: 200, y: 20 }], [])).toEqual({
      x: 207,
      y: 17,
      anchor: 'start',
    });
  });
});

const c = (index: number, objective: number, overload: number, feasible: boolean) =>
  ({ index, objective, overload, feasible, patch: {}, kpis: null }) as unknown as CandidateResult;

describe('the trade-off chart’s edge labels', () => {
  it('never cover a point next to the edge', () => {
    // candidate 3 is far right of the axes at the height of candidate 2, just inside the edge
    const result = {
      candidates: [
        c(0, 18, 0.2, true),
        c(1, 20, 0.3, true),
        c(2, 19.9, 0.25, true),
        c(3, 40, 0.25, false),
      ],
      front: [0, 2],
      best: 0,
      feasible: true,
      objective: { name: 'pod-hours', unit: 'pod-h' },
      overload: { name: 'unmet-demand-percent', label: 'unmet demand (%)' },
    } as unknown as SearchResult;
    const html = renderToStaticMarkup(
      createElement(TradeOffChart, { result, selected: null, onSelect: () => {} }),
    );
    const label = html.match(
      /<text class="edge-value" x="([\d.]+)" y="([\d.]+)" text-anchor="(\w+)">([^<]+)</,
    );
    expect(label).not.toBeNull();
    const [, x, y, anchor, text] = label!;
    expect([anchor, text]).toEqual(['end', '40.0']);
    const box = { x0: +x! - text!.length * 5.5, x1: +x!, y0: +y! - 7, y1: +y! + 2 };
    const circles = [...html.matchAll(/<circle class="pt[^"]*" cx="([\d.]+)" cy="([\d.]+)"/g)];
    expect(circles.length).toBe(2);
    for (const [, cx, cy] of circles) {
      const inside =
        +cx! >= box.x0 - 5 && +cx! <= box.x1 + 5 && +cy! >= box.y0 - 5 && +cy! <= box.y1 + 5;
      expect(inside).toBe(false);
    }
  });
});

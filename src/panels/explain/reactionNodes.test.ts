import { describe, expect, it } from 'vitest';
import { presetRun } from '../../explain/testing/presets.ts';
import { reactionAt } from './reaction.ts';
import { reactionNodeWait } from './reactionNodes.ts';

const at = (name: string, time: number) => {
  const { payload } = presetRun(name);
  const s = payload.series;
  const i = s.time.indexOf(time);
  return { s, i, r: reactionAt(s, i)!, nodes: payload.nodes };
};

describe('reactionNodeWait: the nodes’ share of a scale-up’s reaction time', () => {
  it('splits out waiting for a node: the scan, then the node’s start', () => {
    // nodes-wait: 6 → 9 at 630 s; cluster-autoscaler asks for node-3 at its 640 s scan and the
    // node is Ready at 738 s; the last pod is Ready 135 s after the write.
    const { s, i, r, nodes } = at('nodes-wait', 630);
    const w = reactionNodeWait(s, i, r, nodes)!;
    expect(w.waitedSeconds).toBe(738 - 630);
    expect(w.untilReadySeconds).toBe(135);
    expect(w.text).toMatch(/cluster-autoscaler asked for node-3 at 00:10:40 \(\+10s\)/);
  });

  it('a rescale overtaken before its pods were Ready still shows what they waited for', () => {
    const { s, i, r, nodes } = at('nodes-wait', 615);
    expect(r.settled).toBeNull();
    const w = reactionNodeWait(s, i, r, nodes)!;
    expect(w.waitedSeconds).toBe(716 - 615);
    expect(w.untilReadySeconds).toBeNull();
  });

  it('nothing for a scale-down, nor without a node pool', () => {
    const down = at('nodes-wait', 3330);
    expect(down.r.direction).toBe('down');
    expect(reactionNodeWait(down.s, down.i, down.r, down.nodes)).toBeNull();
    const { payload } = presetRun('story-1-scale-up-fast');
    const r = reactionAt(payload.series, 0)!;
    expect(payload.nodes).toBeUndefined();
    expect(reactionNodeWait(payload.series, 0, r, payload.nodes)).toBeNull();
  });
});

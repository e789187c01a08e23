import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, parseLayout, WIDTH_LIMITS } from './layoutPrefs.ts';

describe('parseLayout', () => {
  it('reads what was stored', () => {
    const p = { editorWidth: 500, explainWidth: 420, presenter: true, editorHidden: true };
    expect(parseLayout(JSON.stringify(p))).toEqual(p);
  });

  it('falls back to the defaults on nothing, garbage or wrong types', () => {
    expect(parseLayout(null)).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout('{not json')).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout('[1,2]')).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout('{"editorWidth":"wide","presenter":"yes"}')).toEqual(DEFAULT_LAYOUT);
  });

  it('clamps widths into range', () => {
    const p = parseLayout('{"editorWidth":5,"explainWidth":1e9}');
    expect(p.editorWidth).toBe(WIDTH_LIMITS.editor[0]);
    expect(p.explainWidth).toBe(WIDTH_LIMITS.explain[1]);
  });
});

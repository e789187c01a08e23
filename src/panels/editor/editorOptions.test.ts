import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_OPTIONS } from './editorOptions.ts';

describe('the scenario editor options', () => {
  it('draw no color swatches: a preset cites issues as #7770, which Monaco reads as a color', () => {
    // The hex colors Monaco's default color provider finds (#rgb, #rgba, #rrggbb, #rrggbbaa).
    const dir = join(import.meta.dirname, '..', '..', 'presets');
    const hexLike = readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .filter((f) =>
        /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b/i.test(readFileSync(join(dir, f), 'utf8')),
      );
    expect(hexLike.length).toBeGreaterThan(0);
    expect(EDITOR_OPTIONS.colorDecorators).toBe(false);
  });

  it('never scroll sideways and never trap the keyboard', () => {
    expect(EDITOR_OPTIONS).toMatchObject({ wordWrap: 'on', tabFocusMode: true, links: false });
  });
});

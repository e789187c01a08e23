import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { applyFix } from './applyFix.ts';

const edit = (line: number, column: number, endLine: number, endColumn: number, text: string) => ({
  line,
  column,
  endLine,
  endColumn,
  text,
});

describe('applyFix', () => {
  it('replaces every range together, located as diagnostics are', () => {
    const text = 'a:\n\tb: 1\n\tc: 2\n';
    const fix = { title: 't', edits: [edit(2, 1, 2, 2, '  '), edit(3, 1, 3, 2, '  ')] };
    expect(applyFix(text, fix)).toBe('a:\n  b: 1\n  c: 2\n');
  });

  it('reads columns in UTF-16 units and keeps CRLF line ends', () => {
    const text = 'x: "é😀"\r\ny: 1\r\n';
    // the 😀 is two UTF-16 units: columns 6–7; the quote after it is column 8
    expect(applyFix(text, { title: 't', edits: [edit(1, 6, 1, 8, '!')] })).toBe(
      'x: "é!"\r\ny: 1\r\n',
    );
    expect(applyFix(text, { title: 't', edits: [edit(2, 4, 2, 5, '2')] })).toBe(
      'x: "é😀"\r\ny: 2\r\n',
    );
  });

  it('is null for a fix that does not fit the text (computed for another one)', () => {
    const text = 'a: 1\n';
    expect(applyFix(text, { title: 't', edits: [edit(3, 1, 3, 2, '')] })).toBeNull();
    expect(applyFix(text, { title: 't', edits: [edit(1, 9, 1, 10, '')] })).toBeNull();
    const overlapping = [edit(1, 1, 1, 3, ''), edit(1, 2, 1, 4, '')];
    expect(applyFix(text, { title: 't', edits: overlapping })).toBeNull();
  });

  it('turns the scenario’s tab-indentation error into a file that parses', () => {
    const text = [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata:',
      '\tname: web',
      'spec:',
      '\tscaleTargetRef:',
      '\t\tkind: Deployment',
      '\t\tname: web',
      '\tmaxReplicas: 5',
      '',
    ].join('\n');
    const d = parseScenario(text).diagnostics.find((x) => x.fix);
    expect(d?.severity).toBe('error');
    const fixed = applyFix(text, d!.fix!);
    expect(fixed).not.toContain('\t');
    expect(parseScenario(fixed!).diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
  });
});

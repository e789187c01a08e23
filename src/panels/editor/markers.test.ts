import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../scenario/index.ts';
import { parseScenario } from '../../scenario/index.ts';
import { MARKER_OWNER, MARKER_SEVERITY, severityName, toMarkers } from './markers.ts';

const diag = (over: Partial<Diagnostic>): Diagnostic => ({
  severity: 'error',
  message: 'm',
  path: 'spec.x',
  document: 1,
  line: 3,
  column: 5,
  endLine: 3,
  endColumn: 9,
  ...over,
});

describe('toMarkers', () => {
  it('keeps the exact range (both 1-based, end column exclusive)', () => {
    expect(
      toMarkers([diag({ line: 2, column: 7, endLine: 4, endColumn: 1, message: 'hi' })]),
    ).toEqual([
      {
        severity: MARKER_SEVERITY.error,
        message: 'hi',
        source: MARKER_OWNER,
        startLineNumber: 2,
        startColumn: 7,
        endLineNumber: 4,
        endColumn: 1,
      },
    ]);
  });

  it("maps severities to Monaco's MarkerSeverity values", () => {
    const severities = toMarkers([
      diag({ severity: 'error' }),
      diag({ severity: 'warning' }),
      diag({ severity: 'info' }),
    ]).map((m) => m.severity);
    // monaco.MarkerSeverity: Hint 1, Info 2, Warning 4, Error 8.
    expect(severities).toEqual([8, 4, 2]);
  });

  it('reads severities back', () => {
    expect([8, 4, 2, 1].map(severityName)).toEqual(['error', 'warning', 'info', 'info']);
  });

  it('keeps zero-width ranges and makes inverted or broken ones a point at the start', () => {
    const [point, inverted, broken] = toMarkers([
      diag({ line: 5, column: 3, endLine: 5, endColumn: 3 }),
      diag({ line: 5, column: 9, endLine: 5, endColumn: 2 }),
      diag({ line: Number.NaN, column: 0, endLine: -1, endColumn: Infinity }),
    ]);
    expect(point).toMatchObject({
      startLineNumber: 5,
      startColumn: 3,
      endLineNumber: 5,
      endColumn: 3,
    });
    expect(inverted).toMatchObject({
      startLineNumber: 5,
      startColumn: 9,
      endLineNumber: 5,
      endColumn: 9,
    });
    expect(broken).toMatchObject({
      startLineNumber: 1,
      startColumn: 1,
      endLineNumber: 1,
      endColumn: 1,
    });
  });

  it('gives one marker per diagnostic, in order, for a real scenario', () => {
    const text = [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata: { name: web }',
      'spec:',
      '  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }',
      '  maxReplicas: -1',
      '  maxReplica: 3',
    ].join('\n');
    const { diagnostics } = parseScenario(text);
    expect(diagnostics.length).toBeGreaterThan(1);
    const markers = toMarkers(diagnostics);
    expect(markers).toHaveLength(diagnostics.length);
    const value = markers.find((m) => m.message.includes('greater than 0'));
    // "-1" on line 6, columns 16..18 (exclusive).
    expect(value).toMatchObject({
      startLineNumber: 6,
      startColumn: 16,
      endLineNumber: 6,
      endColumn: 18,
    });
  });
});

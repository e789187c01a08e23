// Every lesson step's scenario runs clean, and its answer is what the run shows: a lesson that
// tells a class "15:00" must see the engine scale down at 15:00.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../run/index.ts';
import { LESSONS, stepChanges, withChanges } from './index.ts';
import type { RunCheck } from './types.ts';

const presets = join(import.meta.dirname, '..');

/** The first sync after `after` seconds that rescaled to another count, or null. */
function firstChange(
  s: {
    time: Float64Array;
    specReplicas: Float64Array;
    readyReplicas: Float64Array;
    rescaled: ArrayLike<number>;
  },
  after: number,
  /** per sync, the replicas KEDA wrote before it (NaN: none): KEDA's writes are changes too */
  kedaWrites?: ArrayLike<number>,
) {
  let before = s.readyReplicas[0]!;
  for (let i = 0; i < s.time.length; i++) {
    const now = s.specReplicas[i]!;
    const wrote = s.rescaled[i] || (kedaWrites !== undefined && !Number.isNaN(kedaWrites[i]!));
    if (s.time[i]! > after && wrote && now !== before)
      return { at: s.time[i]!, replicas: now, index: i };
    before = now;
  }
  return null;
}

describe.each(LESSONS.map((l) => [l.id, l] as const))('lesson %s', (_, lesson) => {
  const base = readFileSync(join(presets, lesson.base), 'utf8');

  it('has steps, each with text; questions with their answer among the choices', () => {
    expect(lesson.steps.length).toBeGreaterThanOrEqual(3);
    for (const s of lesson.steps) {
      expect(s.text.length).toBeGreaterThan(20);
      if (s.question) {
        expect(s.question.choices[s.question.answer]).toBeDefined();
        expect(s.check, `${s.title}: a question needs a run check`).toBeDefined();
      }
    }
  });

  it.each(lesson.steps.map((s, i) => [i, s.title] as const))(
    'step %i (%s): its scenario runs, and the run shows the answer',
    (i) => {
      const step = lesson.steps[i]!;
      for (const c of step.scenario ?? [])
        expect(base.split(c.find).length - 1, `"${c.find}" once in ${lesson.base}`).toBe(1);
      const text = withChanges(base, stepChanges(lesson, i))!;
      expect(text).not.toBeNull();
      const r = runScenario(text);
      expect(r.summary.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const run = r.runs[0]!;
      expect(run.ok).toBe(true);
      const s = run.result!.series;
      const n = s.time.length;
      if (step.select !== undefined) expect(step.select).toBeLessThan(n);
      if (step.question) expect(step.question.revealAt).toBeLessThan(n);
      const check: RunCheck | undefined = step.check;
      if (!check) return;
      const change = firstChange(s, check.after, run.result!.keda?.series.write);
      if (check.at === null) {
        expect(change).toBeNull();
        return;
      }
      expect(change).toMatchObject({ at: check.at, replicas: check.replicas });
      // the playback that reveals the answer has passed it (a step that needs a missing engine
      // part says its answer in words: the run shows what the simulator does today)
      if (step.question && !step.needs)
        expect(step.question.revealAt).toBeGreaterThanOrEqual(change!.index);
    },
  );
});

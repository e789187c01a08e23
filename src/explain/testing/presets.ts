// Test helper: run a preset (or any scenario text) once and hand out sync details.

import { runScenario, type ScenarioRun } from '../../worker/testing/runScenario.ts';

const texts = import.meta.glob('../../presets/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const cache = new Map<string, ScenarioRun>();

export function presetRun(name: string): ScenarioRun {
  let run = cache.get(name);
  if (!run) {
    const text = texts[`../../presets/${name}.yaml`];
    if (text === undefined) throw new Error(`no preset ${name}`);
    run = runScenario(text);
    cache.set(name, run);
  }
  return run;
}

export function textRun(text: string): ScenarioRun {
  let run = cache.get(text);
  if (!run) {
    run = runScenario(text);
    cache.set(text, run);
  }
  return run;
}

/** The first sync index matching `p`, failing the test when there is none. */
export function findSync(run: ScenarioRun, p: (i: number) => boolean): number {
  for (let i = 0; i < run.result.syncs.length; i++) if (p(i)) return i;
  throw new Error('no sync matches');
}

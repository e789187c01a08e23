/**
 * The CronFederatedHPA of the text that targets the simulated FederatedHPA (or its workload), its
 * firings attached to the run's federation (shipped model); others are named in a notice.
 */
import type { SimulationInput } from '../../engine/simulation/input.ts';
import type { Reporter } from '../diagnostics.ts';
import { cronActions, cronTargets } from './cron.ts';
import { rec, str } from './types.ts';

export function withCron(
  input: SimulationInput,
  fhpa: unknown,
  crons: readonly { value: unknown; report: Reporter }[],
  notices: string[],
): SimulationInput {
  const fed = input.federation;
  if (!fed || crons.length === 0) return input;
  const spec = rec(rec(fhpa).spec);
  const ref = rec(spec.scaleTargetRef);
  const target = {
    fhpa: str(rec(rec(fhpa).metadata).name),
    workload: { apiVersion: str(ref.apiVersion), kind: str(ref.kind), name: str(ref.name) },
  };
  let chosen: { value: unknown; report: Reporter } | null = null;
  for (const c of crons) {
    const name = str(rec(rec(c.value).metadata).name) || '(no name)';
    if (!cronTargets(rec(c.value), target)) {
      notices.push(
        `the CronFederatedHPA ${name} targets neither this FederatedHPA nor its workload: ignored`,
      );
      continue;
    }
    if (chosen) {
      c.report.warning(
        ['metadata', 'name'],
        'a second CronFederatedHPA for the same target: only the first is simulated',
      );
      continue;
    }
    chosen = c;
  }
  if (!chosen) return input;
  const out = cronActions(rec(chosen.value), input.durationSeconds, chosen.report);
  if (!out) return input;
  notices.push(out.summary);
  chosen.report.info(['kind'], out.summary);
  if (fed.models.includes('proposal'))
    chosen.report.warning(
      ['kind'],
      'the seed proposal model has no CronFederatedHPA: its rules act in the shipped model only',
    );
  return { ...input, federation: { ...fed, cron: out.actions } };
}

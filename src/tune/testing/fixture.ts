// A short version of the default scenario (3 hours: the wave's peak and the spike moved into
// them), so tests that run dozens of candidates stay quick. Test-only; the caller reads the file.
import { parseScenario } from '../../scenario/index.ts';
import { tuneBase, type TuneBase } from '../candidate.ts';

export function shortDefaultText(defaultYaml: string, hours = 3): string {
  return defaultYaml
    .replace('duration: 24h', `duration: ${hours}h`)
    .replace(
      'periodSeconds: 86400, peakAtSeconds: 54000',
      'periodSeconds: 10800, peakAtSeconds: 5400',
    )
    .replace('at: 43200, durationSeconds: 1200', 'at: 3600, durationSeconds: 600');
}

export function baseOf(text: string): TuneBase {
  const out = tuneBase(parseScenario(text), 20_000_000);
  if (!out.ok) throw new Error(out.error);
  return out.base;
}

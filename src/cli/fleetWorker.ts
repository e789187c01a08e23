// One worker thread of `check`'s fleet pool: judges the files it is sent, one reply per file.
import { parentPort } from 'node:worker_threads';
import { THRESHOLDS } from '../tune/index.ts';
import { judgeFile, type FileVerdicts, type Selection } from './fleet.ts';
import { withParseOptions } from './loadScenario.ts';
import type { ParseOptions } from '../scenario/index.ts';

export interface FleetJob {
  strict: boolean;
  shard: Selection['shard'];
  /** the thresholds by flag (functions do not cross threads) and their values */
  flags: string[];
  values: Record<string, unknown>;
  gate: string;
  hpa: string | undefined;
  options: ParseOptions;
}

export type FleetRequest =
  { type: 'job'; job: FleetJob } | { type: 'file'; slot: number; file: string };
export interface FleetReply {
  slot: number;
  verdicts: FileVerdicts;
}

let job: FleetJob | null = null;

parentPort?.on('message', (m: FleetRequest) => {
  if (m.type === 'job') {
    job = m.job;
    return;
  }
  const j = job!;
  const limits = {
    active: THRESHOLDS.filter((t) => j.flags.includes(t.flag)),
    values: j.values,
    gate: j.gate,
  };
  const verdicts = withParseOptions(j.options, () =>
    judgeFile(m.file, j.strict, j.shard, limits, j.hpa),
  );
  parentPort!.postMessage({ slot: m.slot, verdicts } satisfies FleetReply);
});

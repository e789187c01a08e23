// Writes the app's sample traffic traces to files, for the CLI or another tool:
//   npx tsx scripts/sampleTraces.ts [DIR]   (default: samples/)
// The same generator the import dialog runs (src/panels/import/sampleTraces.ts): deterministic.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_TRACES } from '../src/panels/import/sampleTraces.ts';

const dir = process.argv[2] ?? 'samples';
mkdirSync(dir, { recursive: true });
for (const sample of SAMPLE_TRACES) {
  const file = join(dir, sample.fileName);
  writeFileSync(file, sample.make());
  console.log(`${file}: ${sample.title}`);
}

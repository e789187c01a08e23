// Process entry: `npm run --silent cli -- <command> …`. Any unexpected failure is one line, exit 2.
import { main } from './main.ts';

try {
  process.exitCode = main(
    process.argv.slice(2),
    (s) => process.stdout.write(s + '\n'),
    (s) => process.stderr.write(s + '\n'),
  );
} catch (e) {
  process.stderr.write(`hpa-sim: internal error: ${(e as Error).message}\n`);
  process.exitCode = 2;
}

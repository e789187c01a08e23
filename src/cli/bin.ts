// Process entry: `npm run --silent cli -- <command> …`. Any unexpected failure is one line, exit 2.
import { mainAsync } from './main.ts';

const fail = (e: unknown) => {
  process.stderr.write(`hpa-sim: internal error: ${(e as Error).message}\n`);
  process.exitCode = 2;
};

try {
  // `tune` answers asynchronously (its worker pool); the other commands synchronously.
  mainAsync(
    process.argv.slice(2),
    (s) => process.stdout.write(s + '\n'),
    (s) => process.stderr.write(s + '\n'),
    process.stderr.isTTY ? (s) => process.stderr.write(`\r\u001b[2K${s}`) : undefined,
  ).then((code) => {
    process.exitCode = code;
  }, fail);
} catch (e) {
  fail(e);
}

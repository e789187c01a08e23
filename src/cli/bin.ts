// Process entry: `hpa-sim <command> …` (the bundle, dist-cli/hpa-sim.mjs) or `npm run --silent cli
// -- <command> …` (tsx). Any unexpected failure is one line, exit 2. In the bundle this file is
// also the entry of `tune`'s worker threads: a worker thread runs the pool's worker, not the CLI.
import { isMainThread, workerData } from 'node:worker_threads';

const fail = (e: unknown) => {
  process.stderr.write(`hpa-sim: internal error: ${(e as Error).message}\n`);
  process.exitCode = 2;
};

if (!isMainThread) {
  // The bundle is the entry of both pools' threads: check's fleet (fleetPool.ts) and tune's.
  if ((workerData as { hpaSimFleetWorker?: boolean } | null)?.hpaSimFleetWorker)
    await import('./fleetWorker.ts');
  else await import('./simulatorThread.ts');
} else {
  // `hpa-sim run … | head`: the reader left; stop quietly, as Unix tools do.
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      fail(e);
    });
  try {
    const { mainAsync } = await import('./main.ts');
    // `tune`, `import --prometheus`, `mcp` and stdin answer asynchronously.
    const code = await mainAsync(
      process.argv.slice(2),
      (s) => process.stdout.write(s + '\n'),
      (s) => process.stderr.write(s + '\n'),
      process.stderr.isTTY ? (s) => process.stderr.write(`\r\u001b[2K${s}`) : undefined,
    );
    process.exitCode = code;
  } catch (e) {
    fail(e);
  }
}

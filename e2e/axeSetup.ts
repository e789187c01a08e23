// The browser run's global set-up: a fresh registry of the screens axe has checked, shared by
// every worker (e2e/axeScreens.ts), and at the end one line saying how many distinct screens
// were checked and how many repeats were spared. The registry is removed afterwards.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AXE_SCREENS_DIR } from './axeScreens.ts';

export default function axeSetup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'hpa-sim-axe-'));
  // Set here, it reaches every worker (Playwright starts them after the global set-up).
  process.env[AXE_SCREENS_DIR] = dir;
  return () => {
    const log = join(dir, 'log');
    const lines = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
    const count = (what: string) => lines.filter((l) => l.startsWith(`${what} `)).length;
    console.log(
      `axe: ${count('checked')} new screen(s) checked after tests (light and dark counted apart), ` +
        `${count('explicit')} checked by the tests themselves, ${count('repeat')} repeat(s) skipped`,
    );
    rmSync(dir, { recursive: true, force: true });
  };
}

// Problems of an HPA patched by a merge patch that the Simulation document holds (a variant's, a
// change's), reported at the deepest field of the patch on their path.

import type { Reporter } from '../diagnostics.ts';
import { getPath } from '../plainData.ts';
import type { Path } from '../types.ts';

/**
 * HPA paths → a merge patch written at `base` in the Simulation document (a variant's, a
 * change's), each message labelled.
 */
export function patchReporter(
  base: Path,
  patch: Record<string, unknown>,
  label: (m: string) => string,
  simReport: Reporter,
): Reporter {
  const locate = (path: Path): { path: Path; exact: boolean } => {
    if (path[0] !== 'spec') return { path: base, exact: false };
    const rest = path.slice(1);
    let depth = 0;
    while (depth < rest.length && getPath(patch, rest.slice(0, depth + 1)) !== undefined) depth++;
    return { path: [...base, ...rest.slice(0, depth)], exact: depth === rest.length };
  };
  return {
    error: (p, m, at) => {
      const where = locate(p);
      simReport.error(where.path, label(m), where.exact ? at : 'value');
    },
    warning: (p, m, at) => {
      const where = locate(p);
      // A warning on a field the patch did not write is the HPA's own, reported already.
      if (where.exact) simReport.warning(where.path, label(m), at);
    },
    info: () => {},
  };
}

// Does a candidate's patch still apply to the scenario as it is now (issue 25, bad input)? A
// search's results are the searched text's; after an edit a patch can stop applying for reasons a
// user cannot see from the candidate alone. Each problem names its cause, the field and its line,
// so the Tune results, the compare table and `cli tune --format json` say the same thing:
//   hpa-gone        the HPA (or the one searched) is no longer in the text
//   no-behavior     the HPA is now autoscaling/v1, which has no behavior
//   metrics-changed the candidate sets spec.metrics (a tuned target) from the metrics as searched,
//                   and the HPA's metrics changed since: applying it would undo that edit
//   release         the patch sets a field the scenario's release no longer honours (a gate off)
//   invalid         the API server's validation refuses the patched HPA, or the world does not
//                   fit it (starting replicas outside min/max), or its run is over the budget

import { LineCounter, isMap, isScalar, parseAllDocuments, type Document } from 'yaml';
import { DEFAULT_MAX_WORK, parseScenario, type ParseResult } from '../scenario/index.ts';
import { candidateInput, tuneBase } from './candidate.ts';
import { releaseNeeds } from './space.ts';

export type PatchProblemCause =
  'hpa-gone' | 'no-behavior' | 'metrics-changed' | 'release' | 'invalid';

export interface PatchProblem {
  cause: PatchProblemCause;
  /** the field that stops it ("spec.metrics", "spec.behavior.scaleUp.tolerance") */
  field: string;
  /** 1-based line of the text where that field (or the nearest thing to it) stands */
  line: number;
  /** one sentence, starting with "line N: " */
  message: string;
}

interface Located {
  doc: Document;
  /** the path of the HPA inside its document: [] or ['items', i] */
  at: (string | number)[];
  value: { apiVersion?: unknown; spec?: { metrics?: unknown } };
}

/** The HPA of `text` (the one named `hpa`, else the first): a document or a List's item. */
function locate(text: string, hpa: string | null, lines: LineCounter): Located | null {
  for (const doc of parseAllDocuments(text, { lineCounter: lines })) {
    if (doc.errors.length > 0 || !isMap(doc.contents)) continue;
    const v = doc.toJS() as { kind?: unknown; items?: unknown };
    const candidates: [(string | number)[], unknown][] =
      v?.kind === 'List' && Array.isArray(v.items)
        ? v.items.map((item, i) => [['items', i], item])
        : [[[], v]];
    for (const [at, item] of candidates) {
      const h = item as { kind?: unknown; metadata?: { name?: unknown } } | null;
      if (h?.kind !== 'HorizontalPodAutoscaler') continue;
      if (hpa !== null && h.metadata?.name !== hpa) continue;
      return { doc, at, value: h as Located['value'] };
    }
  }
  return null;
}

/** The line of `path`'s key under the HPA, or of its nearest ancestor that is written. */
function lineOf(found: Located, path: string[], lines: LineCounter): number {
  for (let n = path.length; n > 0; n--) {
    const parent = found.doc.getIn([...found.at, ...path.slice(0, n - 1)], true);
    if (!isMap(parent)) continue;
    const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === path[n - 1]);
    const key = pair?.key as { range?: [number, number, number] } | undefined;
    if (key?.range) return lines.linePos(key.range[0]).line;
  }
  const hpa = found.doc.getIn(found.at, true) as { range?: [number, number, number] } | null;
  return hpa?.range ? lines.linePos(hpa.range[0]).line : 1;
}

/** What identifies a metric (its type and name), to see one removed or added since a search. */
function metricId(m: unknown): string {
  const x = (m ?? {}) as Record<string, Record<string, unknown> | string | undefined>;
  const type = typeof x.type === 'string' ? x.type : '?';
  const body = (x[type.charAt(0).toLowerCase() + type.slice(1)] ?? {}) as {
    name?: unknown;
    container?: unknown;
    metric?: { name?: unknown };
  };
  const name = body.metric?.name ?? body.name ?? '?';
  return `${type} ${String(name)}${body.container ? ` (container ${String(body.container)})` : ''}`;
}

/** The text's first YAML syntax error, as a problem (nothing can be applied to it). */
function yamlError(text: string): PatchProblem | null {
  const lines = new LineCounter();
  for (const doc of parseAllDocuments(text, { lineCounter: lines })) {
    const e = doc.errors[0];
    if (!e) continue;
    const line = lines.linePos(e.pos[0]).line;
    const why = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return {
      cause: 'invalid',
      field: '',
      line,
      message: `line ${line}: the scenario is not valid YAML (${why}): fix it, then the candidate can be checked`,
    };
  }
  return null;
}

const problem = (
  cause: PatchProblemCause,
  field: string,
  line: number,
  why: string,
): PatchProblem => ({ cause, field, line, message: `line ${line}: ${field}: ${why}` });

/**
 * Why `patch` (a merge patch over the HPA's spec) no longer applies to `text`; null when it does.
 * `parsed`: the text already parsed (the CLI has it); otherwise it is parsed here.
 */
export function patchProblem(
  text: string,
  patch: Record<string, unknown>,
  hpa: string | null,
  parsed?: ParseResult,
): PatchProblem | null {
  // an edit under way: nothing can be checked against a text that is not YAML yet
  const broken = yamlError(text);
  if (broken) return broken;
  const lines = new LineCounter();
  const found = locate(text, hpa, lines);
  if (!found)
    return {
      cause: 'hpa-gone',
      field: 'HorizontalPodAutoscaler',
      line: 1,
      message:
        hpa === null
          ? 'the editor no longer holds a HorizontalPodAutoscaler document: the candidate cannot be applied (run the search again)'
          : `the editor no longer holds HorizontalPodAutoscaler ${hpa}: the candidate cannot be applied (run the search again)`,
    };
  if (found.value.apiVersion === 'autoscaling/v1' && patch.behavior !== undefined) {
    const line = lineOf(found, ['apiVersion'], lines);
    return {
      cause: 'no-behavior',
      field: 'apiVersion',
      line,
      message: `line ${line}: apiVersion autoscaling/v1 has no behavior, so this candidate's patch no longer applies`,
    };
  }
  if (Array.isArray(patch.metrics)) {
    const now = Array.isArray(found.value.spec?.metrics) ? found.value.spec.metrics : [];
    const searched = patch.metrics.map(metricId);
    const current = now.map(metricId);
    const removed = searched.filter((m) => !current.includes(m));
    const added = current.filter((m) => !searched.includes(m));
    if (removed.length > 0 || added.length > 0) {
      const line = lineOf(found, ['spec', 'metrics'], lines);
      const what = [
        removed.length ? `${removed.join(', ')} was removed from the HPA` : '',
        added.length ? `${added.join(', ')} was added to the HPA` : '',
      ]
        .filter(Boolean)
        .join(' and ');
      return problem(
        'metrics-changed',
        'spec.metrics',
        line,
        `${what} since the search; this candidate writes the whole metrics list as searched (with its tuned target), so applying it would undo that edit`,
      );
    }
  }
  const scenario = parsed ?? parseScenario(text, hpa === null ? {} : { hpa });
  const input = scenario.ok ? scenario.input : null;
  if (!input) return null; // the editor shows the scenario's own errors
  for (const need of releaseNeeds(patch)) {
    if (input.controller.featureGates[need.gate]) continue;
    const field = `spec.${need.field}`;
    const line = lineOf(found, field.split('.'), lines);
    const release = scenario.release?.label ?? 'this release';
    return problem(
      'release',
      field,
      line,
      `the scenario now runs Kubernetes ${release} with ${need.gate} off, so the controller ignores this field (${need.text})`,
    );
  }
  const base = tuneBase(scenario, Number.MAX_SAFE_INTEGER);
  if (!base.ok) return null;
  const applied = candidateInput(
    { ...base.base, maxWork: scenario.workBudget ?? DEFAULT_MAX_WORK },
    patch,
  );
  if (applied.ok) return null;
  // API messages start with the field's path ("spec.minReplicas: Invalid value: …").
  const path = /^(spec(?:\.[A-Za-z]+)+)/.exec(applied.error)?.[1];
  if (!path) {
    // the world's starting replicas outside the candidate's min/max, or the work budget
    const field = /outside minReplicas/.test(applied.error) ? 'spec.minReplicas' : 'spec';
    return problem(
      'invalid',
      field,
      lineOf(found, field.split('.'), lines),
      `the candidate does not fit the scenario as it is: ${applied.error}`,
    );
  }
  const why = applied.error.slice(path.length).replace(/^:\s*/, '');
  return problem(
    'invalid',
    path,
    lineOf(found, path.split('.'), lines),
    `the API server would refuse the HPA with this patch: ${why}`,
  );
}

/** Each candidate's problem with `text` (null: it applies), the text parsed once for them all. */
export function patchProblems(
  text: string,
  candidates: readonly { index: number; patch: Record<string, unknown> }[],
  hpa: string | null,
): Map<number, PatchProblem | null> {
  const parsed = parseScenario(text, hpa === null ? {} : { hpa });
  return new Map(candidates.map((c) => [c.index, patchProblem(text, c.patch, hpa, parsed)]));
}

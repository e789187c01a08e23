/**
 * Maps paths of a converted object back to where the user wrote them: an autoscaling/v2 path
 * such as `spec.metrics[0].resource.target.averageUtilization` back to the v2beta1
 * `spec.metrics[0].resource.targetAverageUtilization`, or to the annotation a metric came from.
 */
import type { Path, PathSegment } from '../types.ts';

/** `'*'` in a pattern matches any list index and is substituted in the target. */
export type PatternSegment = PathSegment | '*';

interface Rule {
  from: readonly PatternSegment[];
  to: readonly PatternSegment[];
  /** Append the rest of the path after the match (false: point at `to` itself). */
  keepSuffix: boolean;
}

export class PathMap {
  private readonly rules: Rule[] = [];

  add(from: readonly PatternSegment[], to: readonly PatternSegment[], keepSuffix = true): this {
    this.rules.push({ from, to, keepSuffix });
    return this;
  }

  /** The source path for `path`: the longest matching rule wins; no rule = unchanged. */
  toSource(path: Path): PathSegment[] {
    let best: { rule: Rule; index: number | null } | null = null;
    for (const rule of this.rules) {
      if (rule.from.length > path.length) continue;
      if (best && rule.from.length <= best.rule.from.length) continue;
      let index: number | null = null;
      let ok = true;
      for (let i = 0; i < rule.from.length && ok; i++) {
        const p = rule.from[i];
        const s = path[i];
        if (p === '*') {
          if (typeof s === 'number') index = s;
          else ok = false;
        } else if (p !== s) ok = false;
      }
      if (ok) best = { rule, index };
    }
    if (!best) return [...path];
    const head = best.rule.to.map((s) => (s === '*' ? (best.index ?? 0) : s));
    return best.rule.keepSuffix ? [...head, ...path.slice(best.rule.from.length)] : head;
  }
}

/**
 * KEDA's step of a sync in KEDA's own terms (condition reasons, event wording, the fields of the
 * ScaledObject), said before the HPA's chain: which triggers are active and why, the cooldown
 * left, the fallback's count and the replicas it chose, and what KEDA wrote.
 */
import { PAUSED_REPLICAS } from './annotations.ts';
import { getCondition } from './conditions.ts';
import { DEFAULT_COOLDOWN_PERIOD } from './executor.ts';
import { loopStopped } from './pause.ts';
import type { KedaCheck, KedaSyncRecord, KedaTriggerRead } from './step.ts';
import type { KedaScaledObject, KedaVersion } from './types.ts';
import { atLeast } from './version.ts';
import type { SyncRecord } from '../simulation/result.ts';

function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return Number.isInteger(x) ? String(x) : String(Number(x.toFixed(3)));
}

function readPart(r: KedaTriggerRead, so: KedaScaledObject): string {
  const fb = so.fallback;
  if (r.error !== null) {
    const count = fb
      ? `, failed reads ${r.failures} of failureThreshold ${fb.failureThreshold}`
      : '';
    return r.fallback
      ? `${r.trigger}: read failed${count} → fallback (${fb!.behavior}, ${fb!.replicas} replicas), counted active`
      : `${r.trigger}: read failed (${r.error})${count}`;
  }
  const v = fmt(r.value!);
  if (r.metric.includes('cron-'))
    return `${r.trigger}: ${r.scalerActive ? 'inside' : 'outside'} its cron window (value ${v}) → ${r.scalerActive ? 'active' : 'inactive'}`;
  return r.scalerActive
    ? `${r.trigger} ${v} > activation ${fmt(r.activation)} → active`
    : `${r.trigger} ${v} ≤ activation ${fmt(r.activation)} → inactive`;
}

function checkPart(c: KedaCheck, so: KedaScaledObject): string {
  if (c.error !== null) return `KEDA's check stopped: ${c.error}`;
  const reads = c.reads.map((r) => readPart(r, so));
  if (c.composite !== null)
    reads.push(
      `formula ${so.scalingModifiers!.formula} = ${fmt(c.composite)} ${c.isActive ? '>' : '≤'} activationTarget ${so.scalingModifiers!.activationTarget || '0'}`,
    );
  const verdict =
    so.triggers.every((t) => t.metrics.length === 0) && !c.isError
      ? 'only cpu/memory triggers: always active'
      : c.isActive
        ? `active (${c.activeTriggers.join(', ') || 'forced'})`
        : c.isError
          ? 'inactive (a trigger failed)'
          : 'every trigger inactive';
  return `${reads.length > 0 ? `${reads.join('; ')} ⇒ ` : ''}${verdict}`;
}

function writePart(r: KedaSyncRecord, so: KedaScaledObject): string {
  const parts: string[] = [];
  for (const w of r.writes) {
    const at = `at ${fmt(w.time)}s`;
    if (w.writer === 'activate')
      parts.push(`KEDAScaleTargetActivated ${at}: ${w.from} → ${w.to} (scaleFromZeroOrIdle)`);
    else if (w.writer === 'deactivate') {
      const since =
        r.lastActiveTime !== null
          ? `last active at ${fmt(r.lastActiveTime)}s + cooldownPeriod ${so.cooldownPeriod ?? DEFAULT_COOLDOWN_PERIOD}s passed`
          : `initialCooldownPeriod ${so.initialCooldownPeriod ?? 0}s passed with no activity`;
      parts.push(
        `KEDAScaleTargetDeactivated ${at}: ${w.from} → ${w.to} straight from ${w.from} (${since}; the HPA's behavior is not consulted)`,
      );
    } else if (w.writer === 'restore-min')
      parts.push(`${at}: ${w.from} → ${w.to} (below minReplicaCount, restored directly)`);
    else parts.push(`${at}: ${w.from} → ${w.to} (paused-replicas)`);
  }
  return parts.join('; ');
}

/** One line: KEDA's step at this sync (the HPA's explanation follows it). */
export function explainKeda(
  r: KedaSyncRecord,
  so: KedaScaledObject,
  version: KedaVersion | null = null,
): string {
  if (r.phase === 'paused') {
    const p = getCondition(r.conditions, 'Paused');
    const removed = r.noHpa
      ? `; paused: KEDA removed the HPA${loopStopped(so) ? ' and stopped its polling loop, so nothing scales the target: replicas stay where they are' : ''}`
      : '';
    return `KEDA: Paused=True ${p.reason}${r.writes.length > 0 ? `; ${writePart(r, so)}` : ''}${removed}${pausedReplicasPart(so, version)}`;
  }
  if (r.check === null) return 'KEDA: no check yet';
  const c = r.check;
  const parts = [
    `KEDA (poll at ${fmt(c.time)}s, every ${so.pollingInterval ?? 30}s): ${checkPart(c, so)}`,
  ];
  const w = writePart(r, so);
  if (w !== '') parts.push(w);
  else if (c.cooldownLeft !== null)
    parts.push(
      `ScalerCooldown: KEDA scales ${c.from} → ${so.idleReplicaCount ?? so.minReplicaCount ?? 0} at the first poll after ${fmt(c.time + c.cooldownLeft)}s (${fmt(Math.max(0, c.cooldownLeft))}s left; strictly after)`,
    );
  const fb = getCondition(r.conditions, 'Fallback');
  if (fb.status === 'True') {
    const served = r.served.filter((s) => s.fallback && s.value !== null);
    parts.push(
      `Fallback=True FallbackExists${served.length > 0 ? `: the HPA reads ${served.map((s) => `${s.metric} = ${fmt(s.value!)}`).join(', ')}` : ''}`,
    );
  }
  return parts.join('; ');
}

/** What paused-replicas does to the HPA in this release (the HPA's line follows). */
function pausedReplicasPart(so: KedaScaledObject, version: KedaVersion | null): string {
  const n = so.annotations[PAUSED_REPLICAS];
  if (n === undefined || version === null || !/^[+-]?\d+$/.test(n.trim())) return '';
  const pinned = Math.max(Number(n), 1);
  return atLeast(version, '2.20.0')
    ? `; paused-replicas ${n.trim()}: KEDA ${version} holds the target at ${n.trim()} itself`
    : `; paused-replicas ${n.trim()}: KEDA ${version} pins the HPA at min = max = ${pinned}`;
}

/** A sync's record with KEDA's step: `keda` set and KEDA's line before the HPA's. */
export function withKeda(
  record: SyncRecord,
  keda: KedaSyncRecord,
  so: KedaScaledObject,
  version: KedaVersion | null = null,
): SyncRecord {
  record.keda = keda;
  record.explanation = `${explainKeda(keda, so, version)}. HPA: ${record.explanation}`;
  return record;
}

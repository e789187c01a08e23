/**
 * A Karmada CronFederatedHPA beside the FederatedHPA it targets (or the workload both scale): its
 * admission checks, and every firing of its rules within the run as a CronAction for the shipped
 * model (engine/multicluster/shipped.ts applies them).
 *
 * upstream: karmada-io/karmada pkg/webhook/cronfederatedhpa/validation.go (read at 3909fccf)
 * validateCronFederatedHPASpec, validateCronFederatedHPARules; pkg/controllers/cronfederatedhpa/
 * cronfederatedhpa_job.go RunCronFederatedHPARule (a suspended rule does nothing).
 *
 * Time: the run's t = 0 is RUN_EPOCH (Monday 2024-01-01 00:00 UTC); a rule's timeZone places
 * its schedule, else UTC (karmada-controller-manager's local time in its container). Schedules
 * are read by croner as standard five-field cron (day-of-month OR day-of-week, as robfig/cron
 * that gocron runs) and descriptors (@daily, @hourly, …).
 */
import { Cron } from 'croner';
import type { CronAction } from '../../engine/multicluster/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { KARMADA_AUTOSCALING, FEDERATED_HPA_KIND, list, rec, str, type Obj } from './types.ts';

export const RUN_EPOCH_MS = Date.UTC(2024, 0, 1);
/** Firings simulated at most (a rule every minute for a month is 44,640). */
export const MAX_CRON_FIRINGS = 20_000;

const denied = (message: string) =>
  `Karmada's admission webhook denies this CronFederatedHPA: ${message}`;

/** Go's %v of an *int32 / string in field.Invalid: the value quoted when a string. */
const quoted = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

function cronOf(schedule: string, timezone: string | undefined): Cron | null {
  const pattern = DESCRIPTORS[schedule.trim()] ?? schedule;
  if (pattern.trim().split(/\s+/).length !== 5) return null;
  try {
    return new Cron(pattern, { paused: true, mode: '5-part', ...(timezone ? { timezone } : {}) });
  } catch {
    return null;
  }
}

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The CronFederatedHPA targets the FederatedHPA itself (ScaleFHPA), else a workload. */
function scalesFederatedHpa(ref: Obj): boolean {
  return str(ref.apiVersion) === KARMADA_AUTOSCALING;
}

/** upstream: validateCronFederatedHPASpec + validateCronFederatedHPARules. */
function validateCronFederatedHPASpec(cron: Obj, report: Reporter): boolean {
  const spec = rec(cron.spec);
  const ref = rec(spec.scaleTargetRef);
  const scaleFHPA = scalesFederatedHpa(ref);
  if (scaleFHPA && str(ref.kind) !== FEDERATED_HPA_KIND) {
    report.error(
      ['spec', 'scaleTargetRef', 'kind'],
      denied(
        `spec.scaleTargetRef.kind: Invalid value: "${str(ref.kind)}": invalid scaleTargetRef kind: ${str(ref.kind)}, only support ${FEDERATED_HPA_KIND}`,
      ),
    );
    return false;
  }
  let ok = true;
  const names = new Set<string>();
  list(spec.rules).forEach((r, i) => {
    const rule = rec(r);
    const at = ['spec', 'rules', i];
    const fail = (path: (string | number)[], message: string) => {
      ok = false;
      report.error([...at, ...path], denied(message));
    };
    const name = str(rule.name);
    if (names.has(name)) fail(['name'], `spec.rules[${i}].name: Duplicate value: "${name}"`);
    names.add(name);
    const tz = typeof rule.timeZone === 'string' ? rule.timeZone : undefined;
    if (!cronOf(str(rule.schedule), tz !== undefined && validTimeZone(tz) ? tz : undefined))
      fail(
        ['schedule'],
        `spec.rules[${i}].schedule: Invalid value: ${quoted(rule.schedule)}: invalid cron format`,
      );
    if (tz !== undefined && !validTimeZone(tz))
      fail(
        ['timeZone'],
        `spec.rules[${i}].timeZone: Invalid value: "${tz}": unknown time zone ${tz}`,
      );
    if (scaleFHPA) {
      if (rule.targetMinReplicas === undefined && rule.targetMaxReplicas === undefined)
        fail(
          [],
          `spec.rules[${i}]: Invalid value: "": targetMinReplicas and targetMaxReplicas cannot be nil at the same time if you want to scale FederatedHPA`,
        );
      return;
    }
    if (rule.targetReplicas === undefined)
      fail(
        [],
        `spec.rules[${i}]: Invalid value: "": targetReplicas cannot be nil if you want to scale ${str(ref.kind)}`,
      );
  });
  return ok;
}

export interface CronTarget {
  /** the FederatedHPA's name */
  fhpa: string;
  /** the workload it scales */
  workload: { apiVersion: string; kind: string; name: string };
}

/** Whether this CronFederatedHPA acts on the simulated FederatedHPA or its workload. */
export function cronTargets(cron: Obj, target: CronTarget): boolean {
  const ref = rec(rec(cron.spec).scaleTargetRef);
  if (scalesFederatedHpa(ref)) return str(ref.name) === target.fhpa;
  return (
    str(ref.apiVersion) === target.workload.apiVersion &&
    str(ref.kind) === target.workload.kind &&
    str(ref.name) === target.workload.name
  );
}

/**
 * Every firing of the CronFederatedHPA's rules in [0, durationSeconds], in time order (rules in
 * their order at the same instant); null (errors reported) when Karmada would refuse it.
 */
export function cronActions(
  cron: Obj,
  durationSeconds: number,
  report: Reporter,
): { actions: CronAction[]; summary: string } | null {
  if (!validateCronFederatedHPASpec(cron, report)) return null;
  const name = str(rec(cron.metadata).name) || '(no name)';
  const ref = rec(rec(cron.spec).scaleTargetRef);
  const scaleFHPA = scalesFederatedHpa(ref);
  const end = RUN_EPOCH_MS + durationSeconds * 1000;
  const actions: (CronAction & { order: number })[] = [];
  const described: string[] = [];
  let ok = true;
  list(rec(cron.spec).rules).forEach((r, order) => {
    if (!ok) return;
    const rule = rec(r);
    const ruleName = `${name}/${str(rule.name)}`;
    if (rule.suspend === true) {
      described.push(`${str(rule.name)} suspended`);
      return;
    }
    const tz = typeof rule.timeZone === 'string' ? rule.timeZone : undefined;
    const job = cronOf(str(rule.schedule), tz)!;
    const values = scaleFHPA
      ? {
          ...(typeof rule.targetMinReplicas === 'number'
            ? { minReplicas: rule.targetMinReplicas }
            : {}),
          ...(typeof rule.targetMaxReplicas === 'number'
            ? { maxReplicas: rule.targetMaxReplicas }
            : {}),
        }
      : { replicas: rule.targetReplicas as number };
    let count = 0;
    // Firings strictly after the start instant: a job created at t = 0 first runs at its next time.
    for (
      let at = job.nextRun(new Date(RUN_EPOCH_MS));
      at && at.getTime() <= end;
      at = job.nextRun(at)
    ) {
      if (actions.length >= MAX_CRON_FIRINGS) {
        report.error(
          ['spec', 'rules', order, 'schedule'],
          `the rules fire more than ${MAX_CRON_FIRINGS.toLocaleString('en-US')} times in the run: shorten spec.duration or fire less often`,
        );
        ok = false;
        return;
      }
      actions.push({
        atSeconds: (at.getTime() - RUN_EPOCH_MS) / 1000,
        rule: ruleName,
        order,
        ...values,
      });
      count++;
    }
    described.push(
      `${str(rule.name)} (${str(rule.schedule)}${tz ? ` ${tz}` : ''}) fires ${count} time${count === 1 ? '' : 's'}`,
    );
  });
  if (!ok) return null;
  actions.sort((a, b) => a.atSeconds - b.atSeconds || a.order - b.order);
  const what = scaleFHPA
    ? "sets the FederatedHPA's bounds"
    : `sets ${str(ref.kind)} ${str(ref.name)}'s replicas`;
  return {
    actions: actions.map(({ order: _order, ...a }) => a),
    summary: `the CronFederatedHPA ${name} ${what} (t = 0 is Monday 00:00 UTC): ${described.join('; ') || 'no rule'}`,
  };
}

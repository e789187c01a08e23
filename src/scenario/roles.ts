/**
 * Which document is which. A pasted file may hold many Kubernetes objects (an install manifest, a
 * `kind: List` from `kubectl get hpa -o yaml`): the HPA to simulate, the Deployment/StatefulSet/
 * ReplicaSet it scales, an optional `kind: Simulation`, and anything else, which is ignored. Kinds
 * are read from the YAML tree without converting whole documents, so ignored documents cost
 * nothing (and their aliases are never expanded).
 */
import { isMap, isScalar, isSeq, type Document, type Node } from 'yaml';
import type { DocRef, IssueList } from './diagnostics.ts';
import { didYouMean } from './suggest.ts';
import type { DocumentRole, HpaChoice, ScenarioDocument } from './types.ts';
import type { SourceDocument } from './yaml/documents.ts';
import { KEDA_API_VERSION, SCALED_OBJECT_KIND } from './keda/scaledObject.ts';
import { isCronFederatedHpa, isFederatedHpa, isPropagationPolicy } from './karmada/types.ts';

export const HPA_KIND = 'HorizontalPodAutoscaler';
/** Kinds whose pod template can supply the default world's workload. */
export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet', 'ReplicaSet'] as const;

/** One object: a document, or an item of a `kind: List` document. */
interface Entry {
  source: SourceDocument;
  item: number | null;
  kind: string | null;
  apiVersion: string | null;
  name: string | null;
  namespace: string | null;
  isMap: boolean;
  start: number;
  end: number;
  targetKind: string | null;
  targetName: string | null;
  /** The HPA's name: its own, or for a KEDA ScaledObject the one KEDA gives the HPA it creates. */
  hpaName: string | null;
  targetApiVersion: string | null;
  /** The ScaledObject named in an ownerReference (an HPA KEDA created), else null. */
  ownerScaledObject: string | null;
}

export interface RoledEntry {
  index: number;
  item: number | null;
  ref: DocRef;
}

export interface Roles {
  /** kind: `HorizontalPodAutoscaler`, or `ScaledObject` (KEDA's, turned into its HPA). */
  hpa: (RoledEntry & { kind: string }) | null;
  simulation: RoledEntry | null;
  workload: (RoledEntry & { kind: string }) | null;
  /** Karmada's PropagationPolicies and CronFederatedHPAs beside a FederatedHPA (karmada/). */
  karmada: (RoledEntry & { kind: string })[];
  documents: ScenarioDocument[];
  hpaChoices: HpaChoice[];
  notices: string[];
}

export function looksLikeSimulation(kind: string | null, apiVersion: string | null): boolean {
  return kind === 'Simulation' || (apiVersion?.startsWith('hpa-sim.dev/') ?? false);
}

function str(node: unknown): string | null {
  return isScalar(node) && typeof node.value === 'string' ? node.value : null;
}

function field(node: unknown, ...path: string[]): unknown {
  let n = node;
  for (const key of path) {
    if (!isMap(n)) return undefined;
    const pair = n.items.find((p) => isScalar(p.key) && p.key.value === key);
    n = pair?.value;
  }
  return n;
}

function entryOf(
  source: SourceDocument,
  node: Node | null | undefined,
  item: number | null,
  range: [number, number],
): Entry {
  const kind = str(field(node, 'kind'));
  const apiVersion = str(field(node, 'apiVersion'));
  const name = str(field(node, 'metadata', 'name'));
  const keda = isScaledObject(kind, apiVersion);
  const targetKind = str(field(node, 'spec', 'scaleTargetRef', 'kind'));
  const hpaName = keda
    ? (str(field(node, 'spec', 'advanced', 'horizontalPodAutoscalerConfig', 'name')) ??
      `keda-hpa-${name ?? ''}`)
    : name;
  return {
    source,
    item,
    kind,
    apiVersion,
    name,
    namespace: str(field(node, 'metadata', 'namespace')),
    isMap: isMap(node),
    start: range[0],
    end: range[1],
    // KEDA's ParseGVKR: an unnamed kind is a Deployment.
    targetKind: keda ? targetKind || 'Deployment' : targetKind,
    targetName: str(field(node, 'spec', 'scaleTargetRef', 'name')),
    hpaName,
    targetApiVersion: str(field(node, 'spec', 'scaleTargetRef', 'apiVersion')),
    ownerScaledObject: ownerScaledObject(field(node, 'metadata', 'ownerReferences')),
  };
}

function ownerScaledObject(refs: unknown): string | null {
  if (!isSeq(refs)) return null;
  for (const ref of refs.items)
    if (str(field(ref, 'kind')) === SCALED_OBJECT_KIND) return str(field(ref, 'name'));
  return null;
}

/**
 * KEDA's admission webhook (scaledobject_webhook.go verifyHpas, verifyScaledObjects) refuses a
 * ScaledObject whose workload an HPA or another ScaledObject already scales: in a file, one
 * created before it. An HPA KEDA created for this very ScaledObject (a dump of both) is its own.
 */
function kedaConflict(so: Entry, all: readonly Entry[], scaledObjectsOnly = false): string | null {
  const target = (e: Entry) =>
    `${e.targetApiVersion || 'apps/v1'}.${e.targetKind || 'Deployment'}/${e.targetName ?? ''}`;
  for (const e of all) {
    if (e === so) return null;
    const scaler =
      (!scaledObjectsOnly && e.kind === HPA_KIND) || isScaledObject(e.kind, e.apiVersion);
    if (!scaler || (e.namespace ?? '') !== (so.namespace ?? '') || target(e) !== target(so))
      continue;
    if (e.kind === HPA_KIND && e.ownerScaledObject === so.name) continue;
    const type = `${so.targetApiVersion || 'apps/v1'}.${so.targetKind ?? 'Deployment'}`;
    const by =
      e.kind === HPA_KIND
        ? e.ownerScaledObject
          ? `the ScaledObject '${e.ownerScaledObject}'`
          : `the hpa '${e.name ?? ''}'`
        : `the ScaledObject '${e.name ?? ''}'`;
    return `the workload '${so.targetName ?? ''}' of type '${type}' is already managed by ${by} (KEDA's admission webhook refuses this ScaledObject when the ${e.kind === HPA_KIND ? 'HorizontalPodAutoscaler' : 'ScaledObject'} above is created first)`;
  }
  return null;
}

/** A KEDA ScaledObject: KEDA creates an HPA from it, which the scenario can simulate. */
function isScaledObject(kind: string | null, apiVersion: string | null): boolean {
  return kind === SCALED_OBJECT_KIND && apiVersion === KEDA_API_VERSION;
}

/** Every object in the text: documents, with a List's items in its place. */
function entries(documents: readonly SourceDocument[]): Entry[] {
  const out: Entry[] = [];
  for (const d of documents) {
    if (!d.syntaxOk) continue;
    const contents = (d.doc as Document.Parsed).contents;
    const whole = entryOf(d, contents, null, [d.start, d.end]);
    const items = field(contents, 'items');
    if (whole.kind !== null && whole.kind.endsWith('List') && isSeq(items)) {
      items.items.forEach((node, i) => {
        const r = (node as { range?: [number, number, number] } | null)?.range;
        out.push(entryOf(d, node as Node, i, r ? [r[0], r[1]] : [d.start, d.end]));
      });
      continue;
    }
    out.push(whole);
  }
  return out;
}

/** A document that is probably meant as the HPA though its kind is missing or misspelled. */
function hpaLike(e: Entry): boolean {
  if (!e.isMap || e.kind === null) return true;
  if (e.apiVersion?.startsWith('autoscaling/')) return true;
  return didYouMean(e.kind, [HPA_KIND]) !== '';
}

function label(e: Entry): string {
  return `${e.kind ?? 'a document'}${e.name ? ` ${e.name}` : ''}`;
}

function listed(names: string[]): string {
  const shown = names.slice(0, 8).join(', ');
  return names.length > 8 ? `${shown} and ${names.length - 8} more` : shown;
}

export interface RoleOptions {
  /** metadata.name (or namespace/name) of the HPA to simulate; default (or ''): the first. */
  hpa?: string | undefined;
}

export function assignRoles(
  documents: readonly SourceDocument[],
  issues: IssueList,
  options: RoleOptions,
): Roles {
  const all = entries(documents);
  // An empty choice is no choice (a picker with nothing selected): the first HPA, and the same
  // "no HorizontalPodAutoscaler" error as without one.
  const chosen = options.hpa === '' ? undefined : options.hpa;
  const notices: string[] = [];
  const roleOf = new Map<Entry, DocumentRole>();
  const refOf = (e: Entry, role: DocRef['role']): DocRef => ({
    index: e.source.index,
    role,
    ...(e.item === null ? {} : { prefix: ['items', e.item] }),
  });

  let simulation: Entry | null = null;
  for (const e of all) {
    if (!looksLikeSimulation(e.kind, e.apiVersion)) continue;
    if (!simulation) {
      simulation = e;
      roleOf.set(e, 'simulation');
    } else {
      issues.error(
        refOf(e, 'simulation'),
        ['kind'],
        'a second Simulation document: a scenario has at most one (kind: Simulation, apiVersion: hpa-sim.dev/v1alpha1)',
      );
      roleOf.set(e, 'ignored');
    }
  }

  // HPAs first: a ScaledObject (or a Karmada FederatedHPA) is simulated by default only when the
  // text holds no HPA.
  const candidates = [
    ...all.filter((e) => e.kind === HPA_KIND),
    ...all.filter((e) => isScaledObject(e.kind, e.apiVersion)),
    ...all.filter((e) => isFederatedHpa(e.kind, e.apiVersion)),
  ];
  const choices: HpaChoice[] = candidates.map((e) => ({
    name: e.hpaName ?? '',
    namespace: e.namespace ?? '',
    document: e.source.index,
    item: e.item,
  }));
  let hpa: Entry | null = null;
  if (chosen !== undefined) {
    const wanted = chosen;
    // A ScaledObject answers to its HPA's name and to its own.
    hpa =
      candidates.find((e) => e.hpaName === wanted) ??
      candidates.find((e) => `${e.namespace ?? ''}/${e.hpaName ?? ''}` === wanted) ??
      candidates.find((e) => e.name === wanted) ??
      candidates.find((e) => `${e.namespace ?? ''}/${e.name ?? ''}` === wanted) ??
      null;
    if (!hpa) {
      const names = candidates.map((e) => e.hpaName ?? '(no name)');
      issues.error(
        null,
        [],
        names.length === 0
          ? `no HorizontalPodAutoscaler named '${wanted}': the text holds none`
          : `no HorizontalPodAutoscaler named '${wanted}': the text holds ${listed(names)}.${didYouMean(wanted, names)}`,
      );
    }
  } else {
    hpa = candidates[0] ?? null;
    if (!hpa) hpa = all.find((e) => roleOf.get(e) === undefined && hpaLike(e)) ?? null;
  }
  if (hpa) roleOf.set(hpa, 'hpa');
  const conflict = hpa && isScaledObject(hpa.kind, hpa.apiVersion) ? kedaConflict(hpa, all) : null;
  if (hpa && conflict) issues.error(refOf(hpa, 'hpa'), ['spec', 'scaleTargetRef'], conflict, 'key');
  // Applied as one file, a later ScaledObject for the same workload is refused by KEDA's webhook
  // (verifyScaledObjects) whichever of them is simulated.
  for (const e of candidates) {
    if (e === hpa || !isScaledObject(e.kind, e.apiVersion)) continue;
    const other = kedaConflict(e, all, true);
    if (other) issues.error(refOf(e, 'hpa'), ['spec', 'scaleTargetRef'], other, 'key');
  }
  if (hpa && candidates.length > 1) {
    const names = candidates.map((e) => e.hpaName ?? '(no name)');
    const notice = `this text holds ${candidates.length} HorizontalPodAutoscalers (${listed(names)}): simulating '${hpa.hpaName ?? ''}'; choose another with the HPA picker or --hpa NAME`;
    notices.push(notice);
    issues.info(refOf(hpa, 'hpa'), ['metadata', 'name'], notice);
  }
  for (const e of candidates) if (e !== hpa) roleOf.set(e, 'other-hpa');
  const hpaKind = hpa
    ? isScaledObject(hpa.kind, hpa.apiVersion)
      ? 'ScaledObject'
      : isFederatedHpa(hpa.kind, hpa.apiVersion)
        ? 'FederatedHPA'
        : HPA_KIND
    : null;
  // Karmada's placement and schedule objects are read beside a FederatedHPA only.
  const karmada =
    hpaKind === 'FederatedHPA'
      ? all.filter(
          (e) =>
            isPropagationPolicy(e.kind, e.apiVersion) || isCronFederatedHpa(e.kind, e.apiVersion),
        )
      : [];
  for (const e of karmada) roleOf.set(e, 'karmada');

  let workload: Entry | null = null;
  if (hpa?.targetKind && hpa.targetName) {
    workload =
      all.find(
        (e) =>
          e.kind === hpa.targetKind &&
          e.name === hpa.targetName &&
          (WORKLOAD_KINDS as readonly string[]).includes(e.kind ?? '') &&
          (e.namespace ?? '') === (hpa.namespace ?? e.namespace ?? ''),
      ) ?? null;
    if (workload) roleOf.set(workload, 'workload');
  }

  if (!hpa && chosen === undefined) reportMissingHpa(all, roleOf, issues, refOf);

  const ignored = all.filter((e) => !roleOf.has(e));
  for (const e of ignored) roleOf.set(e, 'ignored');
  if (hpa && ignored.length > 0) {
    const notice = `ignored ${ignored.length === 1 ? 'a document' : `${ignored.length} documents`} the simulation does not use: ${listed(ignored.map(label))}`;
    notices.push(notice);
    issues.info(refOf(ignored[0]!, 'hpa'), [], notice);
  }

  const roled = (e: Entry | null, role: DocRef['role']): RoledEntry | null =>
    e ? { index: e.source.index, item: e.item, ref: refOf(e, role) } : null;
  return {
    hpa: hpa ? { ...roled(hpa, 'hpa')!, kind: hpaKind ?? HPA_KIND } : null,
    simulation: roled(simulation, 'simulation'),
    workload: workload ? { ...roled(workload, 'workload')!, kind: workload.kind ?? '' } : null,
    karmada: karmada.map((e) => ({ ...roled(e, 'karmada')!, kind: e.kind ?? '' })),
    documents: all.map((e) => ({
      index: e.source.index,
      item: e.item,
      role: roleOf.get(e) ?? 'ignored',
      kind: e.kind ?? '',
      apiVersion: e.apiVersion ?? '',
      name: e.name ?? '',
      start: e.start,
      end: e.end,
    })),
    hpaChoices: choices,
    notices,
  };
}

/** KEDA's other kinds, in the order a text holding several is explained. */
const KEDA_KINDS = [
  'ScaledObject',
  'ScaledJob',
  'HTTPScaledObject',
  'TriggerAuthentication',
  'ClusterTriggerAuthentication',
] as const;

/** What a KEDA object is when no HPA or simulable ScaledObject is in the text, and what to paste. */
function kedaKindMessage(e: Entry): string {
  const name = e.name ?? 'NAME';
  switch (e.kind) {
    case 'ScaledJob':
      return 'a KEDA ScaledJob: KEDA starts a Job per batch of events and creates no HorizontalPodAutoscaler, so there is nothing to simulate here; paste a ScaledObject (keda.sh/v1alpha1) that scales a Deployment instead';
    case 'HTTPScaledObject':
      return `a KEDA HTTP add-on HTTPScaledObject: the add-on creates a ScaledObject whose external-push trigger reads its interceptor's request counts, which are not simulated; paste the HPA KEDA created instead (kubectl get hpa keda-hpa-${name} -o yaml)`;
    case 'TriggerAuthentication':
    case 'ClusterTriggerAuthentication':
      return `a KEDA ${e.kind}: it holds the credentials a scaler uses, not how to scale; paste the ScaledObject whose trigger names it in authenticationRef (the ${e.kind} can stay beside it)`;
    default:
      return `a KEDA ScaledObject, not a HorizontalPodAutoscaler: KEDA creates the HPA from it. Paste that HPA instead (kubectl get hpa keda-hpa-${name} -o yaml); its External metrics get a default load the Simulation document can change`;
  }
}

/** One clear error when nothing in the text is an HPA: what it is, and what to paste instead. */
function reportMissingHpa(
  all: Entry[],
  roleOf: Map<Entry, DocumentRole>,
  issues: IssueList,
  refOf: (e: Entry, role: DocRef['role']) => DocRef,
): void {
  if (issues.errorCount > 0) return;
  const cron = all.find((e) => isCronFederatedHpa(e.kind, e.apiVersion));
  if (cron) {
    issues.error(
      refOf(cron, 'hpa'),
      ['kind'],
      "this is a Karmada CronFederatedHPA: it changes a FederatedHPA's bounds (or a workload's replicas) at set times and computes nothing itself. Paste it with the FederatedHPA it targets (and optionally the workload and its PropagationPolicy)",
    );
    return;
  }
  const keda = KEDA_KINDS.map((k) => all.find((e) => e.kind === k)).find((e) => e !== undefined);
  if (keda) {
    issues.error(refOf(keda, 'hpa'), ['kind'], `this is ${kedaKindMessage(keda)}`);
    return;
  }
  const others = all.filter((e) => !roleOf.has(e));
  const found = others.length > 0 ? ` (it holds ${listed(others.map(label))})` : '';
  issues.error(
    null,
    [],
    `no HorizontalPodAutoscaler manifest${found}: paste one (apiVersion: autoscaling/v2, kind: HorizontalPodAutoscaler), optionally followed by --- and a kind: Simulation document`,
  );
}

// Title and "what to notice" of a preset, read from its text without a YAML parser (the main
// bundle stays small; presets are ours, so their layout is known and tested).

export interface PresetInfo {
  id: string;
  title: string;
  description: string;
  group: PresetGroup;
}

/** The gallery's sections, in order. */
export const PRESET_GROUPS = [
  { id: 'basics', title: 'Basics' },
  { id: 'kep-853', title: 'KEP-853 stories' },
  { id: 'pitfalls', title: 'Pitfalls' },
  { id: 'real-world', title: 'Real-world' },
  { id: 'multi-cluster', title: 'Multi-cluster' },
] as const;
export type PresetGroup = (typeof PRESET_GROUPS)[number]['id'];

/** Which section each preset is in (a new preset without an entry lands in basics). */
export const GROUP_OF: Record<string, PresetGroup> = {
  default: 'basics',
  'cpu-70-vs-60': 'basics',
  'tolerance-dead-band': 'basics',
  'cpu-and-object-metric': 'basics',
  'scale-down-windows': 'basics',
  'story-1-scale-up-fast': 'kep-853',
  'story-2-fast-up-slow-down': 'kep-853',
  'story-3-slow-up': 'kep-853',
  'story-4-no-scale-down': 'kep-853',
  'story-5-delay-scale-down': 'kep-853',
  'story-6-delay-scale-up': 'kep-853',
  flapping: 'pitfalls',
  'fourteen-pods': 'pitfalls',
  'memory-never-scales-down': 'pitfalls',
  'startup-cpu-burst': 'pitfalls',
  'rollout-startup-burst': 'pitfalls',
  'queue-external': 'real-world',
  'scale-to-zero': 'real-world',
  'nodes-wait': 'real-world',
  'nodes-karpenter': 'real-world',
  'manual-zero-1-35-vs-1-37': 'real-world',
  'keda-cooldown-to-zero': 'real-world',
  'keda-activation-vs-threshold': 'real-world',
  'keda-fallback-prometheus-down': 'real-world',
  'keda-idle-replicas': 'pitfalls',
  'keda-cached-metrics': 'real-world',
  'keda-scaling-modifiers': 'real-world',
  'keda-paused-replicas-hold': 'real-world',
  'multicluster/failover': 'multi-cluster',
  'multicluster/prioritized-spill-over': 'multi-cluster',
  'multicluster/aggregated-errata': 'multi-cluster',
  'multicluster/duplicated-calibration': 'multi-cluster',
  'multicluster/nodes-per-cluster': 'multi-cluster',
};

/** `id` is the file name without `.yaml` (with its folder under src/presets); the title is the file's first comment line. */
export function presetInfo(id: string, text: string): PresetInfo {
  const lines = text.split('\n');
  const first = lines[0] ?? '';
  const title = first.startsWith('#') ? first.replace(/^#\s*/, '').trim() : id;
  const at = lines.findIndex((l) => /^\s+description:\s*>-?\s*$/.test(l));
  const desc: string[] = [];
  if (at >= 0) {
    const indent = (lines[at]!.match(/^\s*/)?.[0].length ?? 0) + 2;
    for (let i = at + 1; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.trim() === '' || (l.match(/^\s*/)?.[0].length ?? 0) < indent) break;
      desc.push(l.trim());
    }
  } else {
    const inline = lines.find((l) => /^\s+description:\s*\S/.test(l));
    if (inline) desc.push(inline.replace(/^\s+description:\s*/, '').replace(/^['"]|['"]$/g, ''));
  }
  return { id, title, description: desc.join(' '), group: GROUP_OF[id] ?? 'basics' };
}

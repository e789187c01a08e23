// The preset gallery's contents, bundled by Vite as raw text (browser build only).

import { presetInfo, type PresetInfo } from './presetInfo.ts';
import THUMBNAILS from './thumbnails.json';

// Multi-cluster scenarios live in their own folder; their id keeps it (`multicluster/failover`).
const files = import.meta.glob(['./*.yaml', './multicluster/*.yaml'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export interface Preset extends PresetInfo {
  text: string;
  /** the run's replicas, reduced for the card's thumbnail (empty when not generated) */
  thumbnail: number[];
}

/** All presets, the default scenario first, then by file name. */
export const PRESETS: Preset[] = Object.entries(files)
  .map(([path, text]) => {
    const info = presetInfo(path.replace(/^\.\/|\.yaml$/g, ''), text);
    return { ...info, text, thumbnail: (THUMBNAILS as Record<string, number[]>)[info.id] ?? [] };
  })
  .sort((a, b) => (a.id === 'default' ? -1 : b.id === 'default' ? 1 : a.id.localeCompare(b.id)));

export const DEFAULT_PRESET: Preset = PRESETS.find((p) => p.id === 'default') ?? PRESETS[0]!;

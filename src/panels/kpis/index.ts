export { KpiStrip, type KpiStripProps } from './KpiStrip.tsx';
export { kpiItems, type KpiItem } from './kpiItems.ts';
export { endsInEpisode, soFar, type SoFar } from './soFar.ts';

export { KpiStrip, SoFarLine, type KpiDraws, type KpiStripProps } from './KpiStrip.tsx';
export { drawRanges, drawsCount, type DrawRange } from './drawRange.ts';
export { kpiItems, type KpiItem } from './kpiItems.ts';
export { soFar, type SoFar } from './soFar.ts';

export { KpiStrip, SoFarLine, type KpiStripProps } from './KpiStrip.tsx';
export { kpiItems, type KpiItem } from './kpiItems.ts';
export { soFar, type SoFar } from './soFar.ts';

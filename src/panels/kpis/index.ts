export { KpiStrip, type KpiStripProps } from './KpiStrip.tsx';
export { kpiItems, type KpiItem } from './kpiItems.ts';

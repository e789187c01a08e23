/** KEDA's core around the HPA, as pure functions (README.md maps each to its Go function). */
export * from './types.ts';
export * from './version.ts';
export * from './quantity.ts';
export * from './annotations.ts';
export * from './conditions.ts';
export * from './fallback.ts';
export * from './formula.ts';
export * from './modifiers.ts';
export * from './scaleHandler.ts';
export * from './executor.ts';
export * from './checkScalers.ts';
export * from './cron.ts';

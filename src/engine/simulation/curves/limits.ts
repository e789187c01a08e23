/**
 * Limits that keep hostile or absurd input bounded in time and memory. Every limit is reported
 * with a message that names it, so a user knows what to change.
 */

/** Points in one list (steps, ramp, series, spikes); also rows/values in one import. */
export const MAX_POINTS = 100_000;
/** Points over the whole curve tree. */
export const MAX_TOTAL_POINTS = 200_000;
/** Curve nodes (each sum child, noise, scale… counts one). */
export const MAX_NODES = 1_000;
/** Nesting depth of the curve tree (the root is depth 1). */
export const MAX_DEPTH = 16;
/** Largest absolute value accepted anywhere (integers up to here are exact in a double). */
export const MAX_VALUE = 1e15;
/** Largest absolute time: about 10 years. */
export const MAX_TIME_SECONDS = 315_576_000;
/** Smallest period (sine, repeat) or noise interval. */
export const MIN_PERIOD_SECONDS = 0.001;
/** Largest absolute time at which a curve may be evaluated (about 31,700 years). */
export const MAX_EVAL_TIME_SECONDS = 1e12;
/** Largest scale factor. */
export const MAX_SCALE_FACTOR = 1e6;
/** Largest relative noise amplitude (1 = ±100 %). */
export const MAX_RELATIVE_NOISE = 1;
/** Samples one `sampleCurve` call may return (80 MB as a Float64Array). */
export const MAX_SAMPLES = 10_000_000;
/** Characters accepted by an importer (about 10 MB of ASCII). */
export const MAX_IMPORT_CHARS = 10 * 1024 * 1024;
/** JSON nesting accepted by the Prometheus importer (a real response nests 5 deep). */
export const MAX_JSON_DEPTH = 64;
/** Diagnostics reported before the list is cut short. */
export const MAX_DIAGNOSTICS = 100;
/** Import errors reported before parsing stops. */
export const MAX_IMPORT_ERRORS = 20;
/** Import warnings reported individually before they are summarised. */
export const MAX_IMPORT_WARNINGS = 20;

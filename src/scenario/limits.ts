/**
 * Limits that keep hostile or absurd scenarios bounded in time and memory. Each one is reported
 * with a message that names it. Simulator limits are distinct from Kubernetes API validation: an
 * HPA the API server accepts may still be too big to simulate.
 */

/** Characters (UTF-16 code units) in one scenario text. */
export const MAX_TEXT_CHARS = 2 * 1024 * 1024;
/** Bytes accepted by decodeScenarioBytes. */
export const MAX_TEXT_BYTES = 2 * 1024 * 1024;
/** Nesting depth of maps and lists (the document root is depth 1). */
export const MAX_DEPTH = 64;
/**
 * Flow-collection (`[`/`{`) or compact-sequence (`- - -`) nesting seen by the pre-scan that runs
 * before the YAML parser. Deliberately above MAX_DEPTH: it only protects the parser; MAX_DEPTH is
 * reported precisely after parsing.
 */
export const MAX_PRESCAN_DEPTH = 256;
/**
 * Lines plus flow-list commas in one text, counted before parsing: a cheap bound on the number of
 * values, which keeps the YAML parser's time bounded (about 1–2 s at this size).
 */
export const MAX_PRESCAN_ITEMS = 400_000;
/** Values (maps, lists, scalars) one document may expand to, YAML aliases included. */
export const MAX_VALUES = 1_000_000;
/** Alias (`*name`) references one document may use. */
export const MAX_ALIASES = 1_000;
/** YAML documents in one scenario (install files hold the HPA among many other documents). */
export const MAX_DOCUMENTS = 500;
/** Diagnostics reported before the list is cut short. */
export const MAX_DIAGNOSTICS = 200;

/** Longest simulated time: 31 days. */
export const MAX_DURATION_SECONDS = 31 * 24 * 3600;
/** Shortest HPA sync period and metrics resolution. */
export const MIN_SYNC_PERIOD_SECONDS = 1;
export const MIN_RESOLUTION_SECONDS = 1;
/** Most controller syncs in one run (one at 0, then one per syncPeriod up to the duration). */
export const MAX_SYNCS = 1_000_000;
/** Most metrics-server scrapes in one run (one at 0, then one per resolution). */
export const MAX_SCRAPES = 2_000_000;
/** Most pods the simulator runs: initial replicas, maxPods and the HPA's maxReplicas. */
export const MAX_PODS = 5_000;
/** Longest duration accepted for any other setting (delays, windows, outage times): 31 days. */
export const MAX_SETTING_SECONDS = MAX_DURATION_SECONDS;
/** Containers in the workload's pod template. */
export const MAX_CONTAINERS = 50;
/** Outage entries. */
export const MAX_OUTAGES = 1_000;
/** HPA variants in one scenario: each is a whole run (the work budget counts them all too). */
export const MAX_VARIANTS = 8;
/** Changes during a run (spec.changes): each is a loop clock checked at every scrape. */
export const MAX_CHANGES = 50;
/** Largest milli-value accepted for a load quantity (exact as a double below 2^53). */
export const MAX_MILLI = 1e15;

/** Object names (metadata.name, scaleTargetRef.name): a DNS subdomain, as the API server checks. */
export const DNS_SUBDOMAIN_MAX = 253;
/** Namespaces and container names: a DNS label, as the API server checks. */
export const DNS_LABEL_MAX = 63;
/** Label values, as the API server checks them. */
export const LABEL_VALUE_MAX = 63;
/** Qualified names (label keys, resource names): a 253-character prefix, '/', a 63-character name. */
export const QUALIFIED_NAME_MAX = 253 + 1 + 63;
/** All annotations of an object together: the API server's 256 KiB (counted here in characters). */
export const MAX_ANNOTATION_CHARS = 256 * 1024;
/** Metrics in spec.metrics (the API has no limit; each metric costs every sync). */
export const MAX_METRICS = 50;
/** Metric names (the API has no length limit). */
export const MAX_NAME_CHARS = 253;
/** Labels in one map or expressions in one selector, and values in one expression. */
export const MAX_SELECTOR_TERMS = 100;
export const MAX_SELECTOR_VALUES = 100;
/** Nodes in one node group (spec.nodes.max): cluster-autoscaler's own scale tests reach 1,000. */
export const MAX_NODES = 1_000;
/** Member clusters in one multi-cluster scenario. */
export const MAX_CLUSTERS = 16;

/** Hard limits of the engine itself, whatever the scenario layer allowed. */
export const SIMULATION_LIMITS = Object.freeze({
  maxSyncs: 1_000_000,
  maxPods: 5_000,
  maxTicks: 2_000_000,
});

// One colour per run of a scenario (the HPA first, then each variant in spec.variants order), so
// the comparison panel, the main charts' overlays and their legends agree on who is who.

export const RUN_COLOURS = [
  '#2563eb',
  '#dc2626',
  '#16a34a',
  '#9333ea',
  '#ea580c',
  '#0891b2',
  '#ca8a04',
  '#db2777',
  '#4b5563',
];

/** The colour of the run at `index` in the runs list (0: the HPA); colours repeat after nine. */
export function runColour(index: number): string {
  return RUN_COLOURS[index % RUN_COLOURS.length]!;
}

// The curve editor's pure side: finding curves in the text, their handles and line, and the text
// edits a drag, an added or removed point or a new shape makes. See README.md.
export { formatNumber, setNumberAt, type EditResult, type YamlPath } from './setScalar.ts';
export { insertItem, removeItem, replaceNode } from './nodeEdit.ts';
export { findCurves, FIND_CURVES_MAX_CHARS, type CurveSlot } from './findCurves.ts';
export {
  curveFields,
  curveHandles,
  pointsField,
  tidy,
  type Handle,
  type Write,
} from './handles.ts';
export { SHAPES, shapeCurve, type ShapeContext, type ShapeKind } from './shapes.ts';
export { curveLine, type CurveLine } from './curveLine.ts';
export { applyWrites, addPoint, removePoint, setShape } from './curveEdits.ts';
export { slotsWithWrites } from './slotWrites.ts';
export { applyFix } from './applyFix.ts';
export { placedHandles, type PlacedHandle } from './placedHandles.ts';
export { curveValueAt } from './curveLine.ts';
export { tunedManifest, type ShipResult } from './shipManifest.ts';
export { seriesScaled, seriesShifted } from './seriesDrag.ts';
export { variantDiffs, variantDiffsMarkdown, type VariantDiff } from './variantDiffs.ts';

/** Load curves: the curve grammar, evaluation, validation and importers. See README.md. */
export type {
  ClampCurve,
  ConstantCurve,
  Curve,
  CurveDiagnostic,
  CurveEvalOptions,
  CurvePoint,
  CurveType,
  NoiseCurve,
  RampCurve,
  RepeatCurve,
  ScaleCurve,
  SeriesCurve,
  ShiftCurve,
  SineCurve,
  Spike,
  SpikesCurve,
  StepsCurve,
  SumCurve,
} from './types.ts';
export type {
  ImportedSeries,
  ImportIssue,
  ImportResult,
  NonFiniteHandling,
  PrometheusImportOptions,
} from './importTypes.ts';
export type { CsvImportOptions } from './csv.ts';
export type { CompiledCurve } from './compile.ts';
export { CURVE_CHUNK, CurveError, compileCurve } from './compile.ts';
export { evaluateCurve, sampleCurve } from './evaluate.ts';
export { parseCurve, validateCurve } from './validate.ts';
export { parseCsvSeries } from './csv.ts';
export { parsePrometheusRangeQuery } from './prometheus.ts';
export { listPrometheusSeries, type PrometheusSeriesList } from './prometheusList.ts';
export {
  compactGrid,
  compactSeriesCurve,
  compactSeriesYaml,
  pointsSeriesYaml,
  seriesCurve,
  type CompactOptions,
} from './seriesCurve.ts';
export { importCurve, type ImportCurve, type ImportCurveOptions } from './importCurve.ts';
export { countSeriesValues, decodeSeriesValues } from './seriesValues.ts';

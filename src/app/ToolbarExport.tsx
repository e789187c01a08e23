// The toolbar's export menu with what its choices read: the parse, the runs and the stale flag
// change at each edit or its result, so this re-renders then, not the toolbar around it.
import { memo, type RefObject } from 'react';
import {
  getScenarioText,
  useActions,
  useDrawSet,
  useHpaChoice,
  useIsStale,
  useParseSummary,
  useResult,
  useRuns,
  useSearchDraws,
} from '../store/index.ts';
import {
  downloadChartsPng,
  downloadText,
  fileStem,
  hpaName,
  manifestAsWritten,
} from './download.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { kpisCsvText, runSetText } from './runSetFile.ts';

/** Memoized: re-rendered by what it reads, not by the toolbar. */
export const ToolbarExport = memo(function ToolbarExport({
  chartsRef,
}: {
  chartsRef: RefObject<HTMLDivElement | null>;
}) {
  const actions = useActions();
  const parse = useParseSummary();
  const hasResult = useResult() !== null;
  // The run set export reads the runs shown and their draws (runSetFile.ts).
  const runs = useRuns();
  const drawSet = useDrawSet();
  // The draws the latest Tune search judged at go into a run set (src/share/runSet.ts `tune`).
  const tuned = useSearchDraws();
  const stale = useIsStale();
  const hpaChoice = useHpaChoice();
  const stem = fileStem(parse?.name || 'scenario');
  // Manifests are named after the HPA itself (metadata.name), the rest after the scenario.
  const hpaStem = () => fileStem(hpaChoice ?? hpaName(getScenarioText()) ?? stem);
  return (
    <ExportMenu
      disabled={{
        effective: !parse?.effectiveHpaYaml,
        csv: !hasResult,
        runsCsv: !hasResult,
        kpisCsv: !hasResult,
        png: !hasResult,
        runSet: !hasResult || stale,
      }}
      actions={{
        manifest: () =>
          void manifestAsWritten(getScenarioText(), hpaChoice ? { hpa: hpaChoice } : {}).then((m) =>
            downloadText(`${hpaStem()}-hpa.yaml`, m),
          ),
        effective: () =>
          parse?.effectiveHpaYaml &&
          downloadText(`${hpaStem()}-hpa-effective.yaml`, parse.effectiveHpaYaml),
        scenario: () => downloadText(`${stem}.yaml`, getScenarioText()),
        csv: () =>
          void actions.exportCsv().then((csv) => {
            if (csv) downloadText(`${stem}-series.csv`, csv, 'text/csv');
          }),
        runsCsv: () =>
          void actions.exportCsv('runs').then((csv) => {
            if (csv) downloadText(`${stem}-runs.csv`, csv, 'text/csv');
          }),
        kpisCsv: () => downloadText(`${stem}-kpis.csv`, kpisCsvText(runs, drawSet), 'text/csv'),
        runSet: () =>
          downloadText(
            `${stem}-runs.json`,
            runSetText(
              { name: parse?.name ?? '', text: getScenarioText(), hpa: hpaChoice },
              runs,
              drawSet,
              new Date(),
              tuned ? { draws: tuned.count, percentile: tuned.percentile, seed: tuned.seed } : null,
            ),
            'application/json',
          ),
        png: () => {
          if (chartsRef.current) void downloadChartsPng(chartsRef.current, `${stem}-charts.png`);
        },
      }}
    />
  );
});

// The multi-cluster view (spec.federation): a model switch when both models ran, each model's
// service figures side by side, a lane per member cluster plus the total, the control plane's
// events on the timeline, and the selected sync explained cluster by cluster. Renders nothing for
// a single-cluster scenario. With variants, a switch picks whose federation the lanes draw (each
// variant's member runs are its own). The selected sync is the app's (shared with the charts): both models
// run on the same sync grid, so one index means the same instant in either.

import { formatNumber } from '../../format/format.ts';
import { formatDuration } from '../../format/timeAxis.ts';
import { parseMemberKey } from '../../run/runKey.ts';
import {
  useActions,
  useClusterGroup,
  useClusterGroups,
  useClusterModel,
  useFederation,
  useFocusedRun,
  useHpaChoice,
  useParseSummary,
  useSelectedSync,
} from '../../store/index.ts';
import type { FederationModelView } from '../../store/index.ts';
import { ClusterDetail } from './ClusterDetail.tsx';
import { ClusterLanes } from './ClusterLanes.tsx';
import { decisionRuns, laneDecision } from './decision.ts';
import { MODEL_TITLE } from './detail.ts';
import './clusters.css';

/** The lane a focused decision belongs to: the member's, or the total for the central HPA. */
function focusedLaneOf(key: string): string | null {
  const d = parseMemberKey(key);
  return d ? (d.member ?? 'total') : null;
}

function figures(m: FederationModelView): string {
  const k = m.total.kpis;
  const under = k.overloadSeconds > 0 ? formatDuration(k.overloadSeconds) : 'never';
  return `under capacity ${under} · unmet ${formatNumber(k.unmetDemandPercent, 2)} % · ${formatNumber(k.podHours)} pod-hours · peak ${k.peakReplicas}`;
}

export function ClustersPanel(props: {
  /** the charts' zoom (the x-range they show), which the lanes and the timeline follow */
  zoom?: [number, number] | null;
}) {
  const federation = useFederation();
  const selected = useSelectedSync();
  const actions = useActions();
  const chosen = useClusterModel();
  const focusedRun = useFocusedRun();
  const hpaChoice = useHpaChoice();
  const parse = useParseSummary();
  const hpaName = hpaChoice ?? (parse?.selectedHpa || 'the HPA');
  // The HPA's federation and each variant's: every one is its own group of member runs.
  const groups = useClusterGroups();
  const group = useClusterGroup();
  if (!federation || federation.models.length === 0) return null;
  const models = federation.models;
  const index = Math.max(
    0,
    models.findIndex((m) => m.model === chosen),
  );
  const model = models[index]!;
  const tMax = model.time.length > 0 ? model.time[model.time.length - 1]! : 0;
  const domain: [number, number] = props.zoom ?? [0, tMax];
  const select = (k: number) => actions.selectSync(k);
  const explainable = decisionRuns(model, hpaName);
  const focused = explainable.some((r) => r.key === focusedRun) ? focusedRun : '';
  const pickLane = (lane: string) => {
    const key = laneDecision(model, lane);
    if (key) actions.focusRun(key);
  };
  return (
    <section className="clusters" aria-label="Clusters">
      <div className="cl-bar">
        <h2>Clusters</h2>
        {models.length > 1 ? (
          <div className="cl-models" role="radiogroup" aria-label="Federation model">
            {models.map((m, i) => (
              <button
                key={m.model}
                type="button"
                role="radio"
                aria-checked={i === index}
                className={i === index ? 'on' : undefined}
                onClick={() => actions.chooseClusterModel(m.model)}
              >
                {MODEL_TITLE[m.model]} · {m.policy}
              </button>
            ))}
          </div>
        ) : (
          <span className="cl-muted">
            {MODEL_TITLE[model.model]} · {model.policy}
          </span>
        )}
        {groups.length > 1 ? (
          <label className="cl-group">
            Runs of{' '}
            <select
              aria-label="Whose clusters"
              value={group ?? ''}
              onChange={(e) => actions.chooseClusterGroup(e.target.value || null)}
            >
              {groups.map((g) => (
                <option key={g ?? ''} value={g ?? ''}>
                  {g === null ? hpaName : `variant ${g}`}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <ul className="cl-figures" aria-label="The service in each model">
        {models.map((m, i) => (
          <li key={m.model} className={i === index ? 'on' : undefined}>
            <strong>{m.model}</strong> {figures(m)}
          </li>
        ))}
      </ul>
      <label className="cl-explain-pick">
        Explain{' '}
        <select
          aria-label="Decision to explain"
          value={focused}
          onChange={(e) => actions.focusRun(e.target.value || 'main')}
        >
          <option value="">the control plane only</option>
          {explainable.map((r) => (
            <option key={r.key} value={r.key}>
              {r.name}
            </option>
          ))}
        </select>{' '}
        <span className="cl-muted">
          (its decision chain at the selected sync is in the explanation panel; a click on a lane
          picks it too)
        </span>
      </label>
      <ClusterLanes
        model={model}
        events={model.events}
        domain={domain}
        selectedSync={selected}
        onSelectSync={select}
        onPickLane={pickLane}
        focusedLane={focusedLaneOf(focused)}
      />
      <ClusterDetail model={model} selectedSync={selected} onSelectSync={select} />
    </section>
  );
}

// The multi-cluster view (spec.federation): a model switch when both models ran, each model's
// service figures side by side, a lane per member cluster plus the total, the control plane's
// events on the timeline, and the selected sync explained cluster by cluster. Renders nothing for
// a single-cluster scenario. The selected sync is the app's (shared with the charts): both models
// run on the same sync grid, so one index means the same instant in either.

import { useState } from 'react';
import { formatNumber } from '../../format/format.ts';
import { formatDuration } from '../../format/timeAxis.ts';
import { useActions, useFederation, useSelectedSync } from '../../store/index.ts';
import type { FederationModelPayload } from '../../worker/protocol.ts';
import { ClusterDetail } from './ClusterDetail.tsx';
import { ClusterLanes } from './ClusterLanes.tsx';
import { EventTimeline } from './EventTimeline.tsx';
import { MODEL_TITLE } from './detail.ts';
import './clusters.css';

function figures(m: FederationModelPayload): string {
  const k = m.total.kpis;
  const under = k.overloadSeconds > 0 ? formatDuration(k.overloadSeconds) : 'never';
  return `under capacity ${under} · unmet ${formatNumber(k.unmetDemandPercent, 2)} % · ${formatNumber(k.podHours)} pod-hours · peak ${k.peakReplicas}`;
}

export function ClustersPanel() {
  const federation = useFederation();
  const selected = useSelectedSync();
  const actions = useActions();
  const [chosen, setChosen] = useState(0);
  if (!federation || federation.models.length === 0) return null;
  const models = federation.models;
  const index = Math.min(chosen, models.length - 1);
  const model = models[index]!;
  const tMax = model.time.length > 0 ? model.time[model.time.length - 1]! : 0;
  const select = (k: number) => actions.selectSync(k);
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
                onClick={() => setChosen(i)}
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
      </div>
      <ul className="cl-figures" aria-label="The service in each model">
        {models.map((m, i) => (
          <li key={m.model} className={i === index ? 'on' : undefined}>
            <strong>{m.model}</strong> {figures(m)}
          </li>
        ))}
      </ul>
      <ClusterLanes model={model} selectedSync={selected} onSelectSync={select} />
      <EventTimeline
        events={model.events}
        tMax={tMax}
        selectedSync={selected}
        onSelectSync={select}
      />
      <ClusterDetail model={model} selectedSync={selected} onSelectSync={select} />
    </section>
  );
}

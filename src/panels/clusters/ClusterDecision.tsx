// The docked explanation of a multi-cluster run. With no controller picked: what the control
// plane did at the selected sync, in plain sentences (ControlPlaneAnswer). With one picked in the
// Clusters panel (a lane, or the "Explain" select): that controller's decision chain at the
// selected sync, as the single-cluster explanation shows it, under the control plane's events of
// that sync. Proposal model: a member cluster's own HPA on its own pods, clamped to the min/max the
// control plane had assigned when it ran. Shipped model: the central FederatedHPA over the union of
// the Ready members' pods.

import { useRef } from 'react';
import { parseMemberKey } from '../../run/runKey.ts';
import { useClusterModel, type FederationView } from '../../store/index.ts';
import { ExplainPanel, type ExplainedRun } from '../explain/index.ts';
import type { SyncDetail } from '../../worker/protocol.ts';
import { ControlPlaneAnswer } from './ControlPlaneAnswer.tsx';
import { decisionRuns, decisionTitle, noDecisionReason } from './decision.ts';

export function ClusterDecision(props: {
  federation: FederationView;
  focusedRun: string;
  selectedSync: number | null;
  /** the store's detail of the selected sync for the focused run (null while it is fetched) */
  detail: SyncDetail | null;
  hpaName: string;
  onFocusRun(key: string): void;
  onSelectSync(index: number): void;
  /** presenter mode: the chain opens on the deciding step */
  presenter?: boolean;
}) {
  const { federation, selectedSync: k } = props;
  const chosen = useClusterModel();
  const d = parseMemberKey(props.focusedRun);
  const model = d ? federation.models.find((m) => m.model === d.model) : undefined;
  const shown = model ?? federation.models.find((m) => m.model === chosen) ?? federation.models[0]!;
  // The last detail of this decision stays while the next sync's is fetched (no flashing).
  const last = useRef<{ key: string; detail: SyncDetail | null }>({ key: '', detail: null });
  if (last.current.key !== props.focusedRun) last.current = { key: props.focusedRun, detail: null };
  if (props.detail) last.current.detail = props.detail;
  if (!d || !model) {
    if (k !== null)
      return (
        <div className="cl-decision" data-testid="cluster-decision">
          <ControlPlaneAnswer model={shown} selectedSync={k} onSelectSync={props.onSelectSync} />
        </div>
      );
    return (
      <p className="explain-empty" role="note">
        A multi-cluster run: click an event marker or a lane in the Clusters panel to see here what
        the control plane did, in plain words; click a cluster&apos;s lane (or pick one under
        “Explain”) to see its HPA&apos;s decision chain.
      </p>
    );
  }
  const why = k === null ? null : noDecisionReason(model, d.member, k);
  const runs: ExplainedRun[] = decisionRuns(model, props.hpaName);
  return (
    <div className="cl-decision" data-testid="cluster-decision">
      <p className="cl-decision-title">
        <strong>{decisionTitle(d, props.hpaName)}</strong>
      </p>
      {k !== null ? (
        <ControlPlaneAnswer
          model={model}
          selectedSync={k}
          onSelectSync={props.onSelectSync}
          compact
        />
      ) : null}
      {why ? (
        <p className="explain-empty" role="note">
          {why}
        </p>
      ) : (
        <ExplainPanel
          detail={last.current.detail}
          loading={k !== null && last.current.detail?.index !== k}
          runs={runs}
          focusedRun={props.focusedRun}
          onFocusRun={props.onFocusRun}
          presenter={props.presenter}
        />
      )}
    </div>
  );
}

// The docked explanation of a multi-cluster run: the decision chain of the controller the user
// chose in the Clusters panel (a lane, or the "Explain" select) at the selected sync, as the
// single-cluster explanation shows it. Proposal model: a member cluster's own HPA on its own
// pods, clamped to the min/max the control plane had assigned when it ran. Shipped model: the
// central FederatedHPA over the union of the Ready members' pods. Nothing chosen: a pointer to
// the Clusters panel, which says which control-plane rule acted.

import { useRef } from 'react';
import { parseMemberKey } from '../../run/runKey.ts';
import { ExplainPanel, type ExplainedRun } from '../explain/index.ts';
import type { FederationPayload, SyncDetail } from '../../worker/protocol.ts';
import { decisionRuns, decisionTitle, noDecisionReason } from './decision.ts';

export function ClusterDecision(props: {
  federation: FederationPayload;
  focusedRun: string;
  selectedSync: number | null;
  /** the store's detail of the selected sync for the focused run (null while it is fetched) */
  detail: SyncDetail | null;
  hpaName: string;
  onFocusRun(key: string): void;
}) {
  const { federation, selectedSync: k } = props;
  const d = parseMemberKey(props.focusedRun);
  const model = d ? federation.models.find((m) => m.model === d.model) : undefined;
  // The last detail of this decision stays while the next sync's is fetched (no flashing).
  const last = useRef<{ key: string; detail: SyncDetail | null }>({ key: '', detail: null });
  if (last.current.key !== props.focusedRun) last.current = { key: props.focusedRun, detail: null };
  if (props.detail) last.current.detail = props.detail;
  if (!d || !model) {
    return (
      <p className="explain-empty" role="note">
        A multi-cluster run: the Clusters panel explains the selected sync cluster by cluster, with
        the control-plane rule that acted and each division step by step. Click a cluster&apos;s
        lane there (or pick one under “Explain”) to see its HPA&apos;s decision chain here.
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
        />
      )}
    </div>
  );
}

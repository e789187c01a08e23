// A `kubectl describe` Conditions table (Type, Status, Reason, Message): the HPA's in
// DescribeBlock.tsx and the ScaledObject's in ../keda/KedaStep.tsx.

export interface ConditionRow {
  type: string;
  status: string;
  reason: string;
  message?: string | null;
}

export function ConditionsTable(props: { conditions: readonly ConditionRow[]; label?: string }) {
  return (
    <table className="describe-table" aria-label={props.label}>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Status</th>
          <th scope="col">Reason</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {props.conditions.map((c) => (
          <tr key={c.type}>
            <td>{c.type}</td>
            <td className={c.status === 'True' ? 'status-true' : 'status-false'}>{c.status}</td>
            <td>{c.reason}</td>
            <td>{c.message ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

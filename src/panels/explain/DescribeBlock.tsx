// The sync as `kubectl describe hpa` would print it right after: metrics (current / target),
// min/max, behavior, pods, the Conditions table and the Events table (newest last).

import type { DescribeModel } from '../../explain/describe.ts';
import { ConditionsTable } from './ConditionsTable.tsx';

export function DescribeBlock({ model }: { model: DescribeModel }) {
  return (
    <div className="describe" aria-label="kubectl describe hpa">
      <dl className="describe-fields">
        <dt>Name:</dt>
        <dd>{model.name}</dd>
        <dt>Reference:</dt>
        <dd>{model.reference}</dd>
        <dt>Metrics:</dt>
        <dd className="describe-muted">( current / target )</dd>
        <dd className="describe-metrics">
          {model.metrics.map((m, i) => (
            <div className="describe-metric" key={i}>
              <span className="describe-metric-name">{m.name}:</span>{' '}
              <span className="describe-metric-value">{m.value}</span>
            </div>
          ))}
        </dd>
        <dt>Min replicas:</dt>
        <dd>{model.minReplicas}</dd>
        <dt>Max replicas:</dt>
        <dd>{model.maxReplicas}</dd>
        {model.behavior ? (
          <>
            <dt>Behavior:</dt>
            <dd>
              {model.behavior.map((b) => (
                <div key={b.direction} className="describe-behavior">
                  <div>{b.direction}:</div>
                  {b.window ? <div className="indent">{b.window}</div> : null}
                  <div className="indent">{b.selectPolicy}</div>
                  <div className="indent">Policies:</div>
                  {b.policies.map((p, i) => (
                    <div key={i} className="indent2">
                      {p}
                    </div>
                  ))}
                </div>
              ))}
            </dd>
          </>
        ) : null}
        <dt>{model.podsLabel}:</dt>
        <dd>{model.pods}</dd>
      </dl>
      <div className="describe-heading">Conditions:</div>
      <ConditionsTable conditions={model.conditions} />
      <div className="describe-heading">Events:</div>
      {model.events.length === 0 ? (
        <div className="describe-muted indent">&lt;none&gt;</div>
      ) : (
        <table className="describe-table">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Reason</th>
              <th scope="col">Age</th>
              <th scope="col" className="col-from">
                From
              </th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {model.events.map((e, i) => (
              <tr key={i} className={e.type === 'Warning' ? 'event-warning' : undefined}>
                <td>{e.type}</td>
                <td>{e.reason}</td>
                <td className="nowrap">{e.age}</td>
                <td className="col-from">{e.from}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

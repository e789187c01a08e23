// Which controller decision of a multi-cluster run the explanation follows, as the store's
// focused-run key: a member cluster's HPA (proposal model) or the central FederatedHPA (shipped
// model). Pure and tiny, so the page (the clusters panel, the store) and the worker read the
// same format; ':' cannot occur in a cluster name (a DNS label), so no member can collide.

export type DecisionModel = 'proposal' | 'shipped';

export interface Decision {
  model: DecisionModel;
  /** the member cluster, or null for the central FederatedHPA */
  member: string | null;
}

const PREFIX = 'cluster:';

export function decisionKey(model: DecisionModel, member: string | null): string {
  return `${PREFIX}${model}:${member ?? ''}`;
}

/** The decision a key names, or null for any other run key ('main', a variant's name). */
export function parseDecisionKey(key: string): Decision | null {
  if (!key.startsWith(PREFIX)) return null;
  const rest = key.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon < 0) return null;
  const model = rest.slice(0, colon);
  if (model !== 'proposal' && model !== 'shipped') return null;
  const member = rest.slice(colon + 1);
  return { model, member: member === '' ? null : member };
}

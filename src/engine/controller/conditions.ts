// setConditionInList (horizontal.go): update in place keeping the position, append a new type,
// never remove anything.

import type { HPACondition } from './types.ts';

export function setCondition(
  list: HPACondition[],
  type: string,
  status: string,
  reason: string,
  message: string,
): void {
  for (let i = 0; i < list.length; i++) {
    const existing = list[i]!;
    if (existing.type !== type) continue;
    existing.status = status;
    existing.reason = reason;
    existing.message = message;
    return;
  }
  list.push({ type, status, reason, message });
}

// What a draft has that the current text does not, in one line for the Drafts menu: two tabs'
// drafts of one scenario share a title, so the line that differs is what tells them apart.

/** "line 12: maxReplicas: 30 (+2 −1 lines)", "the same as now", or "empty". */
export function draftDifference(draft: string, current: string): string {
  if (draft === current) return 'the same as now';
  if (draft.trim() === '') return 'empty';
  const a = draft.split('\n');
  const b = current.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const changed = a.slice(start, endA);
  const first = changed.find((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  const added = endA - start;
  const removed = endB - start;
  const counts =
    added === removed
      ? `${added} line${added === 1 ? '' : 's'} differ${added === 1 ? 's' : ''}`
      : `+${added} −${removed} lines`;
  if (first === undefined) return `line ${start + 1}: ${counts}`;
  const shown = first.trim().length > 60 ? `${first.trim().slice(0, 59)}…` : first.trim();
  return `line ${start + 1}: ${shown} (${counts})`;
}

// Why a save failed, in words: the browser's raw DOMException ("QuotaExceededError: Failed to
// execute 'setItem' on 'Storage': Setting the value of … exceeded the quota") means nothing to
// someone who only wanted their scenario kept.

/** The notice for a failed autosave, from the storage's error message. */
export function saveFailedMessage(error: string): string {
  const why = /quota|exceeded|NS_ERROR_DOM_QUOTA/i.test(error)
    ? 'Your scenario is too large to autosave in this browser (its storage for this site is full)'
    : /security|denied|disabled|not allowed|does not offer/i.test(error)
      ? 'This browser does not let this page save anything (private browsing, or storage blocked for this site), so your scenario is not autosaved'
      : 'Your scenario could not be autosaved in this browser';
  return `${why}. Copy it, export it or share a link to keep it.`;
}

// The search panel's view of the store's search slice (src/store/searchSlice.ts): the search lives
// in the store, so it goes on when the dialog closes and shows where it is when it opens again.

import { useActions, useSearch } from '../../store/index.ts';

export function useTuneSearch() {
  const search = useSearch();
  const actions = useActions();
  return {
    search,
    start: actions.startSearch,
    cancel: actions.cancelSearch,
    edit: actions.editSearchForm,
  };
}

/** The quick search's words: its header button's (QuickSearchButton.astro) and its dialog's. */
export const quickSearchLabelKeys = {
  open: 'quickSearch.open',
  shortcut: 'quickSearch.shortcut',
  title: 'quickSearch.title',
  close: 'quickSearch.close',
  label: 'quickSearch.label',
  hint: 'quickSearch.hint',
  noResults: 'quickSearch.noResults',
  results: 'quickSearch.results',
} as const;

import { labelsOf, loadOnce } from '../../components/on-demand';
import type { UserQuickSearchProps } from './UserQuickSearch';

/**
 * The header's quick search button and its shortcut (Ctrl+K / ⌘K). The dialog's code loads on
 * the first use, so a page that never searches never downloads it.
 */
const button = document.querySelector<HTMLElement>('[data-quick-search]');
if (button) {
  const widget = loadOnce(() => import('./quick-search-widget'));
  const open = () =>
    void widget().then(({ quickSearch }) =>
      quickSearch.open({ labels: labelsOf<UserQuickSearchProps['labels']>(button) }),
    );
  button.addEventListener('click', open);
  window.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      open();
    }
  });
}

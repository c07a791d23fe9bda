import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Modal } from 'react-bootstrap';
import { keepTabInside } from '../../components/keep-tab-inside';
import { fill, type Labels } from '../../lib/labels';
import type { UserPick } from './user-input';
import { useUserPicks } from './use-user-picks';

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

/**
 * The header's "find a user" (Ctrl+K / ⌘K on every signed-in page): a combobox over
 * `admin/get-users`; arrows move, Enter opens `/users?open=<id>`. Kept small (only the API client
 * and the Modal the header already loads): it ships with every signed-in page.
 */
export default function UserQuickSearch({ labels }: { labels: Labels<typeof quickSearchLabelKeys> }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const found = useUserPicks(text);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A new answer starts the choice over at the top.
  useEffect(() => setActive(0), [found]);

  const go = (user: UserPick) => window.location.assign(`/users?open=${user.id}`);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = found?.length ?? 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count) setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (event.key === 'Enter' && found?.[active]) {
      event.preventDefault();
      go(found[active]);
    }
  }

  function close() {
    setOpen(false);
    setText('');
  }

  const option = (index: number) => `quick-search-option-${index}`;
  return (
    <>
      <button
        type="button"
        className="btn app-icon-btn app-quick-search-btn"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
      >
        <IconSearch size={20} aria-hidden="true" />
        <span className="visually-hidden">{labels.open}</span>
        <kbd className="d-none d-lg-inline" aria-hidden="true">
          {labels.shortcut}
        </kbd>
      </button>
      <Modal
        show={open}
        onHide={close}
        onKeyDown={keepTabInside}
        aria-labelledby="quick-search-title"
        className="app-quick-search"
      >
        <Modal.Header closeButton closeLabel={labels.close}>
          <Modal.Title id="quick-search-title" as="h2" className="h5">
            {labels.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <label htmlFor="quick-search-input" className="form-label">
            {labels.label}
          </label>
          <input
            id="quick-search-input"
            type="search"
            className="form-control"
            role="combobox"
            autoComplete="off"
            autoFocus
            aria-autocomplete="list"
            aria-controls="quick-search-list"
            aria-expanded={Boolean(found?.length)}
            aria-activedescendant={found?.length ? option(active) : undefined}
            aria-describedby="quick-search-hint"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
          <div id="quick-search-hint" className="form-text">
            {labels.hint}
          </div>
          <ul
            id="quick-search-list"
            role="listbox"
            aria-label={labels.title}
            className="app-quick-search-list"
          >
            {found?.map((user, index) => (
              // Focus stays in the box (aria-activedescendant); a click still chooses.
              <li
                key={user.id}
                id={option(index)}
                role="option"
                aria-selected={index === active}
                onClick={() => go(user)}
                onMouseEnter={() => setActive(index)}
              >
                <span className="fw-medium">{user.name}</span>
                <span className="text-body-secondary small">{user.email}</span>
              </li>
            ))}
          </ul>
          <p className="visually-hidden" role="status">
            {found === null
              ? ''
              : found.length
                ? fill(labels.results, { count: found.length })
                : labels.noResults}
          </p>
          {found?.length === 0 && <p className="mb-0 text-body-secondary">{labels.noResults}</p>}
        </Modal.Body>
      </Modal>
    </>
  );
}

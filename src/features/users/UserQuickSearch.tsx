import { useEffect, useState, type KeyboardEvent } from 'react';
import { Modal } from 'react-bootstrap';
import { keepTabInside } from '../../components/keep-tab-inside';
import type { OnDemandDialogProps } from '../../components/OnDemandDialog';
import { plural, type Labels } from '../../lib/labels';
import { openUser } from './open-user';
import type { UserPick } from '../../shared/users/user-input';
import { useUserPicks } from './use-user-picks';
import type { quickSearchLabelKeys } from './quick-search-labels';
import { focusFirstStop } from '../../components/focus-wrap';

export interface UserQuickSearchProps extends OnDemandDialogProps {
  labels: Labels<typeof quickSearchLabelKeys>;
}

/**
 * The header's "find a user" dialog (Ctrl+K / ⌘K on every signed-in page): a combobox over
 * `admin/get-users`; arrows move, Enter opens the user's details (on /users without a reload). Its button is the server's HTML
 * (QuickSearchButton.astro); this loads on the first use (quick-search-widget.tsx).
 */
export default function UserQuickSearch({ labels, open, onHide }: UserQuickSearchProps) {
  const [text, setText] = useState('');
  const found = useUserPicks(text);
  const [active, setActive] = useState(0);

  // A new answer starts the choice over at the top.
  useEffect(() => setActive(0), [found]);

  const go = (user: UserPick) => {
    onHide();
    openUser(user.id);
  };

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
    onHide();
    setText('');
  }

  const option = (index: number) => `quick-search-option-${index}`;
  return (
    <Modal
      show={open}
      onHide={close}
      onEntered={focusFirstStop}
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
        <ul id="quick-search-list" role="listbox" aria-label={labels.title} className="app-quick-search-list">
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
          {found === null ? '' : found.length ? plural(labels.results, found.length) : labels.noResults}
        </p>
        {found?.length === 0 && <p className="mb-0 text-body-secondary">{labels.noResults}</p>}
      </Modal.Body>
    </Modal>
  );
}

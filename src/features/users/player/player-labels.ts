import { confirmLabelKeys } from '../../../components/ConfirmDialog';
import { listLabelKeys } from '../../../components/list-labels';
import { translate, type T } from '../../../lib/labels';
import { banLabels } from '../ban-labels';
import { usersLabelKeys } from '../users-labels';

export const notesLabelKeys = {
  none: 'users.notes.none',
  text: 'users.notes.text',
  hint: 'users.notes.hint',
  add: 'users.notes.add',
  delete: 'users.notes.delete',
  byOn: 'users.notes.byOn',
  removedAdmin: 'users.notes.removedAdmin',
  empty: 'users.notes.empty',
  unreachable: 'api.error.unreachable',
} as const;

/** The player page's islands' words, translated on the server. */
export function playerLabels(t: T) {
  return {
    notes: translate(t, notesLabelKeys),
    actions: {
      ban: banLabels(t),
      confirm: translate(t, confirmLabelKeys),
      notify: t('users.page.notify'),
      unreachable: t('api.error.unreachable'),
    },
    users: translate(t, usersLabelKeys),
    list: translate(t, listLabelKeys),
  };
}

export type NotesLabels = ReturnType<typeof playerLabels>['notes'];

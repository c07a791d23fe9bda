import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { imageFieldLabelKeys } from '../../components/ImageField';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';
import { playLabelKeys } from '../games/games-labels';
import { banLabels } from './ban-labels';

/** The /users screen's own words; the kit's come from its components' key maps. */
export const usersLabelKeys = {
  caption: 'users.caption',
  empty: 'users.empty',
  search: 'users.search',
  statusFilter: 'users.filter.status',
  all: 'users.status.all',
  active: 'users.status.active',
  blocked: 'users.status.blocked',
  avatar: 'users.col.avatar',
  name: 'users.col.name',
  email: 'users.col.email',
  phone: 'users.col.phone',
  status: 'users.col.status',
  games: 'users.col.games',
  joined: 'users.col.joined',
  lastActive: 'users.col.lastActive',
  actions: 'users.col.actions',
  never: 'users.never',
  add: 'users.add',
  edit: 'users.edit',
  details: 'users.details',
  block: 'users.block',
  unblock: 'users.unblock',
  blockUser: 'users.blockUser',
  unblockUser: 'users.unblockUser',
  editTitle: 'users.form.editTitle',
  save: 'users.form.save',
  firstName: 'users.fields.firstName',
  lastName: 'users.fields.lastName',
  emailField: 'users.fields.email',
  phoneField: 'users.fields.phone',
  statusField: 'users.fields.status',
  avatarField: 'users.fields.avatar',
  blockTitle: 'users.confirm.blockTitle',
  blockMessage: 'users.confirm.blockMessage',
  unblockTitle: 'users.confirm.unblockTitle',
  unblockMessage: 'users.confirm.unblockMessage',
  bulkBlockTitle: 'users.confirm.bulkBlockTitle',
  bulkUnblockTitle: 'users.confirm.bulkUnblockTitle',
  bulkBlockMessage: 'users.confirm.bulkBlockMessage',
  bulkUnblockMessage: 'users.confirm.bulkUnblockMessage',
  blockedDone: 'users.done.blocked',
  unblockedDone: 'users.done.unblocked',
  undo: 'users.undo',
  undone: 'users.undone',
  notify: 'users.bulk.notify',
  bulkNothing: 'users.bulk.nothing',
  detailTitle: 'users.detail.title',
  close: 'users.detail.close',
  wins: 'users.detail.wins',
  lastPlayed: 'users.detail.lastPlayed',
  history: 'users.detail.history',
  noHistory: 'users.detail.noHistory',
  ...playLabelKeys,
} as const;

/** Every word the users island needs, translated on the server: one prop, no i18n in the bundle. */
export function usersScreenLabels(t: T) {
  return {
    users: translate(t, usersLabelKeys),
    list: translate(t, listLabelKeys),
    confirm: translate(t, confirmLabelKeys),
    form: translate(t, entityFormLabelKeys),
    image: translate(t, imageFieldLabelKeys),
    validation: translate(t, validationLabelKeys),
    ban: banLabels(t),
  };
}

export type UsersScreenLabels = ReturnType<typeof usersScreenLabels>;
export type UserLabels = UsersScreenLabels['users'];

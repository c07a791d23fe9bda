import ChipPicker, { type ChipPickerLabels } from '../../components/ChipPicker';
import type { Locale } from '../../i18n/locales';
import type { UserPick } from '../../shared/users/user-input';
import { searchUsers } from '../users/use-user-picks';

/** The user picker's words, named as the ChipPicker takes them. */
export const audiencePickerLabelKeys = {
  label: 'notifications.picker.label',
  hint: 'notifications.picker.hint',
  suggestions: 'notifications.picker.suggestions',
  found: 'notifications.picker.found',
  noMatch: 'notifications.picker.noMatch',
  chosen: 'notifications.picker.chosen',
  remove: 'notifications.picker.remove',
  added: 'notifications.picker.added',
  removed: 'notifications.picker.removed',
} as const satisfies Record<keyof ChipPickerLabels, string>;

interface AudienceUserPickerProps {
  /** The field's id and error: the audience's, which come on `user_ids`. */
  id: string;
  error: string | undefined;
  chosen: readonly UserPick[];
  onChange: (chosen: UserPick[]) => void;
  locale: Locale;
  words: ChipPickerLabels;
}

/** The users a notification goes to, found by name or email; their ids ride in the form as `user_ids`. */
export default function AudienceUserPicker(props: AudienceUserPickerProps) {
  return (
    <ChipPicker
      id={props.id}
      name="user_ids"
      chosen={props.chosen}
      onChange={props.onChange}
      search={searchUsers}
      detail={(user) => user.email}
      error={props.error}
      locale={props.locale}
      words={props.words}
    />
  );
}

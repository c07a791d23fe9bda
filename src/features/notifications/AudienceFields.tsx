import { useId } from 'react';
import type { ChipPickerLabels } from '../../components/ChipPicker';
import { useFieldError } from '../../components/form-errors-context';
import type { Locale } from '../../i18n/locales';
import { fill, type Labels } from '../../lib/labels';
import { USER_STATUSES, type UserPick, type UserStatus } from '../../shared/users/user-input';
import type { AudienceChoice } from './composer-input';
import type { AudienceLabels } from './audience-words';
import AudienceUserPicker from './AudienceUserPicker';

/** "Who gets it": the choices, the status and the narrowed-search note. */
export const audienceFieldsLabelKeys = {
  audience: 'notifications.composer.audience',
  chooseUsers: 'notifications.composer.chooseUsers',
  chooseAll: 'notifications.composer.chooseAll',
  chooseStatus: 'notifications.composer.chooseStatus',
  status: 'notifications.composer.status',
  blockedNote: 'notifications.composer.blockedNote',
  narrowed: 'notifications.composer.narrowed',
  dropSearch: 'notifications.composer.dropSearch',
} as const;

interface AudienceFieldsProps {
  /** The choices the admin's role may send to. */
  choices: readonly AudienceChoice[];
  choice: AudienceChoice;
  onChoice: (choice: AudienceChoice) => void;
  chosen: readonly UserPick[];
  onChosen: (chosen: UserPick[]) => void;
  status: UserStatus;
  onStatus: (status: UserStatus) => void;
  /** The users list's search a selection from /users came with; '' for none. */
  search: string;
  onDropSearch: () => void;
  locale: Locale;
  words: Labels<typeof audienceFieldsLabelKeys>;
  pickerWords: ChipPickerLabels;
  statusWords: AudienceLabels;
}

/** "Who gets it": chosen users (the picker), everyone, or everyone with a status. */
export default function AudienceFields(props: AudienceFieldsProps) {
  const id = useId();
  const { words } = props;
  // With everyone chosen, the audience's errors ("nobody to send to") still come on `user_ids`.
  const audienceError = useFieldError('user_ids');
  const choiceWords: Record<AudienceChoice, string> = {
    users: words.chooseUsers,
    all: words.chooseAll,
    status: words.chooseStatus,
  };
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 fw-medium">{words.audience}</legend>
      <div className="mb-2" hidden={props.choices.length < 2}>
        {props.choices.map((choice) => (
          <div key={choice} className="form-check form-check-inline">
            <input
              id={`${id}-choice-${choice}`}
              type="radio"
              className="form-check-input"
              name="audience"
              value={choice}
              checked={props.choice === choice}
              onChange={() => props.onChoice(choice)}
            />
            <label htmlFor={`${id}-choice-${choice}`} className="form-check-label">
              {choiceWords[choice]}
            </label>
          </div>
        ))}
      </div>
      {props.choice === 'users' ? (
        // The picker's errors (the server's too) come on `user_ids`.
        <AudienceUserPicker
          id={audienceError.id}
          error={audienceError.error}
          chosen={props.chosen}
          onChange={props.onChosen}
          locale={props.locale}
          words={props.pickerWords}
        />
      ) : (
        <>
          {props.choice === 'status' && (
            <div className="mb-2">
              <label htmlFor={`${id}-status`} className="form-label">
                {words.status}
              </label>
              <select
                id={`${id}-status`}
                name="status"
                className="form-select w-auto"
                value={props.status}
                onChange={(event) => props.onStatus(event.currentTarget.value as UserStatus)}
              >
                {USER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {props.statusWords[status]}
                  </option>
                ))}
              </select>
            </div>
          )}
          {props.search && (
            <p className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <input type="hidden" name="search" value={props.search} />
              <span>{fill(words.narrowed, { search: props.search })}</span>
              <button type="button" className="btn btn-sm btn-outline-primary" onClick={props.onDropSearch}>
                {words.dropSearch}
              </button>
            </p>
          )}
          <p className="form-text mb-0">{words.blockedNote}</p>
          <input type="hidden" name="user_ids" value="" />
          {audienceError.invalid && <div className="invalid-feedback d-block">{audienceError.error}</div>}
        </>
      )}
    </fieldset>
  );
}

import type { Labels } from '../../lib/labels';
import PasswordField from './PasswordField';
import PasswordStrength from './PasswordStrength';

/** The strength meter's words, shared by every form that chooses a password. */
export const strengthLabelKeys = {
  strength: 'password.strength',
  strength0: 'password.strength.0',
  strength1: 'password.strength.1',
  strength2: 'password.strength.2',
  strength3: 'password.strength.3',
  strength4: 'password.strength.4',
} as const;

export type NewPasswordLabels = Labels<typeof strengthLabelKeys> & {
  password: string;
  confirm: string;
  show: string;
};

interface Props {
  /** Ids are `<idPrefix>-password`, `-strength` and `-confirm`. */
  idPrefix: string;
  /** The new password's field name: `password` (reset, invite) or `new_password` (change). */
  name?: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { password?: string; confirm?: string };
  /** Words that make a password guessable for this admin: email, its local part, names. */
  personal: string[];
  labels: NewPasswordLabels;
  /** Which field takes focus when the page is rendered with an error on it (no-JS form posts). */
  autoFocus?: 'password' | 'confirm';
}

/**
 * Choosing a password (reset, accepting an invitation, changing it): the new one with the sign-in
 * strength meter, then the repeat. The forms around it check the repeat and post.
 */
export default function NewPasswordFields(props: Props) {
  const { idPrefix, labels } = props;
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        name={props.name ?? 'password'}
        label={labels.password}
        showLabel={labels.show}
        autoComplete="new-password"
        value={props.password}
        onChange={props.onPassword}
        error={props.errors.password}
        autoFocus={props.autoFocus === 'password'}
      />
      <PasswordStrength
        id={`${idPrefix}-strength`}
        password={props.password}
        personal={props.personal.filter(Boolean)}
        label={labels.strength}
        levels={[labels.strength0, labels.strength1, labels.strength2, labels.strength3, labels.strength4]}
      />
      <PasswordField
        id={`${idPrefix}-confirm`}
        name="confirm"
        label={labels.confirm}
        showLabel={labels.show}
        autoComplete="new-password"
        value={props.confirm}
        onChange={props.onConfirm}
        error={props.errors.confirm}
        autoFocus={props.autoFocus === 'confirm'}
      />
    </>
  );
}

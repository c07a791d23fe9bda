import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { PASSWORD_MAX } from '../../shared/auth/password-text';

interface Props {
  id: string;
  name: string;
  label: string;
  /** The toggle's name ("Show password"); its pressed state says whether the password shows. */
  showLabel: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Focus on load: the field a refused form post sends the person back to. */
  autoFocus?: boolean;
}

/** A password input with a show/hide toggle and its error under it (plain Bootstrap markup: see EmailField). */
export default function PasswordField(props: Props) {
  const { id, name, label, showLabel, autoComplete, value, onChange, error, autoFocus } = props;
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <div className="input-group has-validation">
        <input
          id={id}
          className={`form-control${error ? ' is-invalid' : ''}`}
          type={visible ? 'text' : 'password'}
          name={name}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          // maxlength counts UTF-16 units; the rule counts code points, which may take two units each.
          maxLength={PASSWORD_MAX * 2}
          required
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button
          type="button"
          className="btn btn-outline-primary"
          aria-label={showLabel}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <IconEyeOff size={20} aria-hidden="true" /> : <IconEye size={20} aria-hidden="true" />}
        </button>
        {error && (
          <div className="invalid-feedback" id={`${id}-error`}>
            {error}
          </div>
        )}
      </div>
    </div>
  );
}

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Focus on load: the field a refused form post sends the person back to. */
  autoFocus?: boolean;
  /** `username webauthn` on the login form: the browser may offer passkeys in its autofill. */
  autoComplete?: string;
}

/**
 * The email input of the signed-out forms. These forms use Bootstrap's classes on plain elements
 * rather than react-bootstrap components: the login page's JavaScript budget (80 KB gzip) is mostly
 * React itself, and plain markup costs nothing. react-bootstrap stays where it brings behaviour
 * (the logout Modal's focus trap).
 */
export default function EmailField({ id, label, value, onChange, error, autoFocus, autoComplete }: Props) {
  return (
    <div>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        type="email"
        name="email"
        autoComplete={autoComplete ?? 'username'}
        inputMode="email"
        spellCheck={false}
        maxLength={254}
        required
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <div className="invalid-feedback" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

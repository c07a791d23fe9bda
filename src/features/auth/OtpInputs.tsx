import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { fill } from '../../lib/labels';
import {
  enterDigits,
  eraseBackward,
  typedText,
  type DigitUpdate,
  type Digits,
} from '../../shared/auth/otp-digits';

interface Props {
  id: string;
  digits: Digits;
  onChange: (digits: string[]) => void;
  legend: string;
  /** "Digit {{index}} of {{total}}". */
  digitLabel: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Id of the message that explains a wrong code. */
  describedBy?: string;
  /** Each new value above 0 moves focus to the first box (after a wrong code). */
  focusFirst: number;
  /** Focus the first box when the page loads (the browser does it, script or not). */
  autoFocus?: boolean;
}

/**
 * The six boxes of a one-time code: typing advances, Backspace goes back, a pasted code fills them
 * all. Every box is named `otp`: a form post before (or without) script sends them in order and the
 * server joins them, so a whole code typed or pasted into one box works too.
 */
export default function OtpInputs(props: Props) {
  const { id, digits, onChange, legend, digitLabel, disabled, invalid, describedBy, focusFirst, autoFocus } =
    props;
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    if (focusFirst > 0) boxes.current[0]?.focus();
  }, [focusFirst]);

  function apply(update: DigitUpdate) {
    onChange(update.digits);
    boxes.current[update.focus]?.focus();
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !digits[index]) {
      event.preventDefault();
      apply(eraseBackward(digits, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < digits.length - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    apply(enterDigits(digits, index, event.clipboardData.getData('text')));
  }

  return (
    <fieldset id={id} className="app-otp" disabled={disabled}>
      <legend className="form-label fs-6">{legend}</legend>
      <div className="app-otp-boxes">
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className={`form-control app-otp-box${invalid ? ' is-invalid' : ''}`}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            name="otp"
            autoFocus={autoFocus && index === 0}
            aria-label={fill(digitLabel, { index: index + 1, total: digits.length })}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={digit}
            onChange={(event) => apply(enterDigits(digits, index, typedText(event.target.value, digit)))}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}

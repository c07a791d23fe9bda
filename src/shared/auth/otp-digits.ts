/** The one-time code is 6 digits (DESIGN.md §8). */
export const CODE_LENGTH = 6;

/** The boxes' contents: one entry per box, each '' or a single ASCII digit. */
export type Digits = readonly string[];

export interface DigitUpdate {
  digits: string[];
  /** The box that should have focus next. */
  focus: number;
}

export function emptyDigits(length = CODE_LENGTH): string[] {
  return Array.from({ length }, () => '');
}

/** ASCII digits only; NFKC turns full-width digits (typed with a CJK input method) into ASCII first. */
export function onlyDigits(text: string): string {
  return text.normalize('NFKC').replace(/[^0-9]/g, '');
}

/**
 * What was newly typed into a box that already held `previous`: the browser reports the whole
 * value ("37" or "73" when 7 is typed next to 3), the person meant the new part.
 */
export function typedText(value: string, previous: string): string {
  if (!previous || value.length <= previous.length) return value;
  if (value.startsWith(previous)) return value.slice(previous.length);
  if (value.endsWith(previous)) return value.slice(0, -previous.length);
  return value;
}

/**
 * Puts `text` into the boxes starting at `index`. A full code fills every box wherever it lands
 * (pasted, or filled in by the browser from a message); a shorter run of digits fills forward.
 */
export function enterDigits(digits: Digits, index: number, text: string): DigitUpdate {
  const length = digits.length;
  const entered = onlyDigits(text);
  const next = [...digits];
  if (entered === '') {
    next[index] = '';
    return { digits: next, focus: index };
  }
  if (entered.length >= length) {
    return { digits: entered.slice(0, length).split(''), focus: length - 1 };
  }
  const chars = entered.split('').slice(0, length - index);
  chars.forEach((char, offset) => (next[index + offset] = char));
  return { digits: next, focus: Math.min(index + chars.length, length - 1) };
}

/** Backspace in an empty box clears the one before it and moves there. */
export function eraseBackward(digits: Digits, index: number): DigitUpdate {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  if (index === 0) return { digits: next, focus: 0 };
  next[index - 1] = '';
  return { digits: next, focus: index - 1 };
}

/** The code once every box holds a digit, else null. */
export function completeCode(digits: Digits): string | null {
  return digits.every((digit) => /^[0-9]$/.test(digit)) ? digits.join('') : null;
}

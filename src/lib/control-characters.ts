import * as z from 'zod/mini';

/**
 * Text we store or search may not hold control characters: PostgreSQL refuses NUL outright (a 500
 * if it reached SQL), and the others (escape, backspace, bell…) only ever arrive by mistake or to
 * hide something from the person reading. Tab and line breaks are text; `\r` counts as one only
 * before `\n` (a Windows line break), since a lone carriage return can overwrite a line on a terminal.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * What a one-line text (a person's name, a role's name) may not hold, beyond the above: any
 * control character including tab and line breaks (U+0085 is one), the line and paragraph
 * separators (U+2028, U+2029), and the bidirectional embeddings, overrides and isolates, which
 * reorder what is read. A name is printed into mails, lists and audit rows: one that broke the
 * line there could pass for the message's own text ("Your sign-in code is…").
 */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069]/u;

export function isOneLine(text: string): boolean {
  return !NOT_ONE_LINE.test(text);
}

/** The zod check of a one-line field; its message is the catalogue's `validation.oneLine`. */
export const oneLine = () => z.refine<string>(isOneLine, 'validation.oneLine');

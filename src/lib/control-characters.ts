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

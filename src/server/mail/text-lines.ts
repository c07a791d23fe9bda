/**
 * Every line break a mail reader, a terminal or a log shipper may honour: CR alone (which sends a
 * terminal back to the start of the line, over what was printed), LF, CRLF, vertical tab, form
 * feed, NEL and the Unicode line and paragraph separators.
 */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;

/** Control characters that are not line breaks (tab excepted): ESC starts terminal sequences. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;

/** The lines of a text, however they are broken. */
export function splitLines(text: string): string[] {
  return text.split(LINE_BREAK);
}

/** A value that must stay on one line (a subject, a name): its line breaks become spaces. */
export function oneLine(text: string): string {
  return splitLines(text).join(' ');
}

/** `> ` before every line of someone's text, as mail programs quote it. */
export function quoteLines(text: string): string[] {
  return splitLines(text).map((line) => `> ${line}`.trimEnd());
}

/** A line as it may be printed: control characters shown as `\u001b`, never acted on. */
export function printable(line: string): string {
  return line.replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

import * as z from 'zod/mini';

/**
 * The title and message counters. Counted as the server counts (UTF-16 code units of the text as
 * typed, `text.length`), so "0 left" here is exactly where the endpoint starts refusing.
 */
export interface CharacterCount {
  used: number;
  left: number;
  over: boolean;
}

export function characterCount(text: string, max: number): CharacterCount {
  const used = text.length;
  return { used, left: Math.max(0, max - used), over: used > max };
}

/**
 * The endpoint's side of the same count, for the fields with a counter: refused past `max` with
 * the issue zod's `maxLength` gives. Not `maxLength` itself: since zod 4.6 it counts code points
 * (an emoji is one, not two), and the counter would then say "over" for text the endpoint takes.
 */
export const withinCount = (max: number) =>
  z.superRefine<string>((text, ctx) => {
    if (characterCount(text, max).over) {
      ctx.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: text });
    }
  });

/**
 * The title and message counters. Counted as the server's zod `max` counts (UTF-16 code units of
 * the text as typed), so "0 left" here is exactly where the endpoint starts refusing.
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

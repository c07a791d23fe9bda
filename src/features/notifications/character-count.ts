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

/**
 * Whether the polite announcement should speak now: when typing pauses, and at once when the
 * text reaches the last tenth or the limit, where the number starts to matter.
 */
export function isNearLimit(count: CharacterCount, max: number): boolean {
  return count.over || count.left <= Math.ceil(max / 10);
}

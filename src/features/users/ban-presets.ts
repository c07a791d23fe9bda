/** The ban dialog's lengths (issue 41): five durations, for good, or until a date and time. */
export const BAN_PRESETS = ['1h', '24h', '3d', '7d', '30d', 'permanent', 'date'] as const;
export type BanPreset = (typeof BAN_PRESETS)[number];

const HOUR = 3_600_000;
const LENGTHS: Partial<Record<BanPreset, number>> = {
  '1h': HOUR,
  '24h': 24 * HOUR,
  '3d': 72 * HOUR,
  '7d': 168 * HOUR,
  '30d': 720 * HOUR,
};

/**
 * When a ban chosen now ends: a Date, null for permanent, undefined while "a date" has none (or
 * one that is not a time). `date` is a `datetime-local` value, read in the browser's time zone.
 */
export function banEnd(preset: BanPreset, date: string, now: Date): Date | null | undefined {
  if (preset === 'permanent') return null;
  if (preset === 'date') {
    const at = date ? new Date(date) : null;
    return at && !Number.isNaN(at.getTime()) ? at : undefined;
  }
  return new Date(now.getTime() + LENGTHS[preset]!);
}

/**
 * Where focus goes inside an open menu for a key (WAI-ARIA menu pattern): arrows move and wrap,
 * Home and End jump. `null` for keys the menu leaves alone.
 */
export function menuKeyTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return count - 1;
    default:
      return null;
  }
}

import type { Locale } from '../../i18n/locales';
import { formatNumber } from '../../lib/format';
import type { TopPuzzle } from './dashboard-input';
import type { DashboardLabels } from './dashboard-labels';

interface Props {
  puzzles: TopPuzzle[];
  locale: Locale;
  labels: DashboardLabels;
}

/** The most played puzzles as bars, and as a table for screen readers; drawn on the server only. */
export default function DashboardTopPuzzles({ puzzles, locale, labels }: Props) {
  const { words } = labels;
  if (puzzles.length === 0) {
    return (
      <p className="text-body-secondary mb-0" data-series="top_puzzles">
        {words.noTopPuzzles}
      </p>
    );
  }
  const most = Math.max(1, ...puzzles.map((puzzle) => puzzle.plays));
  return (
    <>
      {/* Bars drawn as SVG attributes, not inline styles: the page's CSP allows no style attributes. */}
      <ol className="dashboard-top list-unstyled mb-0" aria-hidden="true">
        {puzzles.map((puzzle) => (
          <li key={puzzle.id}>
            <span className="dashboard-top-title">{puzzle.title}</span>
            <svg className="dashboard-top-bar" viewBox="0 0 100 10" preserveAspectRatio="none">
              <rect width={(100 * puzzle.plays) / most} height="10" rx="2" />
            </svg>
            <span className="dashboard-top-plays">{formatNumber(puzzle.plays, locale)}</span>
          </li>
        ))}
      </ol>
      <table className="visually-hidden" data-series="top_puzzles">
        <caption>{words.topPuzzles}</caption>
        <thead>
          <tr>
            <th scope="col">{words.puzzle}</th>
            <th scope="col">{words.plays}</th>
            <th scope="col">{words.previous}</th>
          </tr>
        </thead>
        <tbody>
          {puzzles.map((puzzle) => (
            <tr key={puzzle.id} data-puzzle={puzzle.id}>
              <th scope="row">{puzzle.title}</th>
              <td data-value={puzzle.plays}>{formatNumber(puzzle.plays, locale)}</td>
              <td data-value={puzzle.previous}>{formatNumber(puzzle.previous, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

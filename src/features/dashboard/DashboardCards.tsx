import type { Locale } from '../../i18n/locales';
import { formatNumber } from '../../lib/format';
import { DASHBOARD_CARDS } from './dashboard-cards';
import type { DashboardData } from './dashboard-input';
import { describeChange, type DashboardLabels } from './dashboard-labels';

interface Props {
  counts: DashboardData['counts'];
  locale: Locale;
  labels: DashboardLabels;
}

/** The count cards, drawn on the server only: each a link to what it counts. */
export default function DashboardCards({ counts, locale, labels }: Props) {
  return (
    <ul className="dashboard-cards list-unstyled" aria-label={labels.words.cards}>
      {DASHBOARD_CARDS.map(({ count, href }) => {
        const figure = counts[count];
        const change = describeChange(labels.words, locale, figure);
        return (
          <li key={count}>
            <a
              className="card dashboard-card"
              href={href}
              data-count={count}
              data-value={figure.value}
              data-previous={figure.previous}
            >
              <span className="dashboard-card-label">{labels.cards[count]}</span>{' '}
              <span className="dashboard-card-value">{formatNumber(figure.value, locale)}</span>{' '}
              <span className={`dashboard-change dashboard-change-${change.direction}`}>
                <span aria-hidden="true">{change.visible}</span>{' '}
                <span className="visually-hidden">{change.spoken}</span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

import { IconChevronDown, IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { barEntries, HORIZONTAL_MAX_ITEMS, splitBar } from './menu-bar';
import { DisabledEntry, EntryContent, LinkEntry, type Translate } from './MenuEntryParts';
import { findActivePath, type MenuItem } from './menu-items';

/**
 * The horizontal menu bar (`<html data-layout="horizontal">` from `lg` up). Server HTML only: each
 * dropdown is a `<details>` disclosure, so it opens and closes by mouse and keyboard without
 * JavaScript; menu-bar-dropdowns.ts adds Escape, click-outside and one-open-at-a-time.
 */
export interface MenuBarProps {
  items: readonly MenuItem[];
  pathname: string;
  label: Translate;
  /** Entries beyond this count go into "More items". */
  max?: number;
}

interface PanelProps {
  items: readonly MenuItem[];
  active: ReadonlySet<string>;
  label: Translate;
  labelledBy?: string;
}

/** A dropdown's contents: links, and nested sections as a titled sub-list (no dropdown in a dropdown). */
function PanelList({ items, active, label, labelledBy }: PanelProps) {
  return (
    <ul className="app-menu-list" aria-labelledby={labelledBy}>
      {items.map((item, index) => {
        if (item.type === 'item') {
          return (
            <li key={item.id ?? index}>
              <LinkEntry item={item} active={active} label={label} />
            </li>
          );
        }
        if (item.type !== 'group' && item.type !== 'collapse') {
          return (
            <li key={index} className="app-menu-error">
              {label('menu.error')}
            </li>
          );
        }
        const headingId = `menubar-heading-${item.id}`;
        return (
          <li key={item.id} className="app-menubar-section">
            <p className="app-menu-heading" id={headingId}>
              {label(item.titleKey)}
            </p>
            {item.disabled ? null : (
              <PanelList items={item.children} active={active} label={label} labelledBy={headingId} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

interface DropdownProps {
  summary: ReactNode;
  /** Holds the current page: marked visually and announced as the current section. */
  current: boolean;
  className?: string;
  children: ReactNode;
}

function Dropdown({ summary, current, className = '', children }: DropdownProps) {
  return (
    // `name` makes the dropdowns exclusive in browsers that support it, even without our script.
    <details className={`app-menubar-dropdown ${className}`.trim()} name="app-menubar">
      <summary
        className={current ? 'app-menu-link has-active' : 'app-menu-link'}
        aria-current={current ? 'true' : undefined}
      >
        {summary}
        <IconChevronDown className="app-menu-chevron" size={16} aria-hidden="true" />
      </summary>
      <div className="app-menubar-panel">{children}</div>
    </details>
  );
}

function BarEntry({
  item,
  active,
  label,
}: {
  item: MenuItem;
  active: ReadonlySet<string>;
  label: Translate;
}) {
  switch (item.type) {
    case 'item':
      return <LinkEntry item={item} active={active} label={label} />;
    case 'group':
    case 'collapse':
      if (item.disabled) return <DisabledEntry item={item} label={label} />;
      return (
        <Dropdown summary={<EntryContent item={item} label={label} />} current={active.has(item.id)}>
          <PanelList items={item.children} active={active} label={label} />
        </Dropdown>
      );
    default:
      return <span className="app-menu-error">{label('menu.error')}</span>;
  }
}

export default function MenuBar({ items, pathname, label, max = HORIZONTAL_MAX_ITEMS }: MenuBarProps) {
  const active = new Set(findActivePath(items, pathname));
  const { shown, more } = splitBar(barEntries(items), max);
  return (
    <nav className="app-menubar" aria-label={label('menu.label')}>
      <ul className="app-menubar-list">
        {shown.map((item, index) => (
          <li key={item.id ?? index}>
            <BarEntry item={item} active={active} label={label} />
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <Dropdown
              className="app-menubar-more"
              current={more.some((item) => active.has(item.id))}
              summary={
                <>
                  <IconDots className="app-menu-icon" size={20} stroke={1.5} aria-hidden="true" />
                  <span className="app-menu-title">{label('menu.moreItems')}</span>
                </>
              }
            >
              <PanelList items={more} active={active} label={label} />
            </Dropdown>
          </li>
        )}
      </ul>
    </nav>
  );
}

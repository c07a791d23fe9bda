import type { Page } from 'playwright-core';

/** Bootstrap's own blue and pink: a screen showing either has something the theme never reached. */
export const UNTHEMED_COLOURS = { '#0d6efd': [13, 110, 253], '#d63384': [214, 51, 132] } as const;

/**
 * How far the page may scroll below the last thing it shows: the content box's bottom padding and
 * margins, not a hidden element's empty layout box (the dashboard's screen-reader tables once added
 * 1,600 px).
 */
export const BOTTOM_SLACK = 160;

interface LayoutOptions {
  /** Whether each list row's actions must be on screen (from 1024 px; phones get the card layout). */
  actionsInView: boolean;
  /**
   * Whether to look for unthemed colours: a width changes no colour, so once per page and look is
   * enough (it reads every element's computed style, the check's costliest part).
   */
  colours: boolean;
}

/**
 * What is wrong with the page's layout as drawn now, one line each: a page that scrolls sideways,
 * a table header cut short, a row action outside what the viewport and its scrolling boxes show, a
 * word in a list broken across lines, a colour the theme did not set, or a scroll height running
 * past the content.
 */
export function layoutFindings(page: Page, options: LayoutOptions): Promise<string[]> {
  return page.evaluate(
    ({ actionsInView, colours, unthemed, slack }) => {
      const found: string[] = [];
      const root = document.documentElement;
      // Drawn for the eye: not hidden, and not clipped to a point for screen readers only.
      const clipped = new Map<Element, boolean>();
      const clippedAway = (element: Element | null): boolean => {
        if (!element) return false;
        let answer = clipped.get(element);
        if (answer === undefined) {
          const style = getComputedStyle(element);
          const clips = style.clip !== 'auto' || style.clipPath !== 'none';
          answer =
            (clips && element.getBoundingClientRect().width <= 1) || clippedAway(element.parentElement);
          clipped.set(element, answer);
        }
        return answer;
      };
      const shown = (element: Element) =>
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !clippedAway(element);
      const name = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '')
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 40)}"`;

      if (root.scrollWidth > root.clientWidth) found.push(`scrolls sideways: ${root.scrollWidth} px`);

      for (const header of document.querySelectorAll('th')) {
        if (!shown(header)) continue;
        for (const part of [header, ...header.querySelectorAll('*')]) {
          // A row's name cut with "…" on purpose (CellText): its whole text is its title.
          if (!shown(part) || part.classList.contains('app-list-ellipsis')) continue;
          if (part.scrollWidth > part.clientWidth + 1 && getComputedStyle(part).overflowX !== 'visible') {
            found.push(`header clipped: ${name(header)}`);
            break;
          }
        }
      }

      if (actionsInView) {
        for (const action of document.querySelectorAll('td[data-column="actions"] :is(button, a)')) {
          if (!shown(action)) continue;
          // What the viewport shows, cut by every box that clips its overflow.
          let { left, right } = action.getBoundingClientRect();
          let [from, to] = [0, root.clientWidth];
          for (let box = action.parentElement; box; box = box.parentElement) {
            if (getComputedStyle(box).overflowX === 'visible') continue;
            const rect = box.getBoundingClientRect();
            [from, to] = [Math.max(from, rect.left), Math.min(to, rect.right)];
          }
          [left, right] = [Math.round(left), Math.round(right)];
          if (left < Math.floor(from) || right > Math.ceil(to))
            found.push(`action out of view: ${name(action)}`);
        }
      }

      // A word in a list cell stays on one line: text wraps between words (and an address at its
      // dots and "@", each piece its own text node), so a table short of width cannot squeeze a
      // column down to a few letters. A hyphen is a break point of its own.
      for (const cell of document.querySelectorAll('.app-list-table tbody :is(td, th)')) {
        if (!shown(cell)) continue;
        const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        while (texts.nextNode()) {
          const node = texts.currentNode as Text;
          if (!node.parentElement || !shown(node.parentElement)) continue;
          const content = node.data;
          for (const word of content.matchAll(/[^\s-]+-?/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom)));
            if (lines.size > 1) found.push(`word broken mid-word: ${name(cell)} at "${word[0]}"`);
          }
        }
      }

      // A date reads in its own order in a right-to-left layout too: its first character drawn
      // before its last ("25 nov. 2026, 13:32", not "nov. 2026, 13:32 25"). All four languages
      // write dates left to right.
      for (const time of document.querySelectorAll('.app-list-table tbody time')) {
        const text = time.firstChild;
        if (!shown(time) || !(text instanceof Text) || text.data.trim().length < 2) continue;
        const at = (index: number) => {
          const range = document.createRange();
          range.setStart(text, index);
          range.setEnd(text, index + 1);
          return range.getBoundingClientRect();
        };
        const [first, last] = [at(text.data.search(/\S/)), at(text.data.trimEnd().length - 1)];
        const sameLine = Math.abs(first.top - last.top) < first.height / 2;
        if (sameLine ? first.left > last.left : first.top > last.top)
          found.push(`date out of its reading order: ${name(time)}`);
      }

      const rgb = (value: string) =>
        value
          .match(/\d+(\.\d+)?/g)
          ?.slice(0, 3)
          .map(Number)
          .join(',');
      const banned = new Map(Object.entries(unthemed).map(([hex, parts]) => [parts.join(','), hex]));
      if (colours) {
        for (const element of document.querySelectorAll('body *')) {
          if (!shown(element)) continue;
          const style = getComputedStyle(element);
          const painted = [style.color, style.backgroundColor, style.fill, style.stroke];
          if (style.borderStyle !== 'none') painted.push(style.borderColor);
          if (style.outlineStyle !== 'none') painted.push(style.outlineColor);
          for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) painted.push(shadow);
          for (const colour of painted) {
            const hex = colour && banned.get(rgb(colour) ?? '');
            if (hex) found.push(`unthemed ${hex}: ${name(element)}`);
          }
        }
      }

      let bottom = 0;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
      while (walker.nextNode()) {
        const element = walker.currentNode as Element;
        const leaf =
          element.matches('img, svg, canvas, input, select, textarea, button, hr') ||
          [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim(),
          );
        if (!leaf || !shown(element)) continue;
        const rect = element.getBoundingClientRect();
        if (rect.height > 1) bottom = Math.max(bottom, rect.bottom + window.scrollY);
      }
      if (root.scrollHeight > Math.max(window.innerHeight, bottom + slack)) {
        found.push(`scrolls ${Math.round(root.scrollHeight - bottom)} px past its content`);
      }
      return [...new Set(found)];
    },
    { ...options, unthemed: UNTHEMED_COLOURS, slack: BOTTOM_SLACK },
  );
}

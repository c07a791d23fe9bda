import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import EmailAddress from './EmailAddress';

describe('EmailAddress', () => {
  it('draws the address whole on one line, with the whole of it as the hover tip', () => {
    const html = renderToStaticMarkup(<EmailAddress address="mateo.hernandez.144@example.com" />);
    expect(html).toBe(
      '<span class="app-list-ellipsis" title="mateo.hernandez.144@example.com" dir="auto">mateo.hernandez.144@example.com</span>',
    );
    // No break points: an address never wraps inside its cell.
    expect(html).not.toContain('<wbr');
  });
});

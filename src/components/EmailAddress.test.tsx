import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import EmailAddress, { emailParts } from './EmailAddress';

describe('EmailAddress', () => {
  it('may break after the "@" and before each dot, and nowhere else', () => {
    expect(emailParts('karen.sharma.219@example.com')).toEqual([
      'karen',
      '.sharma',
      '.219@',
      'example',
      '.com',
    ]);
    expect(emailParts('ops@example')).toEqual(['ops@', 'example']);
    expect(emailParts('plain')).toEqual(['plain']);
  });

  it('draws the address whole, with the break points as <wbr>', () => {
    const html = renderToStaticMarkup(<EmailAddress address="a.b@c.d" />);
    expect(html).toBe('<span>a<wbr/>.b@<wbr/>c<wbr/>.d</span>');
    expect(html.replace(/<[^>]+>/g, '')).toBe('a.b@c.d');
  });
});

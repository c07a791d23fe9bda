import { describe, expect, it } from 'vitest';
import { sanitizeCmsHtml } from './sanitize';

describe('sanitizeCmsHtml', () => {
  it('keeps text structure', () => {
    const html =
      '<h2>Title</h2><p>One <strong>two</strong> <em>three</em></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote>';
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  it('drops scripts, styles and frames with their content', () => {
    const out = sanitizeCmsHtml(
      '<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.test"></iframe>',
    );
    expect(out).toBe('<p>ok</p>');
  });

  it('removes style, class and event-handler attributes', () => {
    expect(sanitizeCmsHtml('<p style="color:red" class="x" onclick="alert(1)">hi</p>')).toBe('<p>hi</p>');
  });

  it('allows only http, https and mailto links, always with rel=noopener', () => {
    expect(sanitizeCmsHtml('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeCmsHtml('<a href="mailto:help@example.org">m</a>')).toContain(
      'href="mailto:help@example.org"',
    );
    expect(sanitizeCmsHtml('<a href="javascript:alert(1)">j</a>')).not.toContain('javascript');
    expect(sanitizeCmsHtml('<a href="data:text/html,x">d</a>')).not.toContain('data:');
    expect(sanitizeCmsHtml('<a href="//evil.test/">p</a>')).not.toContain('evil.test');
  });

  it('demotes h1 (the page title is the only h1) and drops images', () => {
    expect(sanitizeCmsHtml('<h1>Big</h1><img src="https://x.test/a.png" alt="a">')).toBe('<h2>Big</h2>');
  });
});

describe('sanitizeCmsHtml: the editor and tables', () => {
  it('keeps underline, tables and sane cell spans; drops colgroup, spans, classes and styles', () => {
    const out = sanitizeCmsHtml(
      '<table class="t"><colgroup><col></colgroup><tbody><tr><th colspan="2" style="x">H</th></tr>' +
        '<tr><td rowspan="-1">a</td><td colspan="3">b</td></tr></tbody></table>' +
        '<p dir="ltr"><u><span style="white-space: pre-wrap;">u</span></u></p>',
    );
    expect(out).toBe(
      '<table><tbody><tr><th colspan="2">H</th></tr><tr><td>a</td><td colspan="3">b</td></tr></tbody></table>' +
        '<p><u>u</u></p>',
    );
  });

  it('drops id, name, forms and their fields, and frames with their fallback text', () => {
    expect(
      sanitizeCmsHtml(
        '<p id="x" name="y">t</p><form action="/x"><input name="q"><button>go</button></form><noscript>n</noscript>',
      ),
    ).toBe('<p>t</p>go');
  });
});

describe('sanitizeCmsHtml: link addresses', () => {
  it('drops the address of a link that is not a real one, keeping its words', () => {
    for (const href of [
      'https://',
      'http://',
      'https://exa mple.org',
      'mailto:',
      'about',
      '#top',
      '/\\evil.test',
    ])
      expect(sanitizeCmsHtml(`<p><a href="${href}">words</a></p>`), href).toBe('<p><a>words</a></p>');
  });

  it('closes a real link after a refused one as a link', () => {
    expect(sanitizeCmsHtml('<p><a href="https://">bad</a> <a href="https://example.com">ok</a></p>')).toBe(
      '<p><a>bad</a> <a href="https://example.com" rel="noopener noreferrer">ok</a></p>',
    );
  });

  it('keeps web addresses with a host, mail addresses and paths on this site', () => {
    for (const href of [
      'https://example.org/a?b=1#c',
      'http://example.org',
      'mailto:help@example.org',
      '/about',
    ])
      expect(sanitizeCmsHtml(`<a href="${href}">x</a>`), href).toBe(
        `<a href="${href.replace('&', '&amp;')}" rel="noopener noreferrer">x</a>`,
      );
  });
});

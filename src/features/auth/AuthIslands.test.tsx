import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n';
import CodeForm, { codeLabelKeys } from './CodeForm';
import { translate } from '../../lib/labels';
import LoginForm, { loginLabelKeys } from './LoginForm';
import LogoutButton, { logoutLabelKeys } from './LogoutButton';

const t = getT('en');
const tags = (html: string, tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? [];

describe('the sign-in islands, as the server renders them', () => {
  it('renders the login form as a POST (a click before hydration never puts the password in a URL)', () => {
    const html = renderToStaticMarkup(<LoginForm labels={translate(t, loginLabelKeys)} />);
    expect(tags(html, 'form')[0]).toContain('method="post"');
    expect(html).toMatch(/autocomplete="current-password"/i);
    const toggle = tags(html, 'button').find((button) => button.includes('aria-pressed'));
    expect(toggle).toContain('aria-pressed="false"');
    expect(toggle).toContain('aria-label="Show password"');
    expect(html).not.toContain('style=');
  });

  it('renders six labelled digit boxes in a fieldset, one-time-code on the first', () => {
    const html = renderToStaticMarkup(
      <CodeForm purpose="login" lang="en" labels={translate(t, codeLabelKeys)} />,
    );
    const inputs = tags(html, 'input');
    expect(inputs).toHaveLength(6);
    expect(inputs[0]).toMatch(/autocomplete="one-time-code"/i);
    expect(inputs.slice(1).every((input) => /autocomplete="off"/i.test(input))).toBe(true);
    expect(inputs.every((input) => /inputmode="numeric"/i.test(input))).toBe(true);
    expect(inputs[2]).toContain('aria-label="Digit 3 of 6"');
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Verification code<\/legend>/);
    expect(html).not.toContain('style=');
  });

  it('keeps the logout form as the fallback without JavaScript', () => {
    const html = renderToStaticMarkup(<LogoutButton labels={translate(t, logoutLabelKeys)} />);
    expect(tags(html, 'form')[0]).toContain('action="/api/admin/logout"');
    expect(tags(html, 'form')[0]).toContain('method="post"');
    expect(html).toContain('Logout');
  });
});

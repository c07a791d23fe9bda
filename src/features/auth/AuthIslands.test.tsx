import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n';
import CodeForm, { codeLabelKeys } from './CodeForm';
import { translate } from '../../lib/labels';
import LoginForm, { loginLabelKeys } from './LoginForm';
import ResetPasswordForm, { resetLabelKeys } from './ResetPasswordForm';

const t = getT('en');
const tags = (html: string, tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? [];
const pending = {
  email: 'o•••@example.test',
  expiresAt: '2030-01-01T14:05:00.000Z',
  expiresText: '14:05 UTC',
  resendAt: 0,
};

describe('the sign-in islands, as the server renders them (the page before and without script)', () => {
  it('renders the login form as a POST to its own page with named fields', () => {
    const html = renderToStaticMarkup(<LoginForm labels={translate(t, loginLabelKeys)} />);
    const form = tags(html, 'form')[0]!;
    expect(form).toContain('method="post"');
    expect(form).not.toContain('action=');
    expect(tags(html, 'input').map((input) => /name="(\w+)"/.exec(input)?.[1])).toEqual([
      'email',
      'password',
    ]);
    expect(html).toMatch(/autocomplete="current-password"/i);
    const toggle = tags(html, 'button').find((button) => button.includes('aria-pressed'));
    expect(toggle).toContain('aria-pressed="false"');
    expect(toggle).toContain('aria-label="Show password"');
    expect(html).not.toContain('style=');
    expect(html).not.toContain('role="alert"');
  });

  it('renders a refused post: the address kept, the error tied to its field, focus on it', () => {
    const failure = {
      status: 400,
      message: 'Check',
      fields: { email: 'Enter a valid email address.' },
      body: {},
    };
    const html = renderToStaticMarkup(
      <LoginForm labels={translate(t, loginLabelKeys)} email="owner@" failure={failure} />,
    );
    const [email, password] = tags(html, 'input');
    expect(email).toContain('value="owner@"');
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('aria-describedby="login-email-error"');
    expect(email).toContain('autofocus');
    expect(html).toContain('id="login-email-error">Enter a valid email address.<');
    expect(password).toContain('value=""');
    const wrong = renderToStaticMarkup(
      <LoginForm
        labels={translate(t, loginLabelKeys)}
        email="owner@example.test"
        failure={{ status: 401, message: 'The email or password is incorrect.', fields: {}, body: {} }}
      />,
    );
    expect(wrong).toMatch(/role="alert">The email or password is incorrect\.</);
    expect(tags(wrong, 'input')[1]).toContain('autofocus');
  });

  it('renders six labelled digit boxes named otp in a posting form, one-time-code on the first', () => {
    const html = renderToStaticMarkup(
      <CodeForm purpose="login" lang="en" labels={translate(t, codeLabelKeys)} pending={pending} />,
    );
    expect(tags(html, 'form')[0]).toContain('method="post"');
    const inputs = tags(html, 'input');
    expect(inputs).toHaveLength(6);
    expect(inputs.every((input) => input.includes('name="otp"'))).toBe(true);
    expect(inputs[0]).toMatch(/autocomplete="one-time-code"/i);
    expect(inputs[0]).toContain('autofocus');
    expect(inputs.slice(1).every((input) => /autocomplete="off"/i.test(input))).toBe(true);
    expect(inputs.every((input) => /inputmode="numeric"/i.test(input))).toBe(true);
    expect(inputs[2]).toContain('aria-label="Digit 3 of 6"');
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Verification code<\/legend>/);
    expect(html).toContain('We sent a 6-digit code to o•••@example.test.');
    expect(html).toContain('The code expires at 14:05 UTC.');
    // Verify comes first, so Enter in a box verifies; Resend is a second submit of the same form.
    const buttons = tags(html, 'button');
    expect(buttons[0]).toContain('type="submit"');
    expect(buttons[0]).not.toContain('name=');
    expect(
      ['type="submit"', 'name="intent"', 'value="resend"'].every((attr) => buttons[1]!.includes(attr)),
    ).toBe(true);
    expect(html).not.toContain('style=');
  });

  it('renders a wrong code on the boxes, and the restart state when nothing is pending', () => {
    const failure = {
      status: 400,
      message: 'Check',
      fields: { otp: 'Wrong code. Tries left: 4.' },
      body: {},
    };
    const wrong = renderToStaticMarkup(
      <CodeForm
        purpose="login"
        lang="en"
        labels={translate(t, codeLabelKeys)}
        pending={pending}
        failure={failure}
      />,
    );
    expect(tags(wrong, 'input')[0]).toContain('aria-describedby="otp-error"');
    expect(wrong).toContain(
      'id="otp-error" class="text-danger small mb-0" role="alert">Wrong code. Tries left: 4.<',
    );
    const missing = renderToStaticMarkup(
      <CodeForm purpose="login" lang="en" labels={translate(t, codeLabelKeys)} pending={null} />,
    );
    expect(tags(missing, 'input')).toHaveLength(0);
    expect(missing).toContain(t('code.missingLogin'));
    expect(missing).toContain('href="/"');
    const over = renderToStaticMarkup(
      <CodeForm
        purpose="reset"
        lang="en"
        labels={translate(t, codeLabelKeys)}
        pending={null}
        over="Too many."
      />,
    );
    expect(over).toContain('alert-danger');
    expect(over).toContain('Too many.');
    expect(over).toContain('href="/forgot-password"');
  });

  it('renders the reset form without its token', () => {
    const reset = renderToStaticMarkup(
      <ResetPasswordForm labels={translate(t, resetLabelKeys)} ready email="owner@example.test" />,
    );
    expect(tags(reset, 'input').map((input) => /name="(\w+)"/.exec(input)?.[1])).toEqual([
      'username',
      'password',
      'confirm',
    ]);
    expect(reset).not.toMatch(/token/i);
    expect(
      renderToStaticMarkup(<ResetPasswordForm labels={translate(t, resetLabelKeys)} ready={false} />),
    ).toContain(t('reset.noToken'));
  });
});

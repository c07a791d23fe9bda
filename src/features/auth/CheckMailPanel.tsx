import { useEffect, useState } from 'react';
import { loadChallenge, resendCode, type Challenge } from './code-flow';
import { fill, type Labels } from '../../lib/labels';
import { maskEmail } from './mask-email';
import ResendButton, { resendLabelKeys } from './ResendButton';

export const checkMailLabelKeys = {
  ...resendLabelKeys,
  sentTo: 'checkMail.sentTo',
  sentGeneric: 'checkMail.sentGeneric',
  enterCode: 'checkMail.enterCode',
  resent: 'auth.otp.resent',
  unreachable: 'api.error.unreachable',
} as const;

/** "Check your mail": which address (masked), a resend with its cooldown, and the way to the code step. */
export default function CheckMailPanel({ labels }: { labels: Labels<typeof checkMailLabelKeys> }) {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  useEffect(() => setChallenge(loadChallenge('reset')), []);

  async function resend(): Promise<string> {
    if (!challenge) return '';
    const outcome = await resendCode(challenge, labels.unreachable);
    if (outcome.kind === 'sent' || outcome.kind === 'wait')
      setChallenge({ ...challenge, resendAt: outcome.resendAt });
    return outcome.kind === 'sent' ? labels.resent : outcome.message;
  }

  return (
    <div className="d-grid gap-3">
      <p className="mb-0">
        {challenge ? fill(labels.sentTo, { email: maskEmail(challenge.email) }) : labels.sentGeneric}
      </p>
      <a className="btn btn-primary btn-lg" href="/code-verification?purpose=reset">
        {labels.enterCode}
      </a>
      {challenge && <ResendButton until={challenge.resendAt} onResend={resend} labels={labels} />}
    </div>
  );
}

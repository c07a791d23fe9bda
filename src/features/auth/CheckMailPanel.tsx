import { useState } from 'react';
import { resendCode } from './code-flow';
import { fill, type Labels } from '../../lib/labels';
import ResendButton, { resendLabelKeys } from './ResendButton';

export const checkMailLabelKeys = {
  ...resendLabelKeys,
  sentTo: 'checkMail.sentTo',
  sentGeneric: 'checkMail.sentGeneric',
  enterCode: 'checkMail.enterCode',
  resent: 'auth.otp.resent',
  unreachable: 'api.error.unreachable',
} as const;

interface Props {
  labels: Labels<typeof checkMailLabelKeys>;
  /** The reset this browser asked for (address masked by the server); null: none. */
  pending: { email: string; resendAt: number } | null;
  /** What became of a resend the page's form post asked for. */
  notice?: string | undefined;
}

/**
 * "Check your mail": which address (masked), a resend with its cooldown, and the way to the code
 * step. The resend is a form post to this page until the island loads.
 */
export default function CheckMailPanel({ labels, pending, notice }: Props) {
  const [resendAt, setResendAt] = useState(pending?.resendAt ?? 0);

  async function resend(): Promise<string> {
    const outcome = await resendCode('reset', labels.unreachable);
    if (outcome.kind === 'sent' || outcome.kind === 'wait') setResendAt(outcome.resendAt);
    return outcome.kind === 'sent' ? labels.resent : outcome.message;
  }

  return (
    <form method="post" className="d-grid gap-3">
      <p className="mb-0">{pending ? fill(labels.sentTo, { email: pending.email }) : labels.sentGeneric}</p>
      <a className="btn btn-primary btn-lg" href="/code-verification?purpose=reset">
        {labels.enterCode}
      </a>
      {pending && <ResendButton until={resendAt} onResend={resend} notice={notice} labels={labels} />}
    </form>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import type { SecurityLabels } from './mfa-labels';

/** New recovery codes, shown once: a copy button and a .txt download beside them. */
export default function RecoveryCodesShown({
  codes,
  labels,
  onDone,
}: {
  codes: string[];
  labels: SecurityLabels;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const href = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`, [text]);
  return (
    <Alert variant="warning" className="mt-3" data-recovery-codes>
      <p className="mb-2">{labels.recoveryShown}</p>
      <ol className="recovery-codes font-monospace mb-3" dir="ltr">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
        >
          {copied ? labels.recoveryCopied : labels.recoveryCopy}
        </Button>
        <a className="btn btn-outline-secondary btn-sm" href={href} download="recovery-codes.txt">
          {labels.recoveryDownload}
        </a>
        <Button variant="primary" size="sm" onClick={onDone}>
          {labels.recoveryDone}
        </Button>
      </div>
    </Alert>
  );
}

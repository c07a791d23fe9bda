import { useEffect, useState } from 'react';
import { loadScorer, type Score } from './password-strength';

interface Props {
  id: string;
  password: string;
  /** Words the person is likely to use (the email's local part), which make a password weaker. */
  personal: string[];
  label: string;
  /** Score 0 to 4 → its word ("Very weak" … "Very strong"). */
  levels: readonly [string, string, string, string, string];
}

/** A 0–4 meter with its word; nothing (and nothing loaded) until there is a password to rate. */
export default function PasswordStrength({ id, password, personal, label, levels }: Props) {
  const [score, setScore] = useState<Score | null>(null);
  const personalKey = personal.join('\n');

  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let current = true;
    loadScorer()
      .then((scorer) => current && setScore(scorer(password, personalKey.split('\n'))))
      .catch(() => current && setScore(null));
    return () => {
      current = false;
    };
  }, [password, personalKey]);

  if (score === null) return null;
  return (
    <div className="app-strength d-flex align-items-center gap-2 small">
      <label htmlFor={id} className="text-body-secondary">
        {label}
      </label>
      <meter id={id} className="flex-grow-1" min={0} max={4} low={2} high={3} optimum={4} value={score} />
      <span id={`${id}-text`}>{levels[score]}</span>
    </div>
  );
}

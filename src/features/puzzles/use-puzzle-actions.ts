import { useState } from 'react';
import type { ConfirmDialogProps } from '../../components/ConfirmDialog';
import { describeFailure } from '../../lib/api-failure';
import { fill } from '../../lib/labels';
import { showSnackbar } from '../../stores/snackbar';
import type { PuzzleRow } from '../../shared/puzzles/puzzle-input';
import { archivePuzzle, deletePuzzle } from './puzzles-api';
import type { PuzzlesScreenLabels } from './puzzles-labels';

type Step = { puzzle: PuzzleRow; kind: 'delete' | 'archive'; reason?: string };

/**
 * Delete asks first. A puzzle the list shows as played is not offered a delete that must fail:
 * the question says how many plays it has and offers to archive it. One played since the list
 * was read is refused by the server (409) with its reason, and the same dialog then offers the
 * archive.
 */
export function usePuzzleActions(labels: PuzzlesScreenLabels, onDone: () => void) {
  const words = labels.puzzles;
  const [step, setStep] = useState<Step | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setStep(null);
    setError(null);
  };

  async function confirm() {
    if (!step) return;
    try {
      const message =
        step.kind === 'delete' ? await deletePuzzle(step.puzzle.id) : await archivePuzzle(step.puzzle.id);
      close();
      showSnackbar({ message, severity: 'success' });
      onDone();
    } catch (failure) {
      const { status, message } = describeFailure(failure, labels.form.unreachable);
      if (step.kind === 'delete' && status === 409) {
        setError(null);
        setStep({ puzzle: step.puzzle, kind: 'archive', reason: message });
        return;
      }
      setError(message);
      throw failure;
    }
  }

  const name = step?.puzzle.title ?? '';
  const dialog: ConfirmDialogProps = {
    show: step !== null,
    title: step?.kind === 'archive' ? words.archiveTitle : words.deleteTitle,
    message: step?.kind === 'archive' ? (step.reason ?? '') : fill(words.deleteMessage, { name }),
    confirmLabel: step?.kind === 'archive' ? fill(words.archive, { name }) : words.deleteVerb,
    danger: step?.kind !== 'archive',
    labels: labels.confirm,
    onConfirm: confirm,
    onCancel: close,
    error,
  };
  function ask(puzzle: PuzzleRow) {
    setStep(
      puzzle.plays > 0
        ? { puzzle, kind: 'archive', reason: fill(words.played, { number: puzzle.plays }) }
        : { puzzle, kind: 'delete' },
    );
  }
  return { ask, dialog };
}

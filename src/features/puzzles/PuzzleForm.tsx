import EntityFormModal from '../../components/EntityFormModal';
import FormField from '../../components/FormField';
import { describeIssue } from '../../lib/form-errors';
import { fill } from '../../lib/labels';
import type { Issue } from '../../lib/zod-issues';
import ContentField from './ContentField';
import './puzzles.scss';
import {
  contentErrors,
  contentProblems,
  PUZZLE_DIFFICULTIES,
  PUZZLE_STATUSES,
  PuzzleInput,
  UpdatePuzzleInput,
  type PuzzleDetail,
  type PuzzleRow,
} from '../../shared/puzzles/puzzle-input';
import { savePuzzle } from './puzzles-api';
import type { PuzzlesScreenLabels } from './puzzles-labels';
import EntityHistory from '../audit/EntityHistory';
import type { EntityHistoryLabels } from '../audit/audit-labels';
import type { Locale } from '../../i18n/locales';
import { auditTarget } from '../../shared/audit/vocabulary';

interface PuzzleFormProps {
  show: boolean;
  /** The puzzle to edit, with its content; null adds one. */
  puzzle: PuzzleDetail | null;
  labels: PuzzlesScreenLabels;
  locale: Locale;
  /** The history panel's words, for an admin who may read the audit trail. */
  history: EntityHistoryLabels | null;
  onSaved: (saved: { puzzle: PuzzleRow; message: string }) => void;
  onHide: () => void;
}

const STARTER = `{
  "type": "quiz",
  "instructions": "",
  "questions": [
    { "question": "", "choices": ["", ""], "answer": 0 }
  ]
}`;

/** Add and Edit share this form; the content is checked in the browser as the server checks it. */
export default function PuzzleForm(props: PuzzleFormProps) {
  const { show, puzzle, labels, locale, history, onSaved, onHide } = props;
  const words = labels.puzzles;
  const describe = (issue: Issue) => {
    const own = labels.issues[issue.message as keyof typeof labels.issues];
    return own ?? describeIssue(issue, labels.validation);
  };
  const checkContent = (data: FormData) => {
    const text = String(data.get('content') ?? '');
    if (!text) return {};
    return contentErrors(contentProblems(text), {
      syntax: (line, column) => fill(words.syntax, { line, column }),
      issue: describe,
      atLine: (line, message) => fill(words.atLine, { line, message }),
    });
  };
  return (
    <EntityFormModal
      key={puzzle?.id ?? 'new'}
      show={show}
      size="lg"
      title={puzzle ? words.editTitle : words.add}
      submitLabel={puzzle ? words.save : words.add}
      schema={puzzle ? UpdatePuzzleInput : PuzzleInput}
      labels={labels.form}
      validation={labels.validation}
      save={savePuzzle}
      extraCheck={checkContent}
      onSaved={onSaved}
      onHide={onHide}
    >
      {puzzle && <input type="hidden" name="id" value={puzzle.id} />}
      <FormField
        name="title"
        label={words.titleField}
        autoComplete="off"
        defaultValue={puzzle?.title}
        required
      />
      <div className="row g-0 gap-sm-3 flex-sm-nowrap">
        <div className="col-sm">
          <FormField
            name="category"
            label={words.categoryField}
            autoComplete="off"
            defaultValue={puzzle?.category}
            required
          />
        </div>
        <div className="col-sm">
          <FormField
            name="difficulty"
            label={words.difficultyField}
            defaultValue={puzzle?.difficulty ?? 'easy'}
            options={PUZZLE_DIFFICULTIES.map((value) => ({ value, label: words[value] }))}
          />
        </div>
        <div className="col-sm">
          <FormField
            name="status"
            label={words.statusField}
            defaultValue={puzzle?.status ?? 'draft'}
            options={PUZZLE_STATUSES.map((value) => ({ value, label: words[value] }))}
          />
        </div>
      </div>
      <ContentField defaultValue={puzzle?.content ?? STARTER} labels={words} />
      {puzzle && history && (
        <EntityHistory target={auditTarget('puzzles', puzzle.id)} locale={locale} labels={history} />
      )}
    </EntityFormModal>
  );
}

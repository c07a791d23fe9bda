import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';

/** The /puzzles screen's own words; the kit's come from its components' key maps. */
export const puzzlesLabelKeys = {
  caption: 'puzzles.caption',
  empty: 'puzzles.empty',
  emptyAdd: 'puzzles.emptyAdd',
  search: 'puzzles.search',
  categoryFilter: 'puzzles.filter.category',
  difficultyFilter: 'puzzles.filter.difficulty',
  statusFilter: 'puzzles.filter.status',
  allCategories: 'puzzles.filter.allCategories',
  allDifficulties: 'puzzles.filter.allDifficulties',
  allStatuses: 'puzzles.filter.allStatuses',
  easy: 'puzzles.difficulty.easy',
  medium: 'puzzles.difficulty.medium',
  hard: 'puzzles.difficulty.hard',
  draft: 'puzzles.status.draft',
  published: 'puzzles.status.published',
  archived: 'puzzles.status.archived',
  title: 'puzzles.col.title',
  category: 'puzzles.col.category',
  difficulty: 'puzzles.col.difficulty',
  status: 'puzzles.col.status',
  plays: 'puzzles.col.plays',
  average: 'puzzles.col.average',
  created: 'puzzles.col.created',
  actions: 'puzzles.col.actions',
  add: 'puzzles.add',
  edit: 'puzzles.edit',
  remove: 'puzzles.delete',
  historyOf: 'puzzles.historyOf',
  editTitle: 'puzzles.form.editTitle',
  save: 'puzzles.form.save',
  titleField: 'puzzles.fields.title',
  categoryField: 'puzzles.fields.category',
  difficultyField: 'puzzles.fields.difficulty',
  statusField: 'puzzles.fields.status',
  contentField: 'puzzles.fields.content',
  contentHint: 'puzzles.content.hint',
  cursor: 'puzzles.content.cursor',
  syntax: 'puzzles.content.syntax',
  atLine: 'puzzles.content.atLine',
  deleteTitle: 'puzzles.confirm.deleteTitle',
  deleteMessage: 'puzzles.confirm.deleteMessage',
  deleteVerb: 'puzzles.confirm.delete',
  archiveTitle: 'puzzles.confirm.archiveTitle',
  played: 'puzzles.api.played',
  archive: 'puzzles.confirm.archive',
  listTab: 'puzzles.tabs.list',
  historyTab: 'puzzles.tabs.history',
} as const;

/** The content schema's own messages, for the browser's check of the content field. */
export const contentIssueKeys = {
  'validation.letters': 'validation.letters',
  'validation.repeatedDigit': 'validation.repeatedDigit',
  'validation.rowLength': 'validation.rowLength',
  'validation.notInGrid': 'validation.notInGrid',
  'validation.offBoard': 'validation.offBoard',
  'validation.crossing': 'validation.crossing',
  'validation.runTotals': 'validation.runTotals',
  'validation.mazeCells': 'validation.mazeCells',
  'validation.mazeEnds': 'validation.mazeEnds',
  'validation.repeated': 'validation.repeated',
  'validation.noSuchChoice': 'validation.noSuchChoice',
  'validation.contentType': 'validation.contentType',
} as const;

/** Every word the puzzles list island needs, translated on the server: one prop, no i18n in the bundle. */
export const puzzlesScreenLabels = (t: T) => ({
  puzzles: translate(t, puzzlesLabelKeys),
  issues: translate(t, contentIssueKeys),
  list: translate(t, listLabelKeys),
  confirm: translate(t, confirmLabelKeys),
  form: translate(t, entityFormLabelKeys),
  validation: translate(t, validationLabelKeys),
});

/** The game history island's words. */

export type PuzzlesScreenLabels = ReturnType<typeof puzzlesScreenLabels>;
export type PuzzleLabels = PuzzlesScreenLabels['puzzles'];

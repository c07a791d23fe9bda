import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { pagerLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';

/** The CMS editor screens' own words; the kit's come from its components' key maps. */
export const cmsLabelKeys = {
  toolbar: 'cms.editor.toolbar',
  undo: 'cms.editor.undo',
  redo: 'cms.editor.redo',
  paragraph: 'cms.editor.paragraph',
  heading: 'cms.editor.heading',
  subheading: 'cms.editor.subheading',
  quote: 'cms.editor.quote',
  bold: 'cms.editor.bold',
  italic: 'cms.editor.italic',
  underline: 'cms.editor.underline',
  bulletList: 'cms.editor.bulletList',
  numberList: 'cms.editor.numberList',
  link: 'cms.editor.link',
  table: 'cms.editor.table',
  tableTools: 'cms.editor.tableTools',
  rowAbove: 'cms.editor.rowAbove',
  rowBelow: 'cms.editor.rowBelow',
  columnBefore: 'cms.editor.columnBefore',
  columnAfter: 'cms.editor.columnAfter',
  deleteRow: 'cms.editor.deleteRow',
  deleteColumn: 'cms.editor.deleteColumn',
  deleteTable: 'cms.editor.deleteTable',
  linkUrl: 'cms.editor.linkUrl',
  linkPlaceholder: 'cms.editor.linkPlaceholder',
  linkApply: 'cms.editor.linkApply',
  linkRemove: 'cms.editor.linkRemove',
  linkInvalid: 'cms.editor.linkInvalid',
  cancel: 'confirm.cancel',
  language: 'cms.editor.language',
  title: 'cms.editor.title',
  content: 'cms.editor.content',
  effectiveDate: 'cms.editor.effectiveDate',
  effectiveHint: 'cms.editor.effectiveHint',
  save: 'cms.editor.save',
  saveDraft: 'cms.editor.saveDraft',
  actions: 'cms.editor.actions',
  discardDraft: 'cms.editor.discardDraft',
  discardTitle: 'cms.editor.discardTitle',
  discardMessage: 'cms.editor.discardMessage',
  draftBadge: 'cms.editor.draftBadge',
  draftStatus: 'cms.editor.draftStatus',
  draftStatusNoName: 'cms.editor.draftStatusNoName',
  copyEnglish: 'cms.editor.copyEnglish',
  copyTitle: 'cms.editor.copyTitle',
  copyMessage: 'cms.editor.copyMessage',
  copyNothing: 'cms.editor.copyNothing',
  preview: 'cms.editor.preview',
  previewEmpty: 'cms.editor.previewEmpty',
  lastUpdated: 'cms.editor.lastUpdated',
  lastUpdatedNoName: 'cms.editor.lastUpdatedNoName',
  notWritten: 'cms.editor.notWritten',
  blank: 'cms.editor.blank',
  unsavedTitle: 'cms.editor.unsavedTitle',
  unsavedMessage: 'cms.editor.unsavedMessage',
  leave: 'cms.editor.leave',
  revisions: 'cms.revisions.title',
  revisionsCaption: 'cms.revisions.caption',
  revisionsEmpty: 'cms.revisions.empty',
  colNumber: 'cms.revisions.col.number',
  revisionNumber: 'cms.revisions.number',
  colSaved: 'cms.revisions.col.saved',
  colAuthor: 'cms.revisions.col.author',
  colTitle: 'cms.revisions.col.title',
  colActions: 'cms.revisions.col.actions',
  view: 'cms.revisions.view',
  restoredFrom: 'cms.revisions.restoredFrom',
  formerAdmin: 'cms.revisions.formerAdmin',
  revisionOf: 'cms.revisions.revisionOf',
  diffHeading: 'cms.revisions.diffHeading',
  diffLegend: 'cms.revisions.diffLegend',
  formattedLegend: 'cms.revisions.formattedLegend',
  formatChanged: 'cms.revisions.formatChanged',
  added: 'cms.revisions.added',
  removed: 'cms.revisions.removed',
  noChanges: 'cms.revisions.noChanges',
  tooDifferent: 'cms.revisions.tooDifferent',
  revisionText: 'cms.revisions.text',
  currentText: 'cms.revisions.currentText',
  close: 'cms.revisions.close',
  restore: 'cms.revisions.restore',
  restoreTitle: 'cms.revisions.restoreTitle',
  restoreMessage: 'cms.revisions.restoreMessage',
} as const;

export type CmsLabels = Record<keyof typeof cmsLabelKeys, string>;

function build(t: T) {
  return {
    cms: translate(t, cmsLabelKeys),
    confirm: translate(t, confirmLabelKeys),
    form: translate(t, entityFormLabelKeys),
    // The revisions' pager is the only list piece here: its words alone ride in the page's HTML.
    list: translate(t, pagerLabelKeys),
    validation: translate(t, validationLabelKeys),
  };
}

export type CmsScreenLabels = ReturnType<typeof build>;

/** Every word of the editor island, per language: built once, the same for every request. */
const cache = new Map<string, CmsScreenLabels>();

export function cmsScreenLabels(locale: string, t: T): CmsScreenLabels {
  let labels = cache.get(locale);
  if (!labels) {
    labels = build(t);
    cache.set(locale, labels);
  }
  return labels;
}

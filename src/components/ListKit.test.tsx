import { IconPencil } from '@tabler/icons-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../lib/format';
import { translate } from '../lib/labels';
import { getT } from '../i18n';
import { ConfirmDialogBody, confirmLabelKeys } from './ConfirmDialog';
import { FormErrorsContext } from './form-errors-context';
import FormField from './FormField';
import ImageField, { imageFieldLabelKeys } from './ImageField';
import { listLabelKeys } from './list-labels';
import ListFilter from './ListFilter';
import ListPager from './ListPager';
import ListStatus from './ListStatus';
import ExportLink from './ExportLink';
import ListTable, { rowActions } from './ListTable';
import ListFooter from './ListFooter';
import RelativeTime from './RelativeTime';
import RowActionButton from './RowActionButton';
import type { RemoteList } from './use-remote-list';
import type { RowSelection } from './use-row-selection';

const t = getT('en');
const labels = translate(t, listLabelKeys);
const noop = () => undefined;
const tags = (html: string, tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? [];

const selection = (selected: number[], page: RowSelection['page']): RowSelection => ({
  selected: new Set(selected),
  allMatching: false,
  page,
  toggle: noop,
  togglePage: noop,
  selectAllMatching: noop,
  clear: noop,
});

describe('the list kit, as the server renders it', () => {
  const rows = [
    { id: 1, name: 'Ann' },
    { id: 2, name: 'Bob' },
  ];
  const columns = [
    {
      key: 'name',
      header: 'Name',
      rowHeader: true,
      sort: { ascending: 'name', descending: '-name' },
      cell: (row: (typeof rows)[number]) => row.name,
    },
    { key: 'id', header: 'Id', cell: (row: (typeof rows)[number]) => String(row.id) },
  ];

  it('marks the sorted column with aria-sort and makes its header a button', () => {
    const html = renderToStaticMarkup(
      <ListTable
        caption="People"
        columns={columns}
        rows={rows}
        sort="-name"
        onSort={noop}
        busy={false}
        labels={labels}
      />,
    );
    expect(tags(html, 'th')[0]).toContain('aria-sort="descending"');
    expect(tags(html, 'th')[1]).not.toContain('aria-sort');
    expect(html).toMatch(/<button type="button" class="app-list-sort">Name/);
    expect(html).toContain('<th scope="row" role="rowheader" data-column="name">Ann</th>');
    // On a phone a row is a card: each plain cell carries its column's name for its label.
    expect(html).toContain('<td role="cell" data-column="id" data-label="Id">1</td>');
    expect(html).not.toContain('style=');
  });

  it('leaves out an actions column when no row has an action left, and keeps it when one has', () => {
    const draw = (mayEdit: (row: (typeof rows)[number]) => boolean) =>
      renderToStaticMarkup(
        <ListTable
          caption="People"
          columns={[
            ...columns,
            {
              key: 'actions',
              header: 'Actions',
              hideHeader: true,
              dropWhenEmpty: true,
              cell: (row: (typeof rows)[number]) =>
                rowActions(mayEdit(row) && <button type="button">Edit {row.name}</button>, null),
            },
          ]}
          rows={rows}
          sort="name"
          onSort={noop}
          busy={false}
          labels={labels}
        />,
      );
    const none = draw(() => false);
    expect(none).not.toContain('data-column="actions"');
    expect(none).not.toContain('Actions');
    const some = draw((row) => row.id === 2);
    expect(tags(some, 'th').filter((th) => th.includes('data-column="actions"'))).toHaveLength(1);
    expect(tags(some, 'td').filter((td) => td.includes('data-column="actions"'))).toHaveLength(2);
    expect(some).toContain('<div class="app-list-actions"><button type="button">Edit Bob</button></div>');
  });

  it('keeps a row\'s first action in view and puts the others behind "⋯", named after the row', () => {
    const action = (label: string) => <RowActionButton label={label} icon={IconPencil} onClick={noop} />;
    const draw = (...actions: (ReturnType<typeof action> | false)[]) =>
      renderToStaticMarkup(
        <ListTable
          caption="People"
          columns={[
            ...columns,
            { key: 'actions', header: 'Actions', hideHeader: true, cell: () => rowActions(...actions) },
          ]}
          rows={rows.slice(0, 1)}
          sort="name"
          onSort={noop}
          busy={false}
          labels={labels}
          rowName={(row) => row.name}
        />,
      );
    const three = draw(action('Edit Ann'), action('Block Ann'), action('Delete Ann'));
    expect(three).toContain('aria-label="Edit Ann"');
    // The others wait in the menu, which is made when opened: not in the page's HTML.
    expect(three).not.toContain('Block Ann');
    expect(three).not.toContain('Delete Ann');
    expect(three).toMatch(
      /<button type="button" class="[^"]*app-row-menu-toggle" aria-label="More actions for Ann"/,
    );
    // One action: no menu. Two slots or one, the first action sits in the first (list.scss).
    const one = draw(false, action('Edit Ann'));
    expect(one).toContain('<div class="app-list-actions"><button');
    expect(one).not.toContain('app-row-menu-toggle');
  });

  it('cuts a name or address column to one line, its whole text in the tip', () => {
    const html = renderToStaticMarkup(
      <ListTable
        caption="People"
        columns={[{ ...columns[0]!, ellipsis: true }, columns[1]!]}
        rows={rows}
        sort="name"
        onSort={noop}
        busy={false}
        labels={labels}
      />,
    );
    expect(html).toContain(
      '<th scope="row" role="rowheader" class="app-list-cut" data-column="name"><span class="app-list-ellipsis" title="Ann" dir="auto">Ann</span></th>',
    );
    expect(html).toMatch(/<th scope="col" role="columnheader" class="app-list-cut" data-column="name"/);
  });

  it('makes each row a stop for Tab that opens its details, only when the screen has details', () => {
    const draw = (onOpen?: () => void) =>
      renderToStaticMarkup(
        <ListTable
          caption="People"
          columns={columns}
          rows={rows}
          sort="name"
          onSort={noop}
          busy={false}
          labels={labels}
          onOpen={onOpen}
        />,
      );
    expect(tags(draw(noop), 'tr').slice(1)).toEqual([
      '<tr role="row" tabindex="0" data-open="">',
      '<tr role="row" tabindex="0" data-open="">',
    ]);
    expect(tags(draw(), 'tr').slice(1)).toEqual(['<tr role="row">', '<tr role="row">']);
  });

  it('goes on describing the rows on screen while the next page loads', () => {
    const people = Array.from({ length: 25 }, (_, index) => ({ id: index + 1 }));
    const footer = (loading: boolean, page: number) =>
      renderToStaticMarkup(
        <ListFooter
          list={
            {
              state: { page, record: 25, search: '', sort: 'name', filters: {} },
              result: { list: people, total: 30, page: 0, record: 25, search: '' },
              loading,
              error: null,
            } as unknown as RemoteList<{ id: number }, string, string>
          }
          locale="en"
          idPrefix="people"
          labels={labels}
        />,
      );
    // Page 2 asked for, page 1 still on screen: "1–25", not "26–50".
    expect(footer(true, 1)).toContain('1–25 of 30');
    expect(footer(true, 1)).toContain('Page 1 of 2');
    expect(footer(false, 0)).toContain('1–25 of 30');
  });

  it("says when as how long ago in the page's language, the exact time in its tip", () => {
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString();
    const html = (locale: 'en' | 'fr' | 'zh') =>
      renderToStaticMarkup(
        <RelativeTime value={threeHoursAgo} locale={locale} dates={{ timeZone: 'UTC' }} />,
      );
    const exact = formatDateTime(threeHoursAgo, 'en', { timeZone: 'UTC' });
    expect(html('en')).toBe(`<time dateTime="${threeHoursAgo}" title="${exact}">3 hr. ago</time>`);
    expect(html('fr')).toContain('>il y a 3\u00a0h</time>');
    expect(html('zh')).toContain('>3小时前</time>');
  });

  it('turns the export off, saying why, when nothing matches', () => {
    const query = new URLSearchParams('search=zz');
    const on = renderToStaticMarkup(<ExportLink path="/x" query={query} label="Export all matching (3)" />);
    expect(on).toContain('href="/x?search=zz"');
    const off = renderToStaticMarkup(
      <ExportLink path="/x" query={query} label="Export all matching (0)" nothing={labels.exportNone} />,
    );
    expect(off).not.toContain('href=');
    expect(off).toMatch(/aria-disabled="true" aria-describedby="([^"]+)"/);
    const why = off.match(/aria-describedby="([^"]+)"/)![1];
    expect(off).toContain(
      `<span id="${why}" class="visually-hidden">Nothing matches, so there is nothing to export.</span>`,
    );
  });

  it('labels every checkbox by its row and the header one for the page', () => {
    const html = renderToStaticMarkup(
      <ListTable
        caption="People"
        columns={columns}
        rows={rows}
        sort="name"
        onSort={noop}
        busy
        labels={labels}
        selection={selection([2], 'some')}
        rowName={(row) => row.name}
      />,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('aria-label="Select every row on this page"');
    expect(html).toContain('aria-label="Select Ann"');
    expect(tags(html, 'input').filter((input) => input.includes('checked'))).toHaveLength(1);
  });

  it('writes the range and the pages with the language’s digits', () => {
    const fr = translate(getT('fr'), listLabelKeys);
    const html = renderToStaticMarkup(
      <ListPager
        page={2}
        record={10}
        total={1234}
        count={10}
        locale="fr"
        idPrefix="p"
        labels={fr}
        onPage={noop}
        onRecord={noop}
      />,
    );
    expect(html).toContain('21–30 sur 1\u202f234');
    expect(html).toContain('Page 3 sur 124');
    expect(html).toContain('<label for="p-record"');
  });

  it('tells "no match" (with a way out) from "nothing yet", and shows errors with Retry', () => {
    const render = (filtered: boolean, error: unknown = null) =>
      renderToStaticMarkup(
        <ListStatus
          count={0}
          loading={false}
          error={error}
          filtered={filtered}
          labels={labels}
          onRetry={noop}
          onClearFilters={noop}
          emptyText="No users yet."
          emptyAction={{ text: 'No users yet. Add the first one.', label: 'Add user', onClick: noop }}
        />,
      );
    expect(render(true)).toContain('Clear filters');
    // No match is not "nothing yet": the way out is clearing the filters, not adding.
    expect(render(true)).not.toContain('Add user');
    expect(render(false)).toContain('No users yet. Add the first one.');
    expect(render(false)).toMatch(/<button type="button" class="btn btn-sm btn-primary">Add user<\/button>/);
    expect(render(false)).not.toContain('Clear filters');
    const failed = render(false, { succeeded: false, ResponseCode: 500, ResponseMessage: 'Boom.' });
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Boom.');
    expect(failed).toContain('Retry');
  });
});

describe('the form kit', () => {
  it('puts an error under its field, linked by aria-describedby', () => {
    const html = renderToStaticMarkup(
      <FormErrorsContext.Provider
        value={{ idPrefix: 'f', errors: { email: 'Enter a valid email address.' } }}
      >
        <FormField name="email" type="email" label="Email" />
        <FormField name="phone" label="Phone" />
      </FormErrorsContext.Provider>,
    );
    const [email, phone] = tags(html, 'input');
    expect(email).toContain('class="form-control is-invalid"');
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('aria-describedby="f-email-error"');
    expect(html).toContain(
      '<div id="f-email-error" class="invalid-feedback">Enter a valid email address.</div>',
    );
    expect(phone).not.toContain('is-invalid');
    expect(phone).not.toContain('aria-describedby');
  });

  it('offers an image with the accepted types and shows the saved one', () => {
    const html = renderToStaticMarkup(
      <ImageField
        name="profile"
        removeName="remove_profile"
        label="Photo"
        current="/images/abc.webp"
        labels={translate(t, imageFieldLabelKeys)}
      />,
    );
    expect(tags(html, 'input')[0]).toContain('accept="image/png,image/jpeg,image/webp"');
    expect(html).toContain('src="/images/abc.webp"');
    expect(html).toContain('Replace image');
    expect(html).toContain('Remove image');
  });

  it('asks with an optional, labelled reason and shows the last error', () => {
    const html = renderToStaticMarkup(
      <ConfirmDialogBody
        id="c"
        message="Block Ann?"
        withReason
        error="Try again."
        labels={translate(t, confirmLabelKeys)}
      />,
    );
    expect(html).toContain('<label for="c-reason" class="form-label">Reason (optional)</label>');
    expect(tags(html, 'textarea')[0]).toContain('name="reason"');
    expect(html).toContain('role="alert"');
  });

  it('renders a filter as a named select whose first option filters nothing', () => {
    const html = renderToStaticMarkup(
      <ListFilter
        id="users-status"
        label="Filter by status"
        allLabel="All"
        value="blocked"
        options={[
          { value: 'active', label: 'Active' },
          { value: 'blocked', label: 'Blocked' },
        ]}
        onChange={noop}
      />,
    );
    expect(html).toContain('<label for="users-status" class="visually-hidden">Filter by status</label>');
    expect(tags(html, 'option')).toEqual([
      '<option value="">',
      '<option value="active">',
      '<option value="blocked" selected="">',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { formattedDiff } from './formatted-diff';

describe('formattedDiff', () => {
  it('marks changed words inside the versions as drawn, headings and links kept', async () => {
    const diff = await formattedDiff(
      '<h2>Who we are</h2><p>We build <a href="https://a.example" rel="noopener noreferrer">games</a> for you.</p>',
      '<h2>Who we are</h2><p>We make <a href="https://a.example" rel="noopener noreferrer">games</a> for you &amp; friends.</p>',
    );
    expect(diff).toEqual({
      before:
        '<h2>Who we are</h2><p>We <del>build</del> <a href="https://a.example" rel="noopener noreferrer">games</a> for you.</p>',
      after:
        '<h2>Who we are</h2><p>We <ins>make</ins> <a href="https://a.example" rel="noopener noreferrer">games</a> for you <ins>&amp; friends</ins>.</p>',
    });
  });

  it('shows a change of formatting alone: a word made bold, a paragraph made a heading, a link moved', async () => {
    const diff = await formattedDiff(
      '<p>Play fair.</p><p>Rules</p><p><a href="https://a.example">Help</a></p>',
      '<p>Play <strong>fair</strong>.</p><h3>Rules</h3><p><a href="https://b.example">Help</a></p>',
    );
    expect(diff!.before).toBe(
      '<p>Play <del class="app-diff-format">fair</del>.</p><p><del class="app-diff-format">Rules</del></p><p><a href="https://a.example"><del class="app-diff-format">Help</del></a></p>',
    );
    expect(diff!.after).toBe(
      '<p>Play <strong><ins class="app-diff-format">fair</ins></strong>.</p><h3><ins class="app-diff-format">Rules</ins></h3><p><a href="https://b.example"><ins class="app-diff-format">Help</ins></a></p>',
    );
  });

  it('marks a table row added, cell by cell, and a Chinese character on its own', async () => {
    const table = (rows: string) => `<table><tbody>${rows}</tbody></table>`;
    const diff = await formattedDiff(
      `${table('<tr><td>A</td><td>1</td></tr>')}<p>我们是谁</p>`,
      `${table('<tr><td>A</td><td>1</td></tr><tr><td>B</td><td>2</td></tr>')}<p>我们做谁</p>`,
    );
    expect(diff!.after).toBe(
      `${table('<tr><td>A</td><td>1</td></tr><tr><td><ins>B</ins></td><td><ins>2</ins></td></tr>')}<p>我们<ins>做</ins>谁</p>`,
    );
    expect(diff!.before).toContain('<p>我们<del>是</del>谁</p>');
  });

  it('leaves two equal versions unmarked', async () => {
    const html = '<ul><li>One &amp; two</li></ul>';
    expect(await formattedDiff(html, html)).toEqual({ before: html, after: html });
  });
});

import { Fragment } from 'react';

/**
 * Where an address may wrap when its column is narrow: after the "@" and before each dot, as
 * typographers break addresses ("karen.sharma / .219@ / example / .com"), never mid-word.
 */
export function emailParts(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/).filter(Boolean);
}

/**
 * An email address in a list or a card. Its break points let a table give the column its share
 * of the width (a column of addresses that may wrap anywhere shrinks to a few letters and breaks
 * them mid-word; one that may not wrap at all pushes the row actions out of view).
 */
export default function EmailAddress({ address }: { address: string }) {
  return (
    <span>
      {emailParts(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

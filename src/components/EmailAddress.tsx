import CellText from './CellText';

/**
 * An email address in a list or a card: on one line, cut with "…" when the column is narrower
 * (the whole address in the hover tip and the row's details), and read left to right in a
 * right-to-left page.
 */
export default function EmailAddress({ address }: { address: string }) {
  return <CellText text={address} />;
}

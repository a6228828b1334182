/**
 * The cells of the matrices that lay versions or channels across (the repository overview's packages,
 * a package's versions, the channel-switch matrix): the header row, a cell that opens what it shows,
 * a cell for a version that lacks the row.
 */
import type { ReactNode } from 'react';

/** A cell whose whole content is a button opening what the cell names. */
export function ButtonCell({
  className,
  buttonClass,
  label,
  title,
  onClick,
  autoFocus,
  children,
}: {
  className: string;
  buttonClass?: string;
  label?: string;
  title?: string;
  onClick(): void;
  /** The cell a dialog's focus starts on (its matrix arrives after the dialog opens). */
  autoFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <td className={className}>
      <button
        type="button"
        className={buttonClass}
        aria-label={label}
        title={title}
        onClick={onClick}
        autoFocus={autoFocus}
      >
        {children}
      </button>
    </td>
  );
}

/** A version without the row: "gone" after one that had it (a change), "—" before the first. */
export function AbsentCell({ gone, where }: { gone: boolean; where: string }) {
  return (
    <td className={`absent${gone ? ' changed' : ''}`}>
      <span aria-hidden="true">{gone ? 'gone' : '—'}</span>
      <span className="visually-hidden">not in {where}</span>
    </td>
  );
}

/** The header row: the corner naming what the rows are, then the column headers given. */
export function MatrixHead({ corner, children }: { corner: string; children: ReactNode }) {
  return (
    <thead>
      <tr>
        <th scope="col">{corner}</th>
        {children}
      </tr>
    </thead>
  );
}

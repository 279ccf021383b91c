import type { ReactNode } from 'react';
import { STAFF_LIST_LIMIT } from '@party/shared-contracts';
import styles from './Staff.module.css';

interface StaffTableProps<Row> {
  caption: string;
  columns: ReadonlyArray<{ label: string; cell: (row: Row) => ReactNode }>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: string;
  /** Said under a list the gateway cut at STAFF_LIST_LIMIT rows. */
  cutNote?: string;
}

/** A plain data table, scrolling sideways inside its own box on narrow screens. */
export function StaffTable<Row>({ caption, columns, rows, rowKey, empty, cutNote }: StaffTableProps<Row>) {
  if (rows.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <>
      {/* Focusable so that a keyboard can scroll it; named apart from the section the table sits in. */}
      <div className={styles.tableBox} tabIndex={0} role="region" aria-label={`Table: ${caption}`}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.label}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {cutNote && rows.length >= STAFF_LIST_LIMIT && <p className={styles.note}>{cutNote}</p>}
    </>
  );
}

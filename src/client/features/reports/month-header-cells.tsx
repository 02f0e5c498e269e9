import { ColumnHeaders } from '@/client/components/column-headers';

/** The header cells of a table by month: Month, then a right-aligned cell for each figure. */
export function MonthHeaderCells({ columns }: { columns: readonly string[] }) {
  return (
    <ColumnHeaders
      className="py-2 pr-3"
      columns={[{ label: 'Month' }, ...columns.map((label) => ({ label, numeric: true }))]}
    />
  );
}

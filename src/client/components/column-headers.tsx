import { cn } from '@/client/lib/utils';

type Column = { label: string; numeric?: boolean };

/** A table's header cells, one a column; a column of figures is right-aligned, as its cells are. */
export function ColumnHeaders({ columns, className }: { columns: readonly Column[]; className: string }) {
  return (
    <>
      {columns.map((column) => (
        <th
          key={column.label}
          scope="col"
          className={cn(className, column.numeric && 'text-right', 'font-medium')}
        >
          {column.label}
        </th>
      ))}
    </>
  );
}

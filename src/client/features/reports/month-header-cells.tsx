/** The header cells of a table by month: Month, then a right-aligned cell for each figure. */
export function MonthHeaderCells({ columns }: { columns: readonly string[] }) {
  return (
    <>
      <th scope="col" className="py-2 pr-3 font-medium">
        Month
      </th>
      {columns.map((column) => (
        <th key={column} scope="col" className="py-2 pr-3 text-right font-medium">
          {column}
        </th>
      ))}
    </>
  );
}

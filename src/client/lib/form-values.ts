/**
 * Registers a number field that may be left blank: blank is null ("use the default", "price it from the
 * calendar"), never 0 as `valueAsNumber` would make it.
 */
export const nullableNumber = {
  setValueAs: (value: unknown) =>
    value === '' || value === null || value === undefined ? null : Number(value),
};

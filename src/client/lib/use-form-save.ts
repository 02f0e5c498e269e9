import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';

/**
 * The submit of a form the server may refuse (settings saved, a document issued): `save` the values, then
 * `onSaved`; a refusal naming one of the form's fields (`fieldOf`) is said at that field and focuses it,
 * any other refusal under the form.
 */
export function useFormSave<Values extends FieldValues, Saved, Result>({
  form,
  save,
  onSaved,
  fieldOf,
  failure,
}: {
  form: UseFormReturn<Values, unknown, Saved>;
  save: (values: Saved) => Promise<Result>;
  onSaved: (result: Result) => void;
  fieldOf: (field: string | undefined) => FieldPath<Values> | undefined;
  /** The message when the server gives none. */
  failure: string;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    return save(values).then(onSaved, (error: unknown) => {
      const message = getErrorMessage(error, failure);
      const field = isApiError(error) ? fieldOf(error.field) : undefined;
      if (field) form.setError(field, { message }, { shouldFocus: true });
      else setFormError(message);
    });
  });
  return { submit, formError };
}

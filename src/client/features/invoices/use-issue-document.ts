import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { useFormSave } from '@/client/lib/use-form-save';
import { buildInvoicePdfUrl } from './invoices-api';

type IssuedDocument = { id: string; title: string; number: string };

/**
 * The submit of a dialog that issues an invoice or a credit note, as FormDialog's props. An issued document
 * cannot be taken back, so the dialog cannot be closed while it is issued and its result is always seen:
 * a toast naming it with its PDF at hand, or the refusal at its field or in the dialog.
 */
export function useIssueDocument<Values extends FieldValues, Parsed, Issued extends IssuedDocument>({
  issue,
  pending,
  describe,
  onIssued,
  ...save
}: {
  form: UseFormReturn<Values, unknown, Parsed>;
  issue: (values: Parsed) => Promise<Issued>;
  pending: boolean;
  /** The toast's line under the document's name. */
  describe: (issued: Issued) => string;
  onIssued: () => void;
  fieldOf: (field: string | undefined) => FieldPath<Values> | undefined;
  failure: string;
}) {
  const { submit, formError } = useFormSave({
    ...save,
    save: issue,
    onSaved: (issued) => {
      toast.success(`${issued.title} ${issued.number} issued`, {
        description: describe(issued),
        action: {
          label: 'Download PDF',
          onClick: () => window.open(buildInvoicePdfUrl(issued.id), '_blank', 'noopener'),
        },
      });
      onIssued();
    },
  });
  return { onSubmit: submit, error: formError, pending, pendingLabel: 'Issuing...', lockWhilePending: true };
}

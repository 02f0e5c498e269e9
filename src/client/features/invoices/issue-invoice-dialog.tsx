import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/client/components/form-dialog';
import { LoadingSkeletons, QueryLoadError } from '@/client/components/query-state';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { TitledDialog } from '@/client/components/titled-dialog';
import { FormField, InputField } from '@/client/components/ui/form';
import { Input, MoneyInput } from '@/client/components/ui/input';
import { GstStateOptions } from '@/client/components/gst-state-options';
import { Select } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { businessProfileQuery } from '@/client/features/account';
import { propertiesQuery } from '@/client/features/properties';
import { nullableNumber } from '@/client/lib/form-values';
import { wireResolver } from '@/client/lib/wire-resolver';
import { BOOKING_SOURCE_LABELS, formatBookingReference, type Booking } from '@/domain/booking';
import type { BusinessProfile } from '@/domain/business-profile';
import { GST_STATES } from '@/domain/gstin';
import {
  chooseInvoiceKind,
  findInvoiceProblem,
  IssueInvoiceSchema,
  type IssueInvoiceInput,
} from '@/domain/invoice';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { formatInvoiceAmount } from './invoice-labels';
import { useIssueInvoice } from './invoices-api';
import { useIssueDocument } from './use-issue-document';

const FIELDS = [
  'recipient.name',
  'recipient.address',
  'recipient.state_code',
  'recipient.gstin',
  'amount',
] as const;
type Field = (typeof FIELDS)[number];

/** The server names a field as a JSON pointer ("recipient/gstin") or a dotted path; the form, dotted. */
function formFieldOf(field: string | undefined): Field | undefined {
  const path = field?.split('/').join('.');
  return (FIELDS as readonly string[]).includes(path ?? '') ? (path as Field) : undefined;
}

/** What each of the dialogs below is opened with: whichever one shows, it is the same dialog to its caller. */
type DialogProps = { booking: Booking; open: boolean; onOpenChange: (open: boolean) => void };

const ACCOUNT_BUSINESS_URL = '/villa-management?view=account#business-profile-title';

/**
 * Issues a booking's invoice. What kind of document it will be (a tax invoice, a bill of supply, a
 * receipt) follows from the business profile and where the villa is, and is said before it is issued;
 * until the profile (or the villa's state) allows an invoice, the dialog says what to fill in instead of
 * offering to issue one. Render it while open: it starts from the booking as it is then.
 */
export function IssueInvoiceDialog({ booking, open, onOpenChange }: DialogProps) {
  const profile = useQuery(businessProfileQuery());
  const properties = useQuery(propertiesQuery());
  const property = properties.data?.find((entry) => entry.id === booking.property_id);
  const ready = profile.isSuccess && properties.isSuccess;

  if (!ready || !property) {
    const failed = profile.isError ? profile : properties.isError ? properties : null;
    return (
      <NotReadyDialog booking={booking} open={open} onOpenChange={onOpenChange}>
        {failed ? (
          <QueryLoadError what={failed === profile ? 'business profile' : 'properties'} query={failed} />
        ) : ready ? (
          <p className="text-sm">This booking's property is not among your active properties.</p>
        ) : (
          <LoadingSkeletons label="Loading the business profile..." rows={['h-10 w-full', 'h-24 w-full']} />
        )}
      </NotReadyDialog>
    );
  }

  const kind = chooseInvoiceKind({
    registered: profile.data.registered,
    country: property.country,
    currency: booking.currency,
  });
  const problem = findInvoiceProblem({ profile: profile.data, kind, property });
  if (problem) {
    const fixProperty = profile.data.saved && !property.state_code;
    return (
      <NotReadyDialog booking={booking} open={open} onOpenChange={onOpenChange}>
        <div role="alert" className="grid justify-items-start gap-3 text-sm" data-invoice-problem="">
          <p>{problem}.</p>
          <a
            className={buttonVariants({ variant: 'default', size: 'sm', shape: 'rounded' })}
            href={
              fixProperty ? `/villa-management?view=properties&property=${property.id}` : ACCOUNT_BUSINESS_URL
            }
          >
            {fixProperty ? 'Open Properties' : 'Open Account, Business'}
          </a>
        </div>
      </NotReadyDialog>
    );
  }
  return (
    <IssueInvoiceForm
      booking={booking}
      open={open}
      onOpenChange={onOpenChange}
      explanation={describeDocument(kind, profile.data, property, booking)}
    />
  );
}

/** What will be issued, in a sentence, before it is: it cannot be changed afterwards. */
function describeDocument(
  kind: ReturnType<typeof chooseInvoiceKind>,
  profile: BusinessProfile,
  property: Wire<Property>,
  booking: Booking,
): string {
  if (kind === 'receipt')
    return `${property.name} is outside India${booking.currency === 'INR' ? '' : ` or the stay is in ${booking.currency}`}: a receipt will be issued, without GST.`;
  if (kind === 'bill_of_supply')
    return 'You are not registered for GST: a bill of supply will be issued, with no tax charged.';
  const state = property.state_code ? (GST_STATES[property.state_code] ?? property.state_code) : '';
  const local = profile.gstins.find((entry) => entry.state_code === property.state_code);
  return local
    ? `A tax invoice will be issued from GSTIN ${local.gstin}: GST as CGST and SGST, ${state} being the place of supply.`
    : `A tax invoice will be issued from GSTIN ${profile.gstins[0]?.gstin ?? ''}: GST as IGST, as you have no GSTIN in ${state}, the place of supply.`;
}

function NotReadyDialog({ booking, open, onOpenChange, children }: DialogProps & { children: ReactNode }) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Issue invoice · ${booking.guest_name}`}
      description={
        <>
          {formatBookingReference(booking.id)}: an invoice names the business that issues it and where the
          stay is.
        </>
      }
    >
      {children}
    </TitledDialog>
  );
}

function IssueInvoiceForm({
  booking,
  open,
  onOpenChange,
  explanation,
}: DialogProps & { explanation: string }) {
  const fromChannel = booking.booking_source !== 'direct';
  const form = useForm<IssueInvoiceInput, unknown, IssueInvoiceInput>({
    // The server's schema: a GSTIN's typo, or a company without its name and address, is said at once; the
    // amount is sent as typed (rupees), for the server decodes it.
    resolver: wireResolver(IssueInvoiceSchema),
    defaultValues: {
      recipient: { name: booking.guest_name, address: '', state_code: '', gstin: '' },
      amount: null,
    },
  });
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const issue = useIssueInvoice(booking.id);
  const business = Boolean(watch('recipient.gstin')?.trim());
  const issuing = useIssueDocument({
    form,
    issue: (values) =>
      issue.mutateAsync({ recipient: values.recipient, amount: fromChannel ? values.amount : null }),
    pending: issue.isPending,
    describe: (invoice) => `${formatInvoiceAmount(invoice, invoice.total)} · ${invoice.recipient_name}`,
    onIssued: () => onOpenChange(false),
    fieldOf: formFieldOf,
    failure: 'The invoice could not be issued',
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Issue invoice · ${booking.guest_name}`}
      description={
        <>
          <span className="block">{explanation}</span>
          <span className="mt-1 block">
            It is numbered and dated today, and cannot be changed once issued: a credit note corrects it.
          </span>
        </>
      }
      submitLabel="Issue invoice"
      {...issuing}
    >
      {fromChannel ? (
        <FormField
          label={`Amount received from ${BOOKING_SOURCE_LABELS[booking.booking_source]} (${booking.currency})`}
          hint="tax included"
          error={errors.amount}
          required
        >
          {(props) => (
            <MoneyInput
              {...props}
              inputMode="decimal"
              aria-required="true"
              {...register('amount', nullableNumber)}
            />
          )}
        </FormField>
      ) : null}
      <InputField
        label="Recipient name"
        error={errors.recipient?.name}
        required={business}
        autoComplete="off"
        {...register('recipient.name')}
      />
      <FormField label="Address" error={errors.recipient?.address} required={business}>
        {(props) => <Textarea {...props} rows={2} {...register('recipient.address')} />}
      </FormField>
      <FormField
        label="State"
        hint={business ? 'the GSTIN’s own state applies' : undefined}
        error={errors.recipient?.state_code}
      >
        {(props) => (
          <Select {...props} {...register('recipient.state_code')}>
            <GstStateOptions none="Not given" />
          </Select>
        )}
      </FormField>
      <FormField label="Company GSTIN" hint="makes it a B2B invoice" error={errors.recipient?.gstin}>
        {(props) => (
          <Input
            {...props}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={15}
            className="uppercase"
            {...register('recipient.gstin')}
          />
        )}
      </FormField>
    </FormDialog>
  );
}

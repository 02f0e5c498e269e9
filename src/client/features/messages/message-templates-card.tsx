import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { SendIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { villaToday } from '@/domain/dates';
import {
  MESSAGE_TEMPLATE_DAYS_LABELS,
  MESSAGE_TEMPLATE_KINDS,
  MESSAGE_TEMPLATE_LABELS,
  MESSAGE_TEMPLATE_LIMITS,
  MessageTemplateUpdateSchema,
  type MessageTemplate,
  type MessageTemplateKind,
  type MessageTemplateList,
  type MessageTemplateUpdate,
  type MessageTemplateUpdateInput,
} from '@/domain/message-template';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { LoadingSkeletons, QueryLoadError } from '@/client/components/query-state';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { FormAlert, FormField, InputField } from '@/client/components/ui/form';
import { Select } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { ToggleGroup } from '@/client/components/ui/toggle-group';
import { formatDate } from '@/client/lib/format';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import {
  messageTemplatesQuery,
  previewBookingsQuery,
  templatePreviewQuery,
  useSendTemplateTest,
  useUpdateMessageTemplate,
} from './messages-api';

/** A property's scheduled guest messages: each template's words, timing and switch, with a live preview. */
export function MessageTemplatesCard({
  property,
  properties,
  onSelectProperty,
}: {
  property: Wire<Property>;
  properties: Wire<Property>[];
  onSelectProperty: (property: Wire<Property>) => void;
}) {
  const templates = useQuery(messageTemplatesQuery(property.id));
  const [kind, setKind] = useState<MessageTemplateKind>('before_arrival');
  const villaWording = new Map(
    (templates.data?.villa_wording ?? []).map((entry) => [entry.property_id, entry.name]),
  );
  return (
    <Card aria-labelledby="message-templates-title">
      <CardHeader>
        <h3 id="message-templates-title" className="text-lg font-semibold">
          Scheduled messages
        </h3>
        <CardDescription>
          Sent by e-mail to each confirmed guest: before they arrive, and after they leave. They go out
          between 08:00 and 21:00 India time, once per stay; you can skip one on a booking.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {properties.length > 1 ? (
          <FormField label="Property" className="sm:max-w-80">
            {(props) => (
              <Select
                {...props}
                value={property.id}
                onChange={(event) => {
                  const chosen = properties.find((each) => each.id === event.target.value);
                  if (chosen) onSelectProperty(chosen);
                }}
              >
                {properties.map((each) => (
                  <option key={each.id} value={each.id}>
                    {each.name}
                    {villaWording.has(each.id) ? ' (the villa’s wording)' : ''}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : null}
        {villaWording.size > 0 ? <VillaWordingNote property={property} villaWording={villaWording} /> : null}
        <ToggleGroup
          label="Message"
          className="gap-1 justify-self-start rounded-lg"
          offClassName="text-muted-foreground"
          options={MESSAGE_TEMPLATE_KINDS.map((value) => ({ value, label: MESSAGE_TEMPLATE_LABELS[value] }))}
          value={kind}
          onChange={(value) => value && setKind(value)}
        />
        {templates.isPending ? (
          <LoadingSkeletons label="Loading templates..." rows={['h-10 w-full', 'h-40 w-full']} />
        ) : templates.isError ? (
          <QueryLoadError what="templates" query={templates} />
        ) : (
          <TemplateEditor
            // Keyed by what was saved, so a save or another tab's change starts the form afresh.
            key={`${kind}:${JSON.stringify(templates.data.templates.find((each) => each.kind === kind))}`}
            propertyId={property.id}
            template={templates.data.templates.find((each) => each.kind === kind)!}
            placeholders={templates.data.placeholders}
          />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Which properties' messages still speak of the villa (its fort, temple gate and monkeys): right for the
 * villa, wrong for a guest of any other house, so the editor says so where the operator chooses one.
 */
function VillaWordingNote({
  property,
  villaWording,
}: {
  property: Wire<Property>;
  villaWording: Map<string, string>;
}) {
  const names = [...villaWording.values()];
  return (
    <div
      role="note"
      aria-label="The villa’s wording"
      className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {villaWording.has(property.id) ? (
        <p>
          <strong>{property.name} uses the villa’s wording</strong>: its directions to the fort, the temple
          gate and the monkeys. If this is not the villa, edit its messages to fit it.
        </p>
      ) : null}
      <p>
        The villa’s wording is used by: {names.join(', ')}. Other properties start from neutral words that
        name their own address and your contact details.
      </p>
    </div>
  );
}

const FIELDS = ['subject', 'body', 'enabled', 'days', 'review_url'] as const;
const isField = (name: string | undefined): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(name ?? '');

function TemplateEditor({
  propertyId,
  template,
  placeholders,
}: {
  propertyId: string;
  template: MessageTemplate;
  placeholders: MessageTemplateList['placeholders'];
}) {
  const kind = template.kind;
  const update = useUpdateMessageTemplate(propertyId, kind);
  const sendTest = useSendTemplateTest(propertyId, kind);
  const form = useForm<MessageTemplateUpdateInput, unknown, MessageTemplateUpdate>({
    resolver: zodResolver(MessageTemplateUpdateSchema),
    defaultValues: {
      subject: template.subject,
      body: template.body,
      enabled: template.enabled,
      days: template.days,
      review_url: template.review_url,
    },
  });
  const { register, handleSubmit, formState, setError, getValues, setValue, control } = form;
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const [bookingId, setBookingId] = useState<string>('');
  const body = useRef<HTMLTextAreaElement | null>(null);
  const bodyField = register('body');

  const [subject, text, reviewUrl] = useWatch({ control, name: ['subject', 'body', 'review_url'] });
  // Debounced as text: the preview asks the server once the typing pauses, not at every key.
  const draftText = useDebouncedValue(
    JSON.stringify({
      subject: subject ?? '',
      body: text ?? '',
      review_url: reviewUrl ?? '',
      ...(bookingId ? { booking_id: bookingId } : {}),
    }),
    300,
  );
  const draft = JSON.parse(draftText) as {
    booking_id?: string;
    subject: string;
    body: string;
    review_url: string;
  };
  const preview = useQuery(templatePreviewQuery(propertyId, kind, draft));
  const bookings = useQuery(previewBookingsQuery(propertyId, villaToday()));

  /** Puts a placeholder where the cursor is in the message (at its end when it was never focused). */
  const insertPlaceholder = (name: string) => {
    const element = body.current;
    const value = getValues('body') ?? '';
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const token = `{${name}}`;
    setValue('body', value.slice(0, start) + token + value.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const save = handleSubmit((values) => {
    setFormError(null);
    return update.mutateAsync(values).then(
      () => toast.success('Template saved', { description: MESSAGE_TEMPLATE_LABELS[kind] }),
      (error: unknown) => {
        const message = getErrorMessage(error, 'The template could not be saved');
        if (isApiError(error) && isField(error.field))
          setError(error.field, { message }, { shouldFocus: true });
        else setFormError(message);
      },
    );
  });

  const test = () =>
    sendTest.mutate(
      {
        subject: getValues('subject'),
        body: getValues('body'),
        review_url: getValues('review_url') ?? '',
        ...(preview.data?.booking_id ? { booking_id: preview.data.booking_id } : {}),
      },
      {
        onSuccess: (result) => toast.success('Test sent', { description: `To ${result.to}` }),
        onError: (error) =>
          toast.error('Could not send the test', {
            description: getErrorMessage(error, 'Please try again.'),
          }),
      },
    );

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form
        noValidate
        onSubmit={save}
        className="grid content-start gap-4"
        aria-label={`${MESSAGE_TEMPLATE_LABELS[kind]} template`}
      >
        <div className="flex flex-wrap items-end gap-4">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="size-4 accent-primary" {...register('enabled')} />
            Send this message
          </label>
          <InputField
            label={MESSAGE_TEMPLATE_DAYS_LABELS[kind]}
            error={errors.days}
            className="w-44"
            type="number"
            min={0}
            max={MESSAGE_TEMPLATE_LIMITS.days}
            step={1}
            {...register('days', { valueAsNumber: true })}
          />
        </div>
        <InputField
          label="Subject"
          error={errors.subject}
          maxLength={MESSAGE_TEMPLATE_LIMITS.subject}
          {...register('subject')}
        />
        <FormField label="Message" error={errors.body}>
          {(props) => (
            <Textarea
              {...props}
              rows={14}
              maxLength={MESSAGE_TEMPLATE_LIMITS.body}
              {...bodyField}
              ref={(element) => {
                bodyField.ref(element);
                body.current = element;
              }}
            />
          )}
        </FormField>
        <div className="grid gap-1.5">
          <p className="text-sm font-medium" id={`placeholders-${kind}`}>
            Insert a placeholder
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-labelledby={`placeholders-${kind}`}>
            {placeholders.map((placeholder) => (
              <li key={placeholder.name}>
                <button
                  type="button"
                  title={placeholder.description}
                  aria-label={`Insert {${placeholder.name}}: ${placeholder.description}`}
                  className="rounded-full border bg-muted px-2.5 py-1 font-mono text-xs hover:bg-secondary"
                  onClick={() => insertPlaceholder(placeholder.name)}
                >
                  {`{${placeholder.name}}`}
                </button>
              </li>
            ))}
          </ul>
        </div>
        {kind === 'after_stay' ? (
          <InputField
            label="Review link"
            hint="Google, TripAdvisor, Airbnb…"
            error={errors.review_url}
            type="url"
            inputMode="url"
            placeholder="https://g.page/r/…/review"
            {...register('review_url')}
          />
        ) : null}
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving...' : 'Save template'}
          </Button>
          <Button type="button" variant="outline" disabled={sendTest.isPending} onClick={test}>
            <SendIcon aria-hidden="true" />
            Send me a test
          </Button>
        </div>
      </form>
      <section aria-labelledby={`preview-${kind}`} className="grid content-start gap-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h4 id={`preview-${kind}`} className="font-semibold">
            Preview
          </h4>
          <FormField label="On the booking" className="min-w-0 flex-1 sm:max-w-72">
            {(props) => (
              <Select {...props} value={bookingId} onChange={(event) => setBookingId(event.target.value)}>
                <option value="">The next stay</option>
                {(bookings.data?.items ?? []).map((booking) => (
                  <option key={booking.id} value={booking.id}>
                    {booking.guest_name} · {formatDate(booking.check_in)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        {preview.isError ? (
          <QueryLoadError what="the preview" query={preview} />
        ) : preview.data ? (
          <div className="grid gap-2 rounded-lg border bg-background p-4" aria-live="polite" data-preview="">
            <p className="text-sm">
              <span className="text-muted-foreground">Subject: </span>
              <span className="font-semibold">{preview.data.subject}</span>
            </p>
            {preview.data.booking_id === null ? (
              <p className="text-xs text-muted-foreground">No booking yet: shown with made-up facts.</p>
            ) : null}
            {preview.data.unknown_placeholders.length > 0 ? (
              <FormAlert>Unknown placeholders: {preview.data.unknown_placeholders.join(', ')}</FormAlert>
            ) : null}
            <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-words font-sans text-sm">
              {preview.data.text}
            </pre>
          </div>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </section>
    </div>
  );
}

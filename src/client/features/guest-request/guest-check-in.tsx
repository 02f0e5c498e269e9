import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2Icon, ShieldCheckIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  createCheckInSchema,
  describeCheckInNotice,
  EMPTY_CHECK_IN_GUEST,
  ID_TYPE_LABELS,
  ID_TYPES,
  isForeignNational,
  needsVisa,
  VISA_TYPES,
  VISIT_PURPOSES,
  type CheckInNotice,
  type CheckInSubmission,
  type CheckInFormInput,
  type GuestCheckIn as GuestCheckInData,
} from '@/domain/check-in';
import { INDIA, listCountries, nameCountry } from '@/domain/countries';
import { Button } from '@/client/components/ui/button';
import { FormAlert, FormField } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { Select } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import { formatLongDate } from '@/client/lib/format';
import { CHECK_IN_SECTION_CLASS, CHECK_IN_TITLE } from './check-in-placeholder';
import { checkInQuery, useSubmitCheckIn } from './guest-request-api';

type GuestErrors = FieldErrors<CheckInFormInput>['guests'];

function Note({ children }: { children: string }) {
  return <p className="text-sm leading-relaxed text-muted-foreground sm:col-span-2">{children}</p>;
}

/** One guest's form: the register's fields, and Form C's when the guest is not Indian. */
function GuestFields({
  index,
  control,
  register,
  errors,
  notice,
  stay,
}: {
  index: number;
  control: Control<CheckInFormInput, unknown, CheckInSubmission>;
  register: UseFormRegister<CheckInFormInput>;
  errors: GuestErrors;
  notice: CheckInNotice;
  stay: { check_in: string };
}) {
  const nationality = useWatch({ control, name: `guests.${index}.nationality` });
  const foreign = isForeignNational(nationality);
  const visa = needsVisa(nationality);
  const countries = useMemo(() => listCountries(), []);
  const error = errors?.[index];
  const name = (field: keyof CheckInFormInput['guests'][number]) => `guests.${index}.${field}` as const;
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 sm:p-5">
      <legend className="px-1 font-display text-xl font-medium">Guest {index + 1}</legend>
      <Note>{notice.fields.register}</Note>
      <FormField label="Full name" required error={error?.full_name}>
        {(props) => (
          <Input {...props} autoComplete={index === 0 ? 'name' : 'off'} {...register(name('full_name'))} />
        )}
      </FormField>
      <FormField label="Nationality" required error={error?.nationality}>
        {(props) => (
          <Select {...props} {...register(name('nationality'))}>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Permanent address" required error={error?.address} className="sm:col-span-2">
        {(props) => <Textarea {...props} rows={2} {...register(name('address'))} />}
      </FormField>
      <Note>{notice.fields.id}</Note>
      <FormField label="ID type" required error={error?.id_type}>
        {(props) => (
          <Select {...props} {...register(name('id_type'))}>
            <option value="">Choose…</option>
            {ID_TYPES.filter((type) => !foreign || type === 'passport').map((type) => (
              <option key={type} value={type}>
                {ID_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        label={foreign ? 'Passport number' : 'ID number'}
        required
        error={error?.id_number}
        hint={foreign ? undefined : 'Aadhaar: last four digits only'}
      >
        {(props) => (
          <Input {...props} autoComplete="off" spellCheck={false} {...register(name('id_number'))} />
        )}
      </FormField>
      <FormField
        label="Expected arrival time"
        required
        error={error?.expected_arrival_time}
        hint="villa time"
      >
        {(props) => <Input {...props} type="time" {...register(name('expected_arrival_time'))} />}
      </FormField>
      <Note>{notice.fields.expected_arrival_time}</Note>
      {foreign ? (
        <div className="grid gap-4 border-t border-border pt-4 sm:col-span-2 sm:grid-cols-2">
          <h4 className="font-semibold sm:col-span-2">Form C: for the FRRO</h4>
          <Note>{notice.fields.form_c}</Note>
          <FormField label="Passport place of issue" required error={error?.passport_place_of_issue}>
            {(props) => <Input {...props} {...register(name('passport_place_of_issue'))} />}
          </FormField>
          <FormField label="Passport date of issue" required error={error?.passport_issued_on}>
            {(props) => <Input {...props} type="date" {...register(name('passport_issued_on'))} />}
          </FormField>
          <FormField label="Passport date of expiry" required error={error?.passport_expires_on}>
            {(props) => <Input {...props} type="date" {...register(name('passport_expires_on'))} />}
          </FormField>
          {visa ? (
            <>
              <FormField label="Visa number" required error={error?.visa_number} hint="or OCI card number">
                {(props) => (
                  <Input
                    {...props}
                    autoComplete="off"
                    spellCheck={false}
                    {...register(name('visa_number'))}
                  />
                )}
              </FormField>
              <FormField label="Visa type" required error={error?.visa_type}>
                {(props) => (
                  <Select {...props} {...register(name('visa_type'))}>
                    <option value="">Choose…</option>
                    {VISA_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField label="Visa date of expiry" required error={error?.visa_expires_on}>
                {(props) => <Input {...props} type="date" {...register(name('visa_expires_on'))} />}
              </FormField>
            </>
          ) : (
            <Note>{`Nationals of ${nameCountry(nationality)} need no visa for India: no visa details are asked.`}</Note>
          )}
          <FormField label="Date of arrival in India" required error={error?.arrived_in_india_on}>
            {(props) => (
              <Input {...props} type="date" max={stay.check_in} {...register(name('arrived_in_india_on'))} />
            )}
          </FormField>
          <FormField label="Arriving from" required error={error?.arriving_from} hint="city, country">
            {(props) => <Input {...props} {...register(name('arriving_from'))} />}
          </FormField>
          <FormField label="Purpose of visit" required error={error?.purpose_of_visit}>
            {(props) => (
              <Select {...props} {...register(name('purpose_of_visit'))}>
                <option value="">Choose…</option>
                {VISIT_PURPOSES.map((purpose) => (
                  <option key={purpose} value={purpose}>
                    {purpose}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Next destination" required error={error?.next_destination} hint="after your stay">
            {(props) => <Input {...props} {...register(name('next_destination'))} />}
          </FormField>
        </div>
      ) : null}
    </fieldset>
  );
}

/** What was sent: each guest, their ID masked. */
function CheckInDone({ checkIn }: { checkIn: GuestCheckInData }) {
  return (
    <div className="mt-4">
      <p className="flex items-center gap-2 font-semibold text-success" role="status">
        <CheckCircle2Icon aria-hidden="true" className="size-5" />
        You are checked in
        {checkIn.submitted_at ? ` (on ${formatLongDate(checkIn.submitted_at.slice(0, 10))})` : ''}. Thank you.
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {checkIn.guests.map((guest) => (
          <li key={guest.position} className="rounded-xl border border-border bg-card p-4 text-sm">
            <p className="font-semibold text-foreground">
              {guest.position}. {guest.full_name}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
              <dt>Nationality</dt>
              <dd className="text-foreground">{nameCountry(guest.nationality)}</dd>
              <dt>{ID_TYPE_LABELS[guest.id_type].replace(' (last four digits)', '')}</dt>
              <dd className="text-foreground lining-nums">{guest.id_number_masked}</dd>
              <dt>Arriving</dt>
              <dd className="text-foreground lining-nums">{guest.expected_arrival_time}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CheckInForm({ token, checkIn }: { token: string; checkIn: GuestCheckInData }) {
  const schema = useMemo(() => createCheckInSchema(checkIn), [checkIn]);
  const form = useForm<CheckInFormInput, unknown, CheckInSubmission>({
    resolver: zodResolver(schema),
    defaultValues: {
      guests: Array.from({ length: checkIn.guests_count }, () => ({
        ...EMPTY_CHECK_IN_GUEST,
        nationality: INDIA,
      })),
    },
    shouldFocusError: true,
  });
  const submit = useSubmitCheckIn(token);
  const [formError, setFormError] = useState<string | null>(null);
  const notice = describeCheckInNotice(checkIn.retention_days);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(
    () => {
      setFormError(null);
      // The typed values go as they are: the server applies the same schema to them.
      return submit.mutateAsync(form.getValues()).then(
        () => undefined,
        (error: unknown) => {
          const message = getErrorMessage(error, 'Your check-in could not be sent. Please try again.');
          setFormError(message);
          if (isApiError(error) && error.field?.startsWith('guests.')) {
            form.setError(error.field as `guests.${number}.full_name`, { message }, { shouldFocus: true });
          }
        },
      );
    },
    () => setFormError('Please correct the fields marked below.'),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 flex flex-col gap-5">
      {errors.guests?.root?.message || errors.guests?.message ? (
        <FormAlert>{errors.guests.root?.message ?? errors.guests.message}</FormAlert>
      ) : null}
      {Array.from({ length: checkIn.guests_count }, (_, index) => (
        <GuestFields
          key={index}
          index={index}
          control={form.control}
          register={form.register}
          errors={errors.guests}
          notice={notice}
          stay={checkIn}
        />
      ))}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div>
        <Button type="submit" shape="pill" size="lg" disabled={submit.isPending}>
          {submit.isPending ? 'Sending…' : 'Send check-in'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Online check-in on the guest's request page, once the stay is confirmed: a form per guest of the booking
 * (Form C's fields for a foreign national), the law's reasons beside what is asked, and once sent, what
 * was sent with the ID numbers masked. Other pages link here as `<request page>#check-in`.
 */
export function GuestCheckIn({ token }: { token: string }) {
  const query = useQuery(checkInQuery(token));
  const checkIn = query.data;
  return (
    <section id="check-in" aria-labelledby="check-in-title" className={CHECK_IN_SECTION_CLASS}>
      <h2 id="check-in-title" className="font-display text-2xl font-medium">
        {CHECK_IN_TITLE}
      </h2>
      {query.isPending ? (
        <Skeleton className="mt-4 h-32 w-full" />
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {getErrorMessage(query.error, 'Online check-in could not be loaded. Please reload the page.')}
        </p>
      ) : checkIn?.state === 'done' ? (
        <CheckInDone checkIn={checkIn} />
      ) : checkIn?.state === 'open' ? (
        <>
          <p className="mt-2 leading-relaxed text-foreground">
            Save time on arrival: give us each guest&apos;s details now, one form per guest.
          </p>
          <p className="mt-3 flex gap-2 rounded-lg border border-border bg-card p-3 text-sm leading-relaxed text-muted-foreground">
            <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            <span>{describeCheckInNotice(checkIn.retention_days).summary}</span>
          </p>
          <CheckInForm token={token} checkIn={checkIn} />
        </>
      ) : (
        <p className="mt-2 text-muted-foreground">
          {checkIn?.state === 'not_open'
            ? 'Online check-in opens once your stay is confirmed.'
            : 'Online check-in is closed for this stay.'}
        </p>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { CheckCircle2Icon, ShieldCheckIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { checkInFormEn, type CheckInFormText } from '@/content/check-in-form';
import { describeFieldRefusal } from '@/content/field-refusals';
import { fillText } from '@/content/fill-text';
import { checkInFormHi } from '@/content/hi/check-in-form';
import { INTL_LOCALES, type Language } from '@/content/languages';
import { checkInFormMr } from '@/content/mr/check-in-form';
import {
  createCheckInSchema,
  EMPTY_CHECK_IN_GUEST,
  ID_TYPES,
  isForeignNational,
  needsVisa,
  VISA_TYPES,
  VISIT_PURPOSES,
  type CheckInSubmission,
  type CheckInFormInput,
  type GuestCheckIn as GuestCheckInData,
} from '@/domain/check-in';
import { INDIA, listCountries, nameCountry } from '@/domain/countries';
import { readRefusalAnswer, type FieldRefusal } from '@/domain/field-refusals';
import { Button } from '@/client/components/ui/button';
import { FormAlert, FormField, InputField } from '@/client/components/ui/form';
import { Select, SelectOptions } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import { resolveWithRefusals, type RefusedFieldError } from '@/client/lib/resolve-with-refusals';
import { formatLongDateIn } from '@/client/lib/format';
import { CHECK_IN_SECTION_CLASS } from './check-in-placeholder';
import { checkInQuery, useSubmitCheckIn } from './guest-request-api';

type GuestErrors = FieldErrors<CheckInFormInput>['guests'];

const CHECK_IN_TEXTS: Record<Language, CheckInFormText> = {
  en: checkInFormEn,
  hi: checkInFormHi,
  mr: checkInFormMr,
};

/** The form's words in a language, with its messages and names. */
type CheckInWords = {
  text: CheckInFormText;
  language: Language;
  locale: string;
  /** An error of the schema (or the server), in the page's language. */
  say: (error: CheckInError) => string | undefined;
};

function useCheckInWords(language: Language): CheckInWords {
  return useMemo(() => {
    const text = CHECK_IN_TEXTS[language];
    return {
      text,
      language,
      locale: INTL_LOCALES[language],
      say: (error) => describeCheckInError(error, text, language),
    };
  }, [language]);
}

/** An error of the form or of the server's answer: the English message, and the refusal it names. */
type CheckInError = { message?: string; refusal?: FieldRefusal };

/**
 * An error in the page's language: a common refusal from its code, another message of the schema by its
 * English words (the same whether the form or the server found it). English shows the schema's message.
 */
export function describeCheckInError(
  { message, refusal }: CheckInError,
  text: CheckInFormText,
  language: Language,
): string | undefined {
  if (language === 'en' || !message) return message;
  if (refusal) return describeFieldRefusal(refusal, '', language);
  const errors = text.errors;
  if (message.endsWith(' must be a date (YYYY-MM-DD)')) return errors.date;
  if (message.endsWith(' holds what looks like a whole Aadhaar number: leave it out'))
    return errors.aadhaarInText;
  const count = /^This booking is for (\d+) guests?/.exec(message);
  if (count) return fillText(errors.guestCount, { n: count[1]! });
  const key = (Object.keys(checkInFormEn.errors) as (keyof CheckInFormText['errors'])[]).find(
    (name) => checkInFormEn.errors[name] === message,
  );
  return key ? errors[key] : message;
}

/** The field's error, in the page's language. */
const sayError = (error: RefusedFieldError | undefined, words: CheckInWords) =>
  error ? { ...error, message: words.say(error) } : undefined;

function Note({ children }: { children: string }) {
  return <p className="text-sm leading-relaxed text-muted-foreground sm:col-span-2">{children}</p>;
}

/** One guest's form: the register's fields, and Form C's when the guest is not Indian. */
function GuestFields({
  index,
  control,
  register,
  errors,
  stay,
  words,
}: {
  index: number;
  control: Control<CheckInFormInput, unknown, CheckInSubmission>;
  register: UseFormRegister<CheckInFormInput>;
  errors: GuestErrors;
  stay: { check_in: string };
  words: CheckInWords;
}) {
  const { text, locale } = words;
  const nationality = useWatch({ control, name: `guests.${index}.nationality` });
  const foreign = isForeignNational(nationality);
  const visa = needsVisa(nationality);
  const countries = useMemo(() => listCountries(locale), [locale]);
  const error = (field: keyof CheckInFormInput['guests'][number]) =>
    sayError(errors?.[index]?.[field], words);
  const name = (field: keyof CheckInFormInput['guests'][number]) => `guests.${index}.${field}` as const;
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 sm:p-5">
      <legend className="px-1 font-display text-xl font-medium">
        {fillText(text.guest, { n: index + 1 })}
      </legend>
      <Note>{text.notice.register}</Note>
      <InputField
        label={text.fullName}
        required
        error={error('full_name')}
        autoComplete={index === 0 ? 'name' : 'off'}
        {...register(name('full_name'))}
      />
      <FormField label={text.nationality} required error={error('nationality')}>
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
      <FormField label={text.address} required error={error('address')} className="sm:col-span-2">
        {(props) => <Textarea {...props} rows={2} {...register(name('address'))} />}
      </FormField>
      <Note>{text.notice.id}</Note>
      <FormField label={text.idType} required error={error('id_type')}>
        {(props) => (
          <Select {...props} {...register(name('id_type'))}>
            <option value="">{text.choose}</option>
            {ID_TYPES.filter((type) => !foreign || type === 'passport').map((type) => (
              <option key={type} value={type}>
                {text.idTypes[type]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <InputField
        label={foreign ? text.passportNumber : text.idNumber}
        required
        error={error('id_number')}
        hint={foreign ? undefined : text.aadhaarHint}
        autoComplete="off"
        spellCheck={false}
        {...register(name('id_number'))}
      />
      <InputField
        label={text.arrivalTime}
        required
        error={error('expected_arrival_time')}
        hint={text.villaTime}
        type="time"
        {...register(name('expected_arrival_time'))}
      />
      <Note>{text.notice.arrival}</Note>
      {foreign ? (
        <div className="grid gap-4 border-t border-border pt-4 sm:col-span-2 sm:grid-cols-2">
          <h4 className="font-semibold sm:col-span-2">{text.formC}</h4>
          <Note>{text.notice.formC}</Note>
          <InputField
            label={text.passportPlace}
            required
            error={error('passport_place_of_issue')}
            {...register(name('passport_place_of_issue'))}
          />
          <InputField
            label={text.passportIssued}
            required
            error={error('passport_issued_on')}
            type="date"
            {...register(name('passport_issued_on'))}
          />
          <InputField
            label={text.passportExpires}
            required
            error={error('passport_expires_on')}
            type="date"
            {...register(name('passport_expires_on'))}
          />
          {visa ? (
            <>
              <InputField
                label={text.visaNumber}
                required
                error={error('visa_number')}
                hint={text.visaNumberHint}
                autoComplete="off"
                spellCheck={false}
                {...register(name('visa_number'))}
              />
              <FormField label={text.visaType} required error={error('visa_type')}>
                {(props) => (
                  <Select {...props} {...register(name('visa_type'))}>
                    <option value="">{text.choose}</option>
                    {VISA_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <InputField
                label={text.visaExpires}
                required
                error={error('visa_expires_on')}
                type="date"
                {...register(name('visa_expires_on'))}
              />
            </>
          ) : (
            <Note>{fillText(text.noVisa, { country: nameCountry(nationality, locale) })}</Note>
          )}
          <InputField
            label={text.arrivedInIndia}
            required
            error={error('arrived_in_india_on')}
            type="date"
            max={stay.check_in}
            {...register(name('arrived_in_india_on'))}
          />
          <InputField
            label={text.arrivingFrom}
            required
            error={error('arriving_from')}
            hint={text.arrivingFromHint}
            {...register(name('arriving_from'))}
          />
          <FormField label={text.purpose} required error={error('purpose_of_visit')}>
            {(props) => (
              <Select {...props} {...register(name('purpose_of_visit'))}>
                <option value="">{text.choose}</option>
                <SelectOptions values={VISIT_PURPOSES} labels={text.purposes} />
              </Select>
            )}
          </FormField>
          <InputField
            label={text.nextDestination}
            required
            error={error('next_destination')}
            hint={text.nextDestinationHint}
            {...register(name('next_destination'))}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

/** What was sent: each guest, their ID masked. */
function CheckInDone({ checkIn, words }: { checkIn: GuestCheckInData; words: CheckInWords }) {
  const { text, language, locale } = words;
  return (
    <div className="mt-4">
      <p className="flex items-center gap-2 font-semibold text-success" role="status">
        <CheckCircle2Icon aria-hidden="true" className="size-5" />
        {checkIn.submitted_at
          ? fillText(text.doneOn, {
              date: formatLongDateIn(checkIn.submitted_at.slice(0, 10), language),
            })
          : text.done}
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {checkIn.guests.map((guest) => (
          <li key={guest.position} className="rounded-xl border border-border bg-card p-4 text-sm">
            <p className="font-semibold text-foreground">
              {guest.position}. {guest.full_name}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
              <dt>{text.nationality}</dt>
              <dd className="text-foreground">{nameCountry(guest.nationality, locale)}</dd>
              <dt>{text.idTypesShort[guest.id_type]}</dt>
              <dd className="text-foreground lining-nums">{guest.id_number_masked}</dd>
              <dt>{text.arriving}</dt>
              <dd className="text-foreground lining-nums">{guest.expected_arrival_time}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CheckInForm({
  token,
  checkIn,
  words,
}: {
  token: string;
  checkIn: GuestCheckInData;
  words: CheckInWords;
}) {
  const { text } = words;
  const schema = useMemo(() => createCheckInSchema(checkIn), [checkIn]);
  const form = useForm<CheckInFormInput, unknown, CheckInSubmission>({
    resolver: resolveWithRefusals(schema),
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
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(
    () => {
      setFormError(null);
      // The typed values go as they are: the server applies the same schema to them.
      return submit.mutateAsync(form.getValues()).then(
        () => undefined,
        (error: unknown) => {
          const message =
            words.language === 'en'
              ? getErrorMessage(error, text.sendFailed)
              : // The server's field messages are the schema's; anything else is said in general.
                isApiError(error) && error.field
                ? (words.say({ message: error.message, refusal: readRefusalAnswer(error.details) }) ??
                  text.sendFailed)
                : text.sendFailed;
          setFormError(message);
          if (isApiError(error) && error.field?.startsWith('guests.')) {
            form.setError(error.field as `guests.${number}.full_name`, { message }, { shouldFocus: true });
          }
        },
      );
    },
    () => setFormError(text.correctFields),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 flex flex-col gap-5">
      {errors.guests?.root?.message || errors.guests?.message ? (
        <FormAlert>{words.say(errors.guests.root ?? errors.guests)}</FormAlert>
      ) : null}
      {Array.from({ length: checkIn.guests_count }, (_, index) => (
        <GuestFields
          key={index}
          index={index}
          control={form.control}
          register={form.register}
          errors={errors.guests}
          stay={checkIn}
          words={words}
        />
      ))}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div>
        <Button type="submit" shape="pill" size="lg" disabled={submit.isPending}>
          {submit.isPending ? text.sending : text.send}
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
export function GuestCheckIn({
  token,
  language,
  title,
}: {
  token: string;
  language: Language;
  title: string;
}) {
  const query = useQuery(checkInQuery(token));
  const checkIn = query.data;
  const words = useCheckInWords(language);
  const { text } = words;
  return (
    <section id="check-in" aria-labelledby="check-in-title" className={CHECK_IN_SECTION_CLASS}>
      <h2 id="check-in-title" className="font-display text-2xl font-medium">
        {title}
      </h2>
      {query.isPending ? (
        <Skeleton className="mt-4 h-32 w-full" />
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {language === 'en' ? getErrorMessage(query.error, text.loadFailed) : text.loadFailed}
        </p>
      ) : checkIn?.state === 'done' ? (
        <CheckInDone checkIn={checkIn} words={words} />
      ) : checkIn?.state === 'open' ? (
        <>
          <p className="mt-2 leading-relaxed text-foreground">{text.intro}</p>
          <p className="mt-3 flex gap-2 rounded-lg border border-border bg-card p-3 text-sm leading-relaxed text-muted-foreground">
            <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            <span>{fillText(text.notice.summary, { days: checkIn.retention_days })}</span>
          </p>
          <CheckInForm token={token} checkIn={checkIn} words={words} />
        </>
      ) : (
        <p className="mt-2 text-muted-foreground">
          {checkIn?.state === 'not_open' ? text.notOpen : text.closed}
        </p>
      )}
    </section>
  );
}

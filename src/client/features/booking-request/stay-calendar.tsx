import { format, parseISO } from 'date-fns';
import { LoaderCircleIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DayPicker, type DateRange, type DayPickerProps } from 'react-day-picker';
import 'react-day-picker/style.css';
import { isRealDate } from '@/domain/dates';
import { Button } from '@/client/components/ui/button';
import { InputField } from '@/client/components/ui/form';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import type { BookingRequestFormState } from './use-booking-request-form';
import './booking-request-form.css';
import type { BookingFormText } from '@/content/booking-form';
import { fillText } from '@/content/fill-text';
import { INTL_LOCALES, type Language } from '@/content/languages';
import { useBookingFormText } from './booking-form-text';

/** The stay's dates as text fields, beside the calendar, for those who prefer typing. */
const TYPED_DATES = [
  { name: 'check_in', label: 'checkIn' },
  { name: 'check_out', label: 'checkOut' },
] as const;

const toDate = (value: string) => (isRealDate(value) ? parseISO(value) : undefined);
const toIso = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The day picker's month and weekday names and its accessible names in Hindi or Marathi, through Intl
 * (date-fns 4 has no Marathi locale, and Intl costs the page nothing); English keeps react-day-picker's own.
 */
function writeCalendarWords(
  text: BookingFormText['calendar'],
  language: Language,
): Pick<DayPickerProps, 'formatters' | 'labels'> {
  if (language === 'en') return {};
  const locale = INTL_LOCALES[language];
  const monthYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const weekdayShort = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const weekdayLong = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  const long = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const dayLabel = (date: Date, modifiers: { today?: boolean; selected?: boolean } = {}) => {
    let label = long.format(date);
    if (modifiers.today) label = fillText(text.today, { date: label });
    if (modifiers.selected) label = fillText(text.selected, { date: label });
    return label;
  };
  return {
    formatters: {
      formatCaption: (month) => monthYear.format(month),
      formatWeekdayName: (weekday) => weekdayShort.format(weekday),
    },
    labels: {
      labelGrid: (month) => monthYear.format(month),
      labelWeekday: (weekday) => weekdayLong.format(weekday),
      labelNext: () => text.nextMonth,
      labelPrevious: () => text.previousMonth,
      labelDayButton: (date, modifiers) => dayLabel(date, modifiers),
      labelGridcell: (date, modifiers) => dayLabel(date, { today: modifiers?.today }),
    },
  };
}

/**
 * The stay's dates: a calendar of open nights (taken ones struck through and disabled), and the same
 * dates as text fields for those who prefer typing.
 */
export function StayCalendar({ state }: { state: BookingRequestFormState }) {
  const { availability, unavailable, today, rules, stayRules, stay, pickDay, form } = state;
  const { register, formState } = form;
  const { text: texts, language, fieldError } = useBookingFormText();
  const text = texts.calendar;
  const selected: DateRange | undefined = toDate(stay.checkIn)
    ? { from: toDate(stay.checkIn), to: toDate(stay.checkOut) }
    : undefined;
  // The calendar follows a typed check-in to its month, and otherwise keeps the month the guest chose.
  const [shownMonth, setShownMonth] = useState<Date>(() => parseISO(today));
  const checkInMonth = toDate(stay.checkIn) ? stay.checkIn.slice(0, 7) : undefined;
  useEffect(() => {
    if (checkInMonth) setShownMonth(parseISO(`${checkInMonth}-01`));
  }, [checkInMonth]);

  return (
    <div>
      <div className="booking-calendar rounded-2xl border bg-background/60 p-1.5 sm:p-3">
        {availability.isError ? (
          <div
            role="alert"
            className="flex min-h-64 flex-col items-center justify-center gap-3 p-6 text-center text-sm"
          >
            {isApiError(availability.error, 404) ? (
              // The site's property is not taking requests: nothing to retry.
              <p>
                {language === 'en' ? getErrorMessage(availability.error, text.notTaking) : text.notTaking}
              </p>
            ) : (
              <>
                <p>
                  {text.couldNotLoad}{' '}
                  {language === 'en' ? getErrorMessage(availability.error, text.tryLater) : text.tryLater}
                </p>
                <Button type="button" variant="outline" size="sm" onClick={() => void availability.refetch()}>
                  {text.tryAgain}
                </Button>
              </>
            )}
          </div>
        ) : (
          <div aria-busy={availability.isPending} className="relative">
            <DayPicker
              mode="range"
              {...writeCalendarWords(text, language)}
              selected={selected}
              onSelect={(range, clicked) =>
                pickDay(toIso(clicked), {
                  from: range?.from ? toIso(range.from) : undefined,
                  to: range?.to ? toIso(range.to) : undefined,
                })
              }
              disabled={(date: Date) => rules.isDisabled(toIso(date))}
              startMonth={parseISO(today)}
              month={shownMonth}
              onMonthChange={setShownMonth}
              numberOfMonths={1}
              weekStartsOn={1}
              showOutsideDays={false}
              modifiers={{ unavailable: (date: Date) => unavailable.has(toIso(date)) }}
              modifiersClassNames={{ unavailable: 'booking-day-unavailable' }}
              footer={
                availability.isPending ? (
                  <p className="flex items-center gap-2 px-2 pt-2 text-xs text-muted-foreground">
                    <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden="true" /> {text.loading}
                  </p>
                ) : (
                  <div className="space-y-1 px-2 pt-2 text-xs text-muted-foreground">
                    <p>
                      <span className="booking-legend-unavailable" aria-hidden="true" /> {text.legend}
                    </p>
                    {rules.hint ? (
                      <p className="font-medium text-foreground">
                        {language === 'en' || !rules.hintNights
                          ? `${rules.hint}.`
                          : `${fillText(text.minimumStay, { n: rules.hintNights })}.`}
                      </p>
                    ) : stayRules.length > 0 ? (
                      <ul aria-label={text.stayRules}>
                        {stayRules.map((line) => (
                          <li key={line}>{line}.</li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                )
              }
            />
          </div>
        )}
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {TYPED_DATES.map(({ name, label }) => (
          <InputField
            key={name}
            label={texts.fields[label]}
            error={fieldError(name, formState.errors[name])}
            {...register(name)}
            placeholder="yyyy-mm-dd"
            inputMode="numeric"
            autoComplete="off"
          />
        ))}
      </div>
    </div>
  );
}

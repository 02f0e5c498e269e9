import { format, parseISO } from 'date-fns';
import { LoaderCircleIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import { isRealDate } from '@/domain/dates';
import { Button } from '@/client/components/ui/button';
import { FormField } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import type { BookingRequestFormState } from './use-booking-request-form';
import './booking-request-form.css';

const toDate = (value: string) => (isRealDate(value) ? parseISO(value) : undefined);
const toIso = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The stay's dates: a calendar of open nights (taken ones struck through and disabled), and the same
 * dates as text fields for those who prefer typing.
 */
export function StayCalendar({ state }: { state: BookingRequestFormState }) {
  const { availability, unavailable, today, rules, stayRules, stay, pickDay, form } = state;
  const { register, formState } = form;
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
              <p>{getErrorMessage(availability.error, 'We are not taking booking requests online.')}</p>
            ) : (
              <>
                <p>
                  Availability could not be loaded.{' '}
                  {getErrorMessage(availability.error, 'Please try again in a moment.')}
                </p>
                <Button type="button" variant="outline" size="sm" onClick={() => void availability.refetch()}>
                  Try again
                </Button>
              </>
            )}
          </div>
        ) : (
          <div aria-busy={availability.isPending} className="relative">
            <DayPicker
              mode="range"
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
                    <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden="true" /> Loading
                    availability…
                  </p>
                ) : (
                  <div className="space-y-1 px-2 pt-2 text-xs text-muted-foreground">
                    <p>
                      <span className="booking-legend-unavailable" aria-hidden="true" /> Struck-through nights
                      are taken.
                    </p>
                    {rules.hint ? (
                      <p className="font-medium text-foreground">{rules.hint}.</p>
                    ) : stayRules.length > 0 ? (
                      <ul aria-label="Stay rules">
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
        <FormField label="Check-in" error={formState.errors.check_in}>
          {(props) => (
            <Input
              {...props}
              {...register('check_in')}
              placeholder="yyyy-mm-dd"
              inputMode="numeric"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField label="Check-out" error={formState.errors.check_out}>
          {(props) => (
            <Input
              {...props}
              {...register('check_out')}
              placeholder="yyyy-mm-dd"
              inputMode="numeric"
              autoComplete="off"
            />
          )}
        </FormField>
      </div>
    </div>
  );
}

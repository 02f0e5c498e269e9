import { useQuery } from '@tanstack/react-query';
import { FileWarningIcon } from 'lucide-react';
import { formatVillaTime } from '@/domain/dates';
import { describeTimeLeft } from '@/domain/time-left';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { useMinuteClock } from '@/client/lib/use-minute-clock';
import { guestRegisterQuery } from './guests-api';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The dashboard's Form C deadlines: each foreign guest not yet reported to the FRRO, with the time left
 * until 24 hours after their arrival (or how late it is). Nothing when none is waiting.
 */
export function FormCDeadlines({ onOpenGuests }: { onOpenGuests?: () => void }) {
  const pending = useQuery(guestRegisterQuery({ form_c: 'pending' }));
  const now = useMinuteClock();
  // From a week before arrival (Form C cannot be filed before the guest arrives) until it is filed.
  const soon = now.getTime() + WEEK_MS;
  const guests = (pending.data ?? []).flatMap((stay) =>
    stay.guests
      .filter((guest) => guest.form_c && new Date(guest.form_c.arrival_at).getTime() <= soon)
      .map((guest) => ({ stay, guest, form: guest.form_c! })),
  );
  if (guests.length === 0) return null;
  guests.sort((a, b) => a.form.deadline.localeCompare(b.form.deadline));
  return (
    <Card className="border-yellow-400" role="region" aria-labelledby="form-c-title">
      <CardHeader className="pb-3">
        <h2 id="form-c-title" className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <FileWarningIcon className="size-5 text-yellow-700" aria-hidden="true" />
          Form C to file
        </h2>
        <CardDescription>
          Each foreign guest is reported to the FRRO within 24 hours of arrival.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ul className="grid gap-2" aria-label="Form C deadlines">
          {guests.map(({ stay, guest, form }) => {
            const overdue = new Date(form.deadline).getTime() < now.getTime();
            const left = describeTimeLeft(form.deadline, now);
            return (
              <li
                key={guest.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {guest.full_name} ({guest.nationality_name}) · {stay.property_name}
                  </p>
                  <p className="text-muted-foreground">
                    Arrives {formatVillaTime(form.arrival_at)} · due by {formatVillaTime(form.deadline)}
                  </p>
                </div>
                <span className={overdue ? 'font-semibold text-destructive' : 'font-semibold'}>
                  {overdue ? 'Overdue' : left === 'due now' ? 'Due now' : `${left} left`}
                </span>
              </li>
            );
          })}
        </ul>
        {onOpenGuests ? (
          <div>
            <Button type="button" variant="outline" size="sm" onClick={onOpenGuests}>
              Open the guest register
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

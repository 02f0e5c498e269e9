import { useQuery } from '@tanstack/react-query';
import { MessageCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import { formatVillaTime } from '@/domain/dates';
import { MESSAGE_TEMPLATE_LABELS, type ScheduledMessage } from '@/domain/message-template';
import { Disclosure } from '@/client/components/disclosure';
import { QueryLoadError } from '@/client/components/query-state';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { getErrorMessage } from '@/client/lib/api-client';
import { cn } from '@/client/lib/utils';
import { bookingScheduleQuery, useChangeScheduledMessage } from './messages-api';

const STATE_BADGES: Record<
  ScheduledMessage['state'],
  { label: string; variant: 'warning' | 'success' | 'danger' | 'neutral' }
> = {
  scheduled: { label: 'Scheduled', variant: 'warning' },
  sent: { label: 'Written', variant: 'success' },
  skipped: { label: 'Skipped', variant: 'neutral' },
  off: { label: 'Off', variant: 'neutral' },
  none: { label: 'Not sent', variant: 'neutral' },
};

/**
 * A booking's scheduled messages (before arrival, after the stay): what is sent when, in villa time, with
 * Skip and Restore; and 'Message on WhatsApp' with the before-arrival text. Loaded when opened.
 */
export function BookingSchedule({ bookingId }: { bookingId: string }) {
  return (
    <Disclosure label="Guest messages">
      <ScheduleList bookingId={bookingId} />
    </Disclosure>
  );
}

function ScheduleList({ bookingId }: { bookingId: string }) {
  const schedule = useQuery(bookingScheduleQuery(bookingId));
  const change = useChangeScheduledMessage(bookingId);
  if (schedule.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the schedule...
      </p>
    );
  if (schedule.isError) return <QueryLoadError what="the schedule" query={schedule} />;
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2" aria-label="Scheduled messages">
        {schedule.data.messages.map((message) => {
          const label = MESSAGE_TEMPLATE_LABELS[message.kind];
          const badge = STATE_BADGES[message.state];
          const when = message.sent_at ?? message.send_at;
          return (
            <li
              key={message.kind}
              data-scheduled-kind={message.kind}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {label}
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                </p>
                {when && message.state !== 'none' ? (
                  <p className="text-muted-foreground">
                    {message.state === 'sent' ? 'Written ' : ''}
                    {formatVillaTime(when)} (India time)
                  </p>
                ) : null}
                <p className="text-xs text-muted-foreground">{message.note}</p>
              </div>
              {message.can_skip || message.can_restore ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={change.isPending}
                  aria-label={`${message.can_skip ? 'Skip' : 'Restore'} the ${label.toLowerCase()} message`}
                  onClick={() =>
                    change.mutate(
                      { kind: message.kind, skip: message.can_skip },
                      {
                        onError: (error) =>
                          toast.error('Could not change the schedule', {
                            description: getErrorMessage(error, 'Please try again.'),
                          }),
                      },
                    )
                  }
                >
                  {message.can_skip ? 'Skip' : 'Restore'}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {schedule.data.whatsapp_url ? (
        <a
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'justify-self-start')}
          href={schedule.data.whatsapp_url}
          target="_blank"
          rel="noopener noreferrer"
        >
          <MessageCircleIcon className="size-4" aria-hidden="true" />
          Message on WhatsApp
        </a>
      ) : null}
    </div>
  );
}

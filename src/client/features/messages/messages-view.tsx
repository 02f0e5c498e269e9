import { useQuery } from '@tanstack/react-query';
import { MailIcon, RotateCwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  MESSAGE_KIND_LABELS,
  MESSAGE_STATUSES,
  type MessageStatus,
  type MessageSummary,
} from '@/domain/message';
import { QueryLoadError } from '@/client/components/query-state';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ToggleGroup } from '@/client/components/ui/toggle-group';
import { ViewSection } from '@/client/components/view-section';
import { getErrorMessage } from '@/client/lib/api-client';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { MessageDialog } from './message-dialog';
import { MessageTemplatesCard } from './message-templates-card';
import { MESSAGES_PAGE_SIZE, messagesQuery, useResendMessage } from './messages-api';

const STATUS_BADGES: Record<MessageStatus, { label: string; variant: 'warning' | 'success' | 'danger' }> = {
  pending: { label: 'Pending', variant: 'warning' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
};

const formatWhen = (timestamp: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(timestamp));

function ResendButton({ message }: { message: MessageSummary }) {
  const resend = useResendMessage();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(message.id, {
          onSuccess: () => toast.success('Queued to send again', { description: message.subject }),
          onError: (error) =>
            toast.error('Could not send again', { description: getErrorMessage(error, 'Please try again.') }),
        })
      }
    >
      <RotateCwIcon aria-hidden="true" className={resend.isPending ? 'animate-spin' : undefined} />
      Send again
    </Button>
  );
}

/** Every e-mail about the operator's properties, with its delivery state. */
export function MessagesView({
  properties,
  property,
  onSelectProperty,
}: {
  properties: Wire<Property>[];
  /** The selected property; none selected: the first one's templates are shown. */
  property: Wire<Property> | null;
  onSelectProperty: (property: Wire<Property>) => void;
}) {
  const templatesOf = property ?? properties[0] ?? null;
  const [status, setStatus] = useState<MessageStatus | null>(null);
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useQuery(messagesQuery({ status, offset }));
  const total = messages.data?.total ?? 0;

  return (
    <ViewSection
      id="messages-title"
      title="Messages"
      description="What guests are sent before they arrive and after they leave, and every e-mail to guests and to you with whether it was delivered."
      className="grid-cols-1"
    >
      {templatesOf ? (
        <MessageTemplatesCard
          key={templatesOf.id}
          property={templatesOf}
          properties={properties}
          onSelectProperty={onSelectProperty}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Add a property to write its scheduled messages.</p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">Sent and waiting</h3>
        <ToggleGroup
          label="Filter by status"
          className="gap-1 rounded-lg"
          offClassName="text-muted-foreground"
          options={[
            { value: null, label: 'All' },
            ...MESSAGE_STATUSES.map((value) => ({ value, label: STATUS_BADGES[value].label })),
          ]}
          value={status}
          onChange={(option) => {
            setStatus(option);
            setOffset(0);
          }}
        />
      </div>
      {messages.isPending ? (
        <div aria-busy="true" aria-label="Loading messages" className="grid gap-2">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-20 w-full" />
          ))}
        </div>
      ) : messages.isError ? (
        <QueryLoadError what="messages" query={messages} />
      ) : messages.data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
          <MailIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">
            {status ? `No ${STATUS_BADGES[status].label.toLowerCase()} messages.` : 'No messages yet.'}
          </p>
          <p className="text-sm text-muted-foreground">
            A guest's request, your decisions and withdrawals each send e-mail; they appear here.
          </p>
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-2" aria-label="Messages">
          {messages.data.items.map((message) => {
            const badge = STATUS_BADGES[message.status];
            return (
              <li key={message.id}>
                <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant={badge.variant}>{badge.label}</Badge>
                      <span className="text-xs text-muted-foreground">
                        {MESSAGE_KIND_LABELS[message.kind]}
                      </span>
                    </div>
                    <p className="truncate font-medium" title={message.subject}>
                      {message.subject}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      To <span className="break-all text-foreground">{message.to_address}</span> ·{' '}
                      {formatWhen(message.created_at)}
                      {message.sent_at ? ` · sent ${formatWhen(message.sent_at)}` : ''} · {message.attempts}{' '}
                      {message.attempts === 1 ? 'attempt' : 'attempts'}
                    </p>
                    {message.last_error && message.status !== 'sent' ? (
                      <p className="text-sm break-words text-destructive">Last error: {message.last_error}</p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button size="sm" variant="outline" onClick={() => setOpenId(message.id)}>
                      View
                    </Button>
                    {message.status === 'failed' ? <ResendButton message={message} /> : null}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}

      {total > MESSAGES_PAGE_SIZE ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - MESSAGES_PAGE_SIZE))}
          >
            Newer
          </Button>
          <span className="text-sm text-muted-foreground">
            {offset + 1}–{Math.min(total, offset + MESSAGES_PAGE_SIZE)} of {total}
          </span>
          <Button
            variant="outline"
            disabled={offset + MESSAGES_PAGE_SIZE >= total}
            onClick={() => setOffset(offset + MESSAGES_PAGE_SIZE)}
          >
            Older
          </Button>
        </nav>
      ) : null}

      {openId ? <MessageDialog id={openId} onClose={() => setOpenId(null)} /> : null}
    </ViewSection>
  );
}

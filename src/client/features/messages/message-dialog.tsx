import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TitledDialog } from '@/client/components/titled-dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ToggleGroup } from '@/client/components/ui/toggle-group';
import { getErrorMessage } from '@/client/lib/api-client';
import { messageQuery } from './messages-api';

/** One message as the recipient sees it: the HTML (in a sandbox: no scripts, no requests) or the text. */
export function MessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useQuery(messageQuery(id));
  const [format, setFormat] = useState<'html' | 'text'>('html');
  return (
    <TitledDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={message.data?.subject ?? 'Message'}
      description={
        <>
          {message.data
            ? `To ${message.data.to_address} · Message-ID ${message.data.message_id}`
            : 'Loading…'}
        </>
      }
      className="max-h-[90dvh] max-w-3xl overflow-y-auto"
    >
      {message.isPending ? (
        <Skeleton className="h-80 w-full" />
      ) : message.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(message.error, 'The message could not be loaded.')}
        </p>
      ) : (
        <>
          <ToggleGroup
            label="Show as"
            className="gap-1 rounded-lg"
            options={[
              { value: 'html', label: 'As sent (HTML)' },
              { value: 'text', label: 'Plain text' },
            ]}
            value={format}
            onChange={setFormat}
          />
          {format === 'html' ? (
            <iframe
              title="The message as sent"
              sandbox=""
              srcDoc={message.data.html_body}
              className="h-[60dvh] w-full rounded-md border bg-white"
            />
          ) : (
            <pre className="max-h-[60dvh] overflow-auto rounded-md border bg-muted p-4 text-sm whitespace-pre-wrap">
              {message.data.text_body}
            </pre>
          )}
        </>
      )}
    </TitledDialog>
  );
}

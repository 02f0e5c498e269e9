import { CheckIcon, CopyIcon, RefreshCwIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import {
  CALENDAR_READER_LABELS,
  EXPORT_GRACE_DAYS,
  type ExportAddressReads,
  type ExportRead,
} from '@/domain/channel';
import { getErrorMessage } from '@/client/lib/api-client';
import { formatTimestampDate } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';
import { formatTimeAgo } from './channel-health';
import { useRotateExportUrl } from './channels-api';

/** Puts text on the clipboard; where the Clipboard API is refused, the selected field is copied. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/**
 * An export address with Copy and Rotate. The server keeps only a hash of an address's secret, so it gives
 * the address in full once, when it is made: then it shows with Copy; afterwards only its masked form does,
 * and Rotate is the way to a new one. Rotating asks first: the old address keeps working for
 * EXPORT_GRACE_DAYS, while every channel that reads it is given the new one. Below it: who read the address,
 * and the replaced ones still working, lately (so the operator sees which channel still reads an old one).
 */
export function ExportUrlField({
  label,
  url,
  masked,
  propertyId,
  channelId,
  onMade,
  reads,
  now,
}: {
  label: string;
  /** The full address when it was just made, else its masked form. */
  url: string;
  masked: boolean;
  propertyId: string;
  /** A connection's own address; without it, the property's. */
  channelId: string | null;
  /** Told the new address after a rotation, which only this answer holds in full. */
  onMade: (url: string) => void;
  /** Who read this address and the replaced ones lately. */
  reads: ExportAddressReads;
  now: Date;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const rotate = useRotateExportUrl(propertyId);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const copy = async () => {
    if (await copyText(url, field.current)) {
      setCopied(true);
      toast.success('Address copied', { description: 'Paste it into the channel’s calendar import.' });
      window.setTimeout(() => setCopied(false), 2000);
    } else {
      field.current?.select();
      toast.error('Could not copy', { description: 'The address is selected: copy it with Ctrl+C or ⌘C.' });
    }
  };

  const confirmRotate = () =>
    rotate.mutate(channelId, {
      onSuccess: (result) => {
        onMade(result.export_url);
        setConfirming(false);
        toast.success('New address made', {
          description: `Copy it now (it is shown only once) into every channel that read the old one, which keeps working until ${formatTimestampDate(result.previous_valid_until)}.`,
        });
      },
    });

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <Input
          ref={field}
          id={id}
          readOnly
          value={url}
          spellCheck={false}
          aria-describedby={`${id}-note`}
          data-masked={masked}
          className={cn(
            'min-w-0 flex-1 basis-full font-mono text-xs sm:basis-auto md:text-xs',
            masked && 'text-muted-foreground',
          )}
          onFocus={(event) => (masked ? undefined : event.currentTarget.select())}
        />
        {masked ? null : (
          <Button
            type="button"
            variant="outline"
            onClick={() => void copy()}
            aria-label={`${copied ? 'Copied' : 'Copy'} ${label}`}
          >
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
        <Button
          type="button"
          variant="outline"
          onClick={() => setConfirming(true)}
          disabled={confirming}
          aria-label={`Rotate ${label}`}
        >
          <RefreshCwIcon aria-hidden="true" /> Rotate
        </Button>
      </div>
      <p id={`${id}-note`} className={cn('text-xs', masked ? 'text-muted-foreground' : 'font-medium')}>
        {masked
          ? `For safety an address is shown only once, when it is made. Rotate to get a new one; the old one keeps working for ${EXPORT_GRACE_DAYS} days.`
          : `Copy this address now: it is shown only once. Rotating gives a new one; the old one keeps working for ${EXPORT_GRACE_DAYS} days.`}
      </p>
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby={`${id}-rotate`}
          className="flex flex-wrap items-center gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950"
        >
          <p id={`${id}-rotate`} className="basis-full">
            Make a new address? The current one keeps working for {EXPORT_GRACE_DAYS} days, then answers “not
            found”: before then give the new one to every channel that reads it, or it stops seeing the nights
            booked here.
          </p>
          <Button
            type="button"
            size="sm"
            variant="destructive"
            onClick={confirmRotate}
            disabled={rotate.isPending}
          >
            {rotate.isPending ? 'Rotating...' : 'Yes, make a new address'}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => (setConfirming(false), rotate.reset())}
            autoFocus
            disabled={rotate.isPending}
          >
            Keep the current one
          </Button>
          {rotate.isError ? (
            <p role="alert" className="basis-full text-destructive">
              {getErrorMessage(rotate.error, 'The address could not be replaced')}
            </p>
          ) : null}
        </div>
      ) : null}
      <ExportReads reads={reads} now={now} />
    </div>
  );
}

const describeReads = (reads: readonly ExportRead[], now: Date) =>
  reads
    .map((read) => `${CALENDAR_READER_LABELS[read.reader]} ${formatTimeAgo(read.last_read_at, now)}`)
    .join(' · ');

/** Who read the address lately, and who still reads a replaced one that works until its day. */
function ExportReads({ reads, now }: { reads: ExportAddressReads; now: Date }) {
  return (
    <div className="grid gap-1 text-xs" data-export-reads="">
      <p>
        <span className="font-medium">Read lately: </span>
        {reads.reads.length > 0 ? describeReads(reads.reads, now) : 'by no channel yet'}
      </p>
      {reads.previous.map((previous) => (
        <p
          key={previous.expires_at}
          className={cn(
            'rounded-md px-2 py-1',
            previous.reads.length > 0 ? 'bg-yellow-50 text-yellow-950' : 'text-muted-foreground',
          )}
        >
          <span className="font-medium">
            The replaced address works until {formatTimestampDate(previous.expires_at)}:{' '}
          </span>
          {previous.reads.length > 0
            ? `still read by ${describeReads(previous.reads, now)}. Give ${previous.reads.length === 1 ? 'it' : 'them'} the new address.`
            : 'no channel has read it since it was replaced.'}
        </p>
      ))}
    </div>
  );
}

import { AlertTriangleIcon } from 'lucide-react';
import type { LeftOut } from '@/domain/channel';
import { describeLeftOutDates } from './channel-health';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * What the last sync left out of a channel's calendar: a short line, opened into the list (the first
 * ones the server keeps, with how many more there were). Nothing when nothing was left out.
 */
export function LeftOutItems({ leftOut, channel }: { leftOut: LeftOut; channel: string }) {
  if (leftOut.total === 0) return null;
  const more = leftOut.total - leftOut.items.length;
  return (
    <details
      className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950"
      data-testid="left-out"
    >
      <summary className="cursor-pointer font-medium">
        <AlertTriangleIcon className="mr-1.5 inline size-4 align-[-3px]" aria-hidden="true" />
        {plural(leftOut.total, 'item')} left out by the last sync
      </summary>
      <p className="mt-2">
        The rest of {channel}’s calendar was imported. A stay imported before under one of these is kept as it
        was; check them on {channel}.
      </p>
      <ul className="mt-2 divide-y divide-yellow-200 rounded border border-yellow-200 bg-card">
        {leftOut.items.map((item, index) => (
          <li
            key={`${item.uid ?? ''}-${index}`}
            className="grid min-w-0 gap-0.5 p-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_minmax(0,2fr)] sm:gap-3"
          >
            <span className="font-medium">{item.message}</span>
            <span>{describeLeftOutDates(item)}</span>
            <span className="font-mono text-xs break-all text-muted-foreground sm:pt-0.5">
              {item.uid ? `UID ${item.uid}` : 'No UID'}
            </span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-2">…and {plural(more, 'more item')}.</p> : null}
    </details>
  );
}

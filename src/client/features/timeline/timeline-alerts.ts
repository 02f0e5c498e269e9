import { CHANNEL_LABELS } from '@/domain/channel';
import type { TimelineProperty } from '@/domain/timeline';

/** What needs the operator on a property's channels, in sentences: open conflicts, then stale channels. */
export function describePropertyAlerts(
  property: Pick<TimelineProperty, 'open_conflicts' | 'stale_channels'>,
): string[] {
  const alerts: string[] = [];
  const conflicts = property.open_conflicts;
  if (conflicts > 0) alerts.push(`${conflicts} sync conflict${conflicts === 1 ? '' : 's'} to settle.`);
  for (const channel of property.stale_channels) {
    alerts.push(
      `${channel.name || CHANNEL_LABELS[channel.channel]} has not synced lately: nights may be sold twice.`,
    );
  }
  return alerts;
}

import { describe, expect, it } from 'vitest';
import { readConfig, readEnv } from '../env';

describe('channel sync settings from the environment', () => {
  it('refuses private feed addresses, syncs every 15 minutes, warns after 6 hours and confirms an empty calendar after 10 minutes by default', () => {
    expect(readConfig({}).channels).toMatchObject({
      allowPrivateUrls: false,
      syncMinutes: 15,
      staleHours: 6,
      emptyConfirmMinutes: 10,
    });
  });

  it('reads the variables', () => {
    expect(
      readConfig({
        CHANNEL_ALLOW_PRIVATE_URLS: 'true',
        CHANNEL_SYNC_MINUTES: '30',
        CHANNEL_STALE_HOURS: '1.5',
        CHANNEL_EMPTY_CONFIRM_MINUTES: '20',
      }).channels,
    ).toMatchObject({ allowPrivateUrls: true, syncMinutes: 30, staleHours: 1.5, emptyConfirmMinutes: 20 });
  });

  it.each([
    [{ CHANNEL_SYNC_MINUTES: '4' }, /CHANNEL_SYNC_MINUTES must be at least 5/],
    [{ CHANNEL_SYNC_MINUTES: 'often' }, /CHANNEL_SYNC_MINUTES must be a number/],
    [{ CHANNEL_STALE_HOURS: '0' }, /CHANNEL_STALE_HOURS must be more than 0/],
    [{ CHANNEL_EMPTY_CONFIRM_MINUTES: '0' }, /CHANNEL_EMPTY_CONFIRM_MINUTES must be at least 1/],
    [{ CHANNEL_EMPTY_CONFIRM_MINUTES: '2.5' }, /CHANNEL_EMPTY_CONFIRM_MINUTES must be a whole number/],
    [{ CHANNEL_EMPTY_CONFIRM_MINUTES: 'soon' }, /CHANNEL_EMPTY_CONFIRM_MINUTES must be a number/],
    [{ CHANNEL_ALLOW_PRIVATE_URLS: 'sometimes' }, /CHANNEL_ALLOW_PRIVATE_URLS must be true or false/],
  ])('refuses %o', (source, message) => {
    expect(() => readEnv(source)).toThrow(message);
  });
});

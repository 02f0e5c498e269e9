import { describe, expect, it } from 'vitest';
import { messageTextsMr } from '../../content/mr/messages';
import { scheduledMessageTexts } from '../../content/scheduled-messages';
import { renderScheduledMessage } from './scheduled-messages';

const template = { subject: 'See you on {checkInDate}', body: 'Dear {guestName},\n\nWe look forward to it.' };
const values = { checkInDate: 'Sun, 10 Jan 2027', guestName: 'Asha' };

describe("a scheduled message in the guest's language", () => {
  it("keeps the operator's words as written and says our note under them in the guest's language", async () => {
    const marathi = await renderScheduledMessage(template, values, { language: 'mr' });
    expect(marathi.subject).toBe('See you on Sun, 10 Jan 2027');
    expect(marathi.text).toContain('Dear Asha,\n\nWe look forward to it.');
    expect(marathi.text).toContain(messageTextsMr.stayNote);
    expect(marathi.html).toContain(`lang="mr"`);
    expect(marathi.text).not.toContain(scheduledMessageTexts.stayNote);

    const english = await renderScheduledMessage(template, values);
    expect(english.text).toContain(scheduledMessageTexts.stayNote);
    expect(english.html).not.toContain('lang="mr"');
  });
});

import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  raw: ParsedMail;
};

export type SmtpSink = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Waits until at least `count` messages arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Refuses every message with a temporary error (the server answers, but says no). */
  refuse(on: boolean): void;
  /** Refuses one recipient for good, naming it as real servers do ("550 5.1.1 <address>: …"). */
  rejectRecipient(address: string | undefined): void;
  close(): Promise<void>;
};

/** An SMTP server inside the test process that keeps what it receives, parsed. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  let rejected: string | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address !== rejected) return callback();
      const error = new Error(
        `5.1.1 <${address.address}>: Recipient address rejected: User unknown`,
      ) as Error & {
        responseCode: number;
      };
      error.responseCode = 550;
      return callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusing) {
            const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          received.push({
            to: session.envelope.rcptTo.map((address) => address.address).join(', '),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
            raw: mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}?tls=off`,
    received,
    refuse(on) {
      refusing = on;
    },
    rejectRecipient(address) {
      rejected = address;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} messages, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { assertNoTransactionOpen } from '../db/outside-calls';
import type { InlineImage } from './upi-qr';

/** One message as the worker hands it to the transport. */
export type OutgoingMail = {
  id: string;
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes: the guest, on the operator's e-mails about their request. */
  replyTo?: string;
  /** Images the HTML shows by `cid:` (the UPI QR code of a confirmation). */
  inlineImages?: InlineImage[];
  /** Files attached to the message (an invoice's PDF). */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailTransport = {
  /** 'smtp' sends for real; 'outbox' writes .eml files (nothing pretends to be sent). */
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export type MailTransportOptions = {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** Seconds to wait for the SMTP server at each step; a down server fails the attempt, not the worker. */
  timeoutMs?: number;
};

function toNodemailer(options: MailTransportOptions, mail: OutgoingMail) {
  return {
    from: options.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    attachments: [
      ...(mail.inlineImages ?? []).map((image) => ({ ...image, contentDisposition: 'inline' as const })),
      ...(mail.attachments ?? []).map((file) => ({ ...file, contentDisposition: 'attachment' as const })),
    ],
    // The same Message-ID on a resend is what lets a receiving side recognise a duplicate.
    headers: { 'X-Outbox-Id': mail.id },
  };
}

/**
 * Real sending through SMTP_URL (smtp:// or smtps://), or, without it, .eml files in the outbox folder
 * (named after the message, so a resend after a crash overwrites its own file instead of adding one).
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const timeout = options.timeoutMs ?? 15_000;
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const transporter = nodemailer.createTransport({
      // One kept-open connection instead of a new one (and a new handshake) per message.
      pool: true,
      maxConnections: 1,
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // A local test server has no certificate; any other value of the query string is ignored.
      ...(url.searchParams.get('tls') === 'off' ? { ignoreTLS: true } : {}),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        assertNoTransactionOpen('The mail server');
        await transporter.sendMail(toNodemailer(options, mail));
      },
      close: () => transporter.close(),
    };
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await writer.sendMail(toNodemailer(options, mail));
      // Owner only: each message holds a guest's details and the link that withdraws their request.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const path = join(options.outboxDir, `${mail.id}.eml`);
      // Written whole or not at all: a reader never sees half a message.
      await writeFile(`${path}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${path}.tmp`, path);
    },
    close: () => writer.close(),
  };
}

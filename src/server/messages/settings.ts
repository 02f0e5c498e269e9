import type { Env } from '../env';

export type MessageSettings = {
  /** The address the site is reached at, for links in messages (no trailing slash). */
  publicUrl: string;
  /** Where the operator's notifications go; the property owner's e-mail when unset. */
  operatorNotifyEmail?: string;
  /** How long a guest's request is held unanswered before it lapses. */
  holdHours: number;
  /** How long a new request holds its nights before the guest confirms it from their e-mail. */
  verifyMinutes: number;
  /** The domain of Message-IDs. */
  messageIdDomain: string;
};

export const DEFAULT_MESSAGE_SETTINGS: MessageSettings = {
  publicUrl: 'http://127.0.0.1:3000',
  holdHours: 48,
  verifyMinutes: 30,
  messageIdDomain: 'shantivilla.local',
};

/** The environment's message settings. */
export function readMessageSettings(
  env: Pick<
    Env,
    | 'PUBLIC_URL'
    | 'HOST'
    | 'PORT'
    | 'OPERATOR_NOTIFY_EMAIL'
    | 'REQUEST_HOLD_HOURS'
    | 'REQUEST_VERIFY_MINUTES'
    | 'MAIL_FROM'
  >,
): MessageSettings {
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, '');
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM)?.[1];
  return {
    publicUrl,
    operatorNotifyEmail: env.OPERATOR_NOTIFY_EMAIL,
    holdHours: env.REQUEST_HOLD_HOURS,
    verifyMinutes: env.REQUEST_VERIFY_MINUTES,
    messageIdDomain: fromDomain ?? new URL(publicUrl).hostname,
  };
}

import type { Config } from '../env';

/**
 * What writing a message needs: the site's address for its links, the messages' own settings, and how
 * guests pay (the confirmation says what is due now and how to pay it).
 */
export type MessageSettings = Pick<Config, 'server' | 'messages' | 'payments'>;

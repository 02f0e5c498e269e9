import type { Config } from '../env';

/** What writing a message needs: the site's address for its links, and the messages' own settings. */
export type MessageSettings = Pick<Config, 'server' | 'messages'>;

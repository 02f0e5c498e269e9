// The thread that reads channel calendars starts here. The server runs its TypeScript through tsx (see
// docs/decisions/0001), whose loader each thread registers for itself, as scripts/start.mjs does for the
// main one; so this works alike under `npm start`, `npm run dev` and the tests.
import { register } from 'tsx/esm/api';

register();
await import('./parse-feed-worker.ts');

import { config } from 'zod/v4/core';

// The pages' Content-Security-Policy refuses eval (script-src 'self'), so zod cannot compile its fast
// parsers in the browser. Left on, zod tries once as it builds the first object schema, and the browser
// reports the refused eval as a CSP issue of the page. This module is imported before any other by each
// page's script, so the setting holds before any schema is built; it brings zod's config alone, no schemas.
config({ jitless: true });

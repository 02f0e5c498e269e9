// The pages' Content-Security-Policy refuses eval (script-src 'self'), so zod cannot compile its fast
// parsers in the browser. Left on, zod tries once as it builds the first object schema, and the browser
// reports the refused eval as a CSP issue of the page. Each page's mount module (`renderMount` in
// scripts/vite-plugin-pages.ts) imports this module before any other, so the setting holds before any schema is built.
//
// zod keeps its settings in `globalThis.__zod_globalConfig` (shared by every copy of zod; its `config()`
// writes there). Writing it directly costs the page nothing: importing `config` from zod put 3.7 KB (gzip)
// of zod's core into the landing page's first chunks, before any form needs zod.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((holder.__zod_globalConfig ??= {}), { jitless: true });

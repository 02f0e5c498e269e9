// Benchmark of the public pages: Lighthouse (mobile, simulated throttling) on /, /partnership, /hi, /mr, the
// 404 page and a guest's request page (/request/<token>, from a request made through the API), each beside
// its floor: the same HTML as the server sends it with its scripts removed, compressed as the server
// compresses it (the LCP our script could reach). Also the JS and CSS bytes (gzip) that `/` loads. Builds
// first unless a build exists (BENCH_REBUILD=1 forces it). Prints a table; writes the raw figures to
// bench/results/site.json.
//   node bench/site.mjs   (BUILD_DIR=… to pick the build; RUNS=3 for the median of 3 alternated runs;
//                          PAGES=home,hi to audit only some of home, partnership, hi, mr, notFound, request)
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, spawnBuiltServer } from '../scripts/built-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildDir = process.env.BUILD_DIR ? resolve(process.env.BUILD_DIR) : join(root, 'dist');
const runs = Number(process.env.RUNS || 1);
const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

const freePort = () =>
  new Promise((done, fail) => {
    const server = createNetServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => (port ? done(port) : fail(new Error('no port'))));
    });
  });
// PORT_BASE=3430 takes the server's, the floor's and Chromium's ports from there (a machine where each
// person has a range of ports); otherwise any free ports.
let nextPort = Number(process.env.PORT_BASE || 0);
const takePort = async () => {
  if (!nextPort) return freePort();
  const port = nextPort++;
  // A port in use would send the bench to whatever answers there.
  await new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', () => fail(new Error(`Port ${port} is in use`)));
    probe.listen(port, '127.0.0.1', () => probe.close(done));
  });
  return port;
};
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function waitFor(url, child, what) {
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${what} did not start`);
}

if (process.env.BENCH_REBUILD === '1' || !existsSync(join(buildDir, 'client/.built'))) {
  console.log(`Building into ${buildDir}…`);
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const cleanups = [];
const cleanUp = async () => {
  // Every cleanup runs, even after one fails (a server left behind would hold its port and a core).
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
};

try {
  // The built server, on a free port, with a throwaway database.
  const port = await takePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'villa-bench-'));
  const server = spawnBuiltServer({
    port,
    dataDir,
    buildDir,
    env: { OPERATOR_EMAIL: 'bench@example.com', OPERATOR_PASSWORD: 'bench-password-123' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(async () => {
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode !== null ? done() : server.once('exit', done)));
    rmSync(dataDir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, server, 'The server');

  // A guest's own request page: send a request as a guest would, and take its link from the e-mail the
  // server wrote to its outbox folder (no SMTP_URL here).
  const { today } = await (await fetch(`${base}/api/availability`)).json();
  const dayAfter = (date, days) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const requested = await fetch(`${base}/api/booking-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      check_in: dayAfter(today, 75),
      check_out: dayAfter(today, 78),
      guests_count: 2,
      guest_name: 'Bench Guest',
      guest_email: 'bench.guest@example.com',
    }),
  });
  if (requested.status !== 201) throw new Error(`The bench's booking request answered ${requested.status}`);
  let requestPath;
  for (let attempt = 0; attempt < 100 && !requestPath; attempt++) {
    await sleep(200);
    const outbox = join(dataDir, 'outbox');
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      // Quoted-printable: undo the soft line breaks, which may fall inside the link.
      const text = readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
      requestPath ??= /\/request\/[A-Za-z0-9_-]{20,}/.exec(text)?.[0];
    }
  }
  if (!requestPath) throw new Error('No request link was found in the outbox');

  // The pages audited. `seo: false` for the request page (noindex: one guest's own page). The 404 page is
  // noindex and answers 404, so Lighthouse's SEO category must fail it on those two audits; its score is
  // printed with the rest of its SEO audits beside it.
  const all = ['performance', 'accessibility', 'best-practices', 'seo'];
  const pages = [
    { name: 'home', label: '/', path: '/', status: 200 },
    { name: 'partnership', label: '/partnership', path: '/partnership', status: 200 },
    { name: 'hi', label: '/hi', path: '/hi', status: 200 },
    { name: 'mr', label: '/mr', path: '/mr', status: 200 },
    { name: 'notFound', label: '404', path: '/no-such-page', status: 404 },
    { name: 'request', label: '/request/…', path: requestPath, status: 200, seo: false, rendered: true },
  ].filter((page) => !process.env.PAGES || process.env.PAGES.split(',').includes(page.name));

  // Each page's floor: its HTML exactly as the server sends it, without its scripts (the inline loader),
  // served beside the real server at the same path and compressed as the server compresses it (the
  // build's brotli 11 / gzip 9 copies for a prerendered page, brotli 5 / gzip 6 for a rendered one);
  // everything else is passed through from the real server untouched, with its own encoding.
  const floors = new Map();
  for (const page of pages) {
    const answer = await fetch(`${base}${page.path}`);
    if (answer.status !== page.status)
      throw new Error(`${page.path} answered ${answer.status}, not ${page.status}`);
    page.html = await answer.text();
    const noScriptHtml = page.html
      .replace(/<script data-entry="[^"]*"[^>]*>[\s\S]*?<\/script>\s*/g, '')
      .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
      .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
    // Only data may be left: a floor that still loaded the page's script would measure nothing.
    if (/<script(?! type="application\/(ld\+)?json")/.test(noScriptHtml))
      throw new Error(`The script-free copy of ${page.path} still holds a script`);
    const quality = page.rendered ? { br: 5, gzip: 6 } : { br: 11, gzip: 9 };
    floors.set(page.path, {
      status: page.status,
      br: brotliCompressSync(noScriptHtml, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality.br } }),
      gzip: gzipSync(noScriptHtml, { level: quality.gzip }),
      identity: Buffer.from(noScriptHtml),
    });
  }
  const floorPort = await takePort();
  const floor = createServer((request, response) => {
    const copy = floors.get(request.url);
    if (copy) {
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
      response.writeHead(copy.status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        vary: 'accept-encoding',
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      });
      response.end(copy[encoding]);
      return;
    }
    const upstream = httpRequest(
      `${base}${request.url}`,
      { method: request.method, headers: { ...request.headers, host: `127.0.0.1:${port}` } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => response.destroy(error));
    request.pipe(upstream);
  });
  await new Promise((done) => floor.listen(floorPort, '127.0.0.1', done));
  cleanups.push(() => new Promise((done) => floor.close(done)));

  // A fresh Chromium for each audit, with its own profile: one browser kept for all audits carried state
  // from one page to the next (the first audit of a run often differed from the others).
  const chromePort = await takePort();
  if (!existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath} (apt-get install chromium)`);
  const auditOnce = async (url, categories) => {
    const debugPort = chromePort;
    const profile = mkdtempSync(join(tmpdir(), 'villa-bench-chrome-'));
    const chrome = spawn(
      chromiumPath,
      [
        ...CHROMIUM_ARGS,
        '--headless',
        `--remote-debugging-port=${debugPort}`,
        `--user-data-dir=${profile}`,
        'about:blank',
      ],
      // Its own process group, so that its helper processes are stopped with it.
      { stdio: 'ignore', detached: true },
    );
    try {
      await waitFor(`http://127.0.0.1:${debugPort}/json/version`, chrome, 'Chromium');
      const result = await lighthouse(url, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        // The 404 page answers 404 on purpose.
        ignoreStatusCode: true,
      });
      if (result.lhr.runtimeError)
        throw new Error(`Lighthouse: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
      const { categories: scores, audits } = result.lhr;
      for (const id of [
        'first-contentful-paint',
        'largest-contentful-paint',
        'cumulative-layout-shift',
        'total-blocking-time',
      ])
        if (typeof audits[id]?.numericValue !== 'number')
          throw new Error(`Lighthouse gave no ${id}: ${audits[id]?.errorMessage ?? 'no figure'}`);
      const requests = audits['network-requests']?.details?.items ?? [];
      // What a noindex page answering 404 must fail: its status, its noindex, and the console line Chromium
      // writes for a document answering 404 (only that line). The score without them shows the rest.
      const ownDocumentOnly = (audits['errors-in-console']?.details?.items ?? []).every(
        (item) => item.source === 'network' && item.sourceLocation?.url === url,
      );
      const byDesign = new Set([
        'http-status-code',
        'is-crawlable',
        ...(ownDocumentOnly ? ['errors-in-console'] : []),
      ]);
      const scoreWithout = (category) => {
        const refs = category?.auditRefs.filter((ref) => ref.weight > 0 && !byDesign.has(ref.id));
        if (!refs?.length) return undefined;
        const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
        return Math.round(
          (refs.reduce((sum, ref) => sum + ref.weight * (audits[ref.id].score ?? 0), 0) / total) * 100,
        );
      };
      if (process.env.BENCH_KEEP_REPORTS) {
        mkdirSync(join(root, 'bench/results/reports'), { recursive: true });
        const name = new URL(url).pathname.replace(/\W+/g, '-').slice(0, 40) || 'root';
        writeFileSync(
          join(root, `bench/results/reports/${new URL(url).port}${name}-${Date.now()}.json`),
          JSON.stringify(result.lhr),
        );
      }
      return {
        performance: Math.round((scores.performance?.score ?? 0) * 100),
        accessibility: scores.accessibility ? Math.round(scores.accessibility.score * 100) : undefined,
        bestPractices: scores['best-practices']
          ? Math.round(scores['best-practices'].score * 100)
          : undefined,
        seo: scores.seo ? Math.round(scores.seo.score * 100) : undefined,
        bestPracticesBesides404: scoreWithout(scores['best-practices']),
        seoBesides404: scoreWithout(scores.seo),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
        cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(4)),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue),
        requests: requests.map((item) => ({ url: item.url, resourceType: item.resourceType })),
        failed: Object.values(audits)
          .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
          .map((item) => item.id),
      };
    } finally {
      const exited = new Promise((done) => (chrome.exitCode !== null ? done() : chrome.once('exit', done)));
      try {
        process.kill(-chrome.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
      // Its helpers may still be writing the profile for a moment after it exits.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
      } catch (error) {
        console.warn(`Could not remove the browser profile ${profile}: ${error.message}`);
      }
    }
  };
  // The median run by performance score (then LCP).
  const pickMedian = (results) => {
    const sorted = [...results].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
    return { ...sorted[Math.floor(sorted.length / 2)], runs: results.map(({ requests: _, ...run }) => run) };
  };

  // Each page and its floor are audited back to back in each round, so both see the same load on a shared
  // machine; the ratio is taken between the two medians and also per round (its median is printed too).
  const rounds = Object.fromEntries(
    pages.flatMap((page) => [
      [page.name, []],
      [`${page.name}Floor`, []],
    ]),
  );
  const loads = [];
  for (let i = 0; i < runs; i++) {
    loads.push(loadavg()[0]);
    for (const page of pages) {
      const categories = page.seo === false ? all.filter((category) => category !== 'seo') : all;
      for (const [name, url, only] of [
        [page.name, `${base}${page.path}`, categories],
        [`${page.name}Floor`, `http://127.0.0.1:${floorPort}${page.path}`, ['performance']],
      ]) {
        // A run Lighthouse could not finish (seen once in ~40: no layout-shift figure) is tried once more.
        const audit = () => auditOnce(url, only);
        rounds[name].push(
          await audit().catch((error) => {
            console.warn(`Auditing ${url} again: ${error.message}`);
            return audit();
          }),
        );
      }
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const results = Object.fromEntries(
    pages.map((page) => {
      const result = pickMedian(rounds[page.name]);
      const floorResult = pickMedian(rounds[`${page.name}Floor`]);
      const roundRatios = rounds[page.name].map((run, i) => run.lcpMs / rounds[`${page.name}Floor`][i].lcpMs);
      return [
        page.name,
        {
          path: page.name === 'request' ? '/request/<token>' : page.path,
          ...result,
          floor: floorResult,
          lcpToFloor: result.lcpMs / floorResult.lcpMs,
          roundRatios,
          medianRoundRatio: median(roundRatios),
        },
      ];
    }),
  );
  const home = results.home;

  // JS and CSS that `/` loads (what Lighthouse saw requested), measured as gzip -9 of each file.
  const weigh = async (type) => {
    let total = 0;
    for (const { url } of home?.requests.filter((item) => item.resourceType === type) ?? []) {
      const body = Buffer.from(
        await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      );
      total += gzipSync(body, { level: 9 }).length;
    }
    return total;
  };
  const jsBytes = await weigh('Script');
  const cssBytes = await weigh('Stylesheet');
  // The HTML of `/` as sent (gzip -9), and the critical CSS inlined in it (gzip -9 on its own).
  const homeHtml = pages.find((page) => page.name === 'home')?.html ?? '';
  const htmlBytes = gzipSync(homeHtml, { level: 9 }).length;
  const inlineCss = [...homeHtml.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
  const inlineCssBytes = inlineCss ? gzipSync(inlineCss, { level: 9 }).length : 0;

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const show = (value, unit = '') => (value === undefined ? '–' : `${value}${unit}`);
  const columns = pages.map((page) => results[page.name]);
  const rows = [
    ['', ...pages.map((page) => page.label)],
    ['Performance', ...columns.map((r) => r.performance)],
    ['Accessibility', ...columns.map((r) => show(r.accessibility))],
    [
      'Best practices',
      ...pages.map(({ name, status }) => {
        const r = results[name];
        return status === 404
          ? `${show(r.bestPractices)} (${show(r.bestPracticesBesides404)}*)`
          : show(r.bestPractices);
      }),
    ],
    [
      'SEO',
      ...pages.map(({ name, status, seo }) => {
        const r = results[name];
        if (seo === false) return '– (noindex)';
        return status === 404 ? `${show(r.seo)} (${show(r.seoBesides404)}*)` : show(r.seo);
      }),
    ],
    ['FCP', ...columns.map((r) => `${r.fcpMs} ms`)],
    ['LCP', ...columns.map((r) => `${r.lcpMs} ms`)],
    ['CLS', ...columns.map((r) => r.cls)],
    ['TBT', ...columns.map((r) => `${r.tbtMs} ms`)],
    ['Floor: performance', ...columns.map((r) => r.floor.performance)],
    ['Floor: LCP', ...columns.map((r) => `${r.floor.lcpMs} ms`)],
    ['LCP ÷ floor LCP', ...columns.map((r) => r.lcpToFloor.toFixed(3))],
    ['  median per round', ...columns.map((r) => r.medianRoundRatio.toFixed(3))],
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  console.log(
    `\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, simulated throttling; ` +
      `the floor is the same page without its scripts, compressed as the server sends it:`,
  );
  for (const row of rows)
    console.log(row.map((cell, column) => String(cell).padEnd(widths[column])).join('  '));
  if (home)
    console.log(
      `\nLoaded by /: JS ${kb(jsBytes)} gzip (budget 90 KB) after the first paint, CSS files ${kb(cssBytes)} gzip; ` +
        `HTML ${kb(htmlBytes)} gzip, of which inline CSS ${kb(inlineCssBytes)} (gzip alone)`,
    );
  if (pages.some((page) => page.status === 404))
    console.log(
      '* without the audits a noindex page answering 404 fails by being one: http-status-code, is-crawlable, ' +
        "and errors-in-console when its only error is Chromium's line for the document's 404",
    );
  for (const page of pages) {
    const own = rounds[page.name];
    const floorRuns = rounds[`${page.name}Floor`];
    console.log(
      `Per run, ${page.label} then its floor: score ${own.map((r, i) => `${r.performance}/${floorRuns[i].performance}`).join(', ')}; ` +
        `LCP ${own.map((r, i) => `${r.lcpMs}/${floorRuns[i].lcpMs} ms`).join(', ')}`,
    );
  }
  console.log(
    `1-minute load average at each round's start: ${loads.map((load) => load.toFixed(2)).join(', ')} (${cpus().length} cores)`,
  );
  for (const page of pages) {
    const { failed } = results[page.name];
    if (failed.length) console.log(`Failed audits on ${page.label}: ${failed.join(', ')}`);
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results/site.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        runs,
        pages: results,
        jsBytes,
        cssBytes,
        htmlBytes,
        inlineCssBytes,
        loads,
      },
      null,
      2,
    ),
  );
  // Targets (issue #26): performance, accessibility and best practices 100 on every page, SEO 100 on every
  // page but the noindex ones (the 404 page fails SEO's status and indexing audits by design), LCP within
  // 1.05 × the floor's, and `/`'s JS budget.
  const seoAsked = (page) => page.seo !== false && page.status === 200;
  const targetsMet =
    pages.every((page) => {
      const r = results[page.name];
      return (
        r.performance === 100 &&
        r.accessibility === 100 &&
        (page.status === 404 ? r.bestPracticesBesides404 === 100 : r.bestPractices === 100) &&
        (!seoAsked(page) || r.seo === 100) &&
        (page.status !== 404 || r.seoBesides404 === 100) &&
        r.cls < 0.05 &&
        r.lcpToFloor <= 1.05
      );
    }) && jsBytes <= 90 * 1024;
  console.log(targetsMet ? '\nAll targets met.' : '\nSome targets are not met (see above).');
} finally {
  await cleanUp();
}

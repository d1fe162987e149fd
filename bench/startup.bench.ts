// Start-up of the desk as a person meets it: a cold Chromium (Debian's, as the end-to-end tests use) opening
// the browser shell until the counter's first field (Contactpersoon) has the focus, beside the same
// browser opening a blank page (the limit: what the browser itself costs), in turns, in the same run. And
// the renderer bundle's size, raw and gzipped. Needs `npm run build` (the shell serves out/).
// `node bench/startup.bench.ts --once counter|blank` starts once and exits: a whole process to time from
// outside, against the other kind.
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBrowserShell } from '../src/main/browser-shell/browser-shell-server.ts';
import { VoaCore } from '../src/main/core/voa-core.ts';
import playwrightConfig, { CHROMIUM_PATH } from '../playwright.config.ts';
import { compared, percentile, round } from './bench-stats.ts';

const BUILD_DIR = path.resolve(import.meta.dirname, '../out');
const COLD_STARTS = 5;
/** The launch flags of the end-to-end tests' Chromium. */
const CHROMIUM_ARGS = playwrightConfig.use?.launchOptions?.args ?? [];
const BLANK_PAGE = 'data:text/html,<!doctype html><title>blank</title><p>blank</p>';

type Target = 'counter' | 'blank';

/** How long a start may take before the run fails (a page that never focuses its field). */
const READY_TIMEOUT_MS = 30_000;

/** The field the counter's work starts in, on a fresh desk. */
const FIRST_FIELD_NAME = 'contactName';

/**
 * Runs in the page before its own scripts: `window.voaBenchReady` settles at the first task after the
 * counter's first field takes the focus (a key pressed during the task that focused it waits for that
 * task's end), or after a blank page's load event, the same way.
 */
const MARK_READY = `(() => {
  window.voaBenchReady = new Promise((resolve) => {
    const nextTask = () => setTimeout(resolve, 0);
    document.addEventListener('focusin', (event) => {
      if (event.target instanceof HTMLElement && event.target.getAttribute('name') === ${JSON.stringify(FIRST_FIELD_NAME)}) nextTask();
    }, true);
    window.addEventListener('load', () => {
      if (location.protocol === 'data:') nextTask();
    });
  });
})();`;

/**
 * One cold start: a new Chromium process and a new page, to the counter's first field focused (or the
 * blank page loaded). Answers milliseconds from launch, and from navigation, to that moment.
 *
 * The page says when it is ready (`MARK_READY`), read through the DevTools protocol, for both kinds alike.
 * A Playwright locator would inject Playwright's own script into the page, and its compilation (40 to
 * 70 ms in a trace) ran on the page's main thread in the counter's start only.
 */
async function coldStart(
  target: Target,
  shellUrl: string,
): Promise<{ fromLaunchMs: number; fromNavigationMs: number }> {
  const launched = performance.now();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'nl-NL' });
    const devtools = await page.context().newCDPSession(page);
    await page.addInitScript({ content: MARK_READY });
    const navigated = performance.now();
    await page.goto(target === 'blank' ? BLANK_PAGE : shellUrl, { waitUntil: 'commit' });
    let timer: NodeJS.Timeout | undefined;
    const answer = await Promise.race([
      devtools.send('Runtime.evaluate', { expression: 'window.voaBenchReady', awaitPromise: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`The ${target} page was not ready in ${READY_TIMEOUT_MS} ms.`)),
          READY_TIMEOUT_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    if (answer.exceptionDetails)
      throw new Error(`The ${target} page failed: ${answer.exceptionDetails.text}`);
    const ready = performance.now();
    return { fromLaunchMs: ready - launched, fromNavigationMs: ready - navigated };
  } finally {
    await browser.close();
  }
}

/** A core on a fresh data directory behind the browser shell, as `npm run shell` starts it. */
async function withShell<T>(work: (shellUrl: string) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-startup-bench-'));
  const core = await VoaCore.open({
    location: { profile: 'bench', dataDir },
    shell: 'browser',
    version: 'bench',
  });
  // A desk that has been set up: on a first run the app opens Settings and its guide instead of the
  // counter. Nothing answers on this address; the counter does not need the host to take its first key.
  await core.settings.update({ host: { baseUrl: 'https://127.0.0.1:9', tenant: 'bench' } });
  const shell = await startBrowserShell({ core, buildDir: BUILD_DIR });
  try {
    return await work(shell.url);
  } finally {
    await shell.close();
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const gzipped = (content: Buffer) => gzipSync(content, { level: 9 }).length;

/** React and ReactDOM's production builds alone: the floor under any React renderer's bundle. */
async function reactFloorGzip(): Promise<number> {
  let size = 0;
  for (const file of [
    'react/cjs/react.production.js',
    'react-dom/cjs/react-dom.production.js',
    'react-dom/cjs/react-dom-client.production.js',
    'scheduler/cjs/scheduler.production.js',
  ])
    size += gzipped(await readFile(path.resolve(import.meta.dirname, '../node_modules', file)));
  return size;
}

/**
 * What the renderer's page (out/renderer/index.html) loads before its first screen: its module script and
 * the chunks it preloads, and its stylesheets. The other chunks are the screens loaded on their first
 * visit (app/app-frame.tsx); every asset is counted too, beside.
 */
async function bundleSize() {
  const dir = path.join(BUILD_DIR, 'renderer', 'assets');
  const all = (await readdir(dir)).filter((name) => /\.(js|css)$/.test(name));
  if (all.length === 0) throw new Error('No renderer build in out/renderer: run `npm run build` first.');
  const page = await readFile(path.join(BUILD_DIR, 'renderer', 'index.html'), 'utf8');
  const firstScreen = [...page.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\.\/assets\/([^"]+)"/g)].map(
    (match) => match[1] as string,
  );
  const sizeOf = async (names: string[]) => {
    let raw = 0;
    let gzip = 0;
    for (const name of names) {
      const content = await readFile(path.join(dir, name));
      raw += content.length;
      gzip += gzipped(content);
    }
    return { files: names.length, rawKb: round(raw / 1024, 1), gzipKb: round(gzip / 1024, 1) };
  };
  const scripts = await sizeOf(firstScreen.filter((name) => name.endsWith('.js')));
  const styles = await sizeOf(firstScreen.filter((name) => name.endsWith('.css')));
  const bridge = await readFile(path.join(BUILD_DIR, 'shell', 'voa-bridge.js'));
  return {
    firstScreenScripts: scripts,
    firstScreenStyles: styles,
    everyAsset: await sizeOf(all),
    browserShellBridgeScriptGzipKb: round(gzipped(bridge) / 1024, 1),
    firstScreenScriptsVsReact: compared(scripts.gzipKb, (await reactFloorGzip()) / 1024, {
      unit: 'KB gzip',
      measures: "the first screen's scripts: the page's module script and the chunks it preloads",
      baselineIs: 'React and ReactDOM production builds alone',
      goal: '≤ 1.6 ×',
    }),
    note: 'out/renderer: what index.html loads before the first screen; everyAsset adds the screens loaded later',
  };
}

export default async function benchStartup(): Promise<Record<string, unknown>> {
  const bundle = await bundleSize();
  const { counter, blank } = await withShell(async (shellUrl) => {
    const samples = {
      counter: [] as number[],
      blank: [] as number[],
      counterPage: [] as number[],
      blankPage: [] as number[],
    };
    await coldStart('counter', shellUrl); // warm-up: the disk cache, not the browser, is warm after it
    for (let run = 0; run < COLD_STARTS; run++) {
      // In turns, so a change in the machine's load falls on both.
      const counterStart = await coldStart('counter', shellUrl);
      const blankStart = await coldStart('blank', shellUrl);
      samples.counter.push(counterStart.fromLaunchMs);
      samples.counterPage.push(counterStart.fromNavigationMs);
      samples.blank.push(blankStart.fromLaunchMs);
      samples.blankPage.push(blankStart.fromNavigationMs);
    }
    return {
      counter: {
        fromLaunch: percentile(samples.counter, 50),
        fromNavigation: percentile(samples.counterPage, 50),
      },
      blank: { fromLaunch: percentile(samples.blank, 50), fromNavigation: percentile(samples.blankPage, 50) },
    };
  });
  return {
    coldStartToFirstFieldFocused: compared(counter.fromLaunch, blank.fromLaunch, {
      unit: 'ms',
      measures: `Chromium launch to the counter's first field focused, median of ${COLD_STARTS}`,
      baselineIs: 'Chromium launch to a blank page loaded',
      goal: '≤ 1.5 ×',
    }),
    pageLoadToFirstFieldFocused: compared(counter.fromNavigation, blank.fromNavigation, {
      unit: 'ms',
      measures: `navigation to the counter's first field focused, median of ${COLD_STARTS}`,
      baselineIs: 'navigation to a blank page',
      goal: '',
    }),
    rendererBundle: bundle,
    chromium: CHROMIUM_PATH,
  };
}

if (import.meta.main && process.argv[2] === '--once') {
  const target = process.argv[3] === 'blank' ? 'blank' : 'counter';
  await withShell((shellUrl) => coldStart(target, shellUrl));
}

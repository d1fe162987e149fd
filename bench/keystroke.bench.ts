// Keystroke to painted results, at 500,000 sizes (VOA_BENCH_CATALOG_SIZES): in the catalog screen's search
// and in the counter's item picker, a person's typing in Debian's Chromium (the browser shell, as the
// end-to-end tests run it), each key timed in the page from its keydown to the first frame painted after
// the DOM shows the results for the text typed so far. Beside it, the same keys' bridge search time as
// the page saw it (the catalog:search call, request to answer): what the renderer adds is the difference.
// Each key waits for its own results before the next is typed, so every key is timed whole; the queries
// are a tenth of the relevance suite's. Needs `npm run build`.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { EmulatorInfo } from '../emulator/index.ts';
import { startBrowserShell } from '../src/main/browser-shell/browser-shell-server.ts';
import { VoaCore } from '../src/main/core/voa-core.ts';
import playwrightConfig, { CHROMIUM_PATH } from '../playwright.config.ts';
import { configureProfileForEmulator } from '../test/support/emulator-profile.ts';
import { spawnWithReadyLine } from '../test/support/processes.ts';
import { RELEVANCE_CASES } from '../test/integration/search-relevance-cases.ts';
import { compared, percentile } from './bench-stats.ts';
import { BenchVault } from './search.bench.ts';

const SIZES = Number(process.env.VOA_BENCH_CATALOG_SIZES ?? 500_000);
/** Every tenth of the relevance suite's queries: about 150 keys per field. */
const QUERIES = RELEVANCE_CASES.filter((_, index) => index % 10 === 0).map((relevance) => relevance.query);
/** One frame at 60 Hz: what the renderer may add to the bridge's search time. */
const FRAME_MS = 16;
const FRAME_MS_EXACT = 1000 / 60;
/** A person's pause between two keys (a scanner's keys are the picker's scan tests' business). */
const BETWEEN_KEYS_MS = 120;
/**
 * Up to a frame more between keys, spread evenly: a person's keys fall anywhere in the display's frame,
 * while the bench's would follow a painted frame by the same fixed pause, each at the same point of the
 * next frames, so that a key's wait for its frame would follow from its search time instead of from
 * chance. Drawn from a fixed sequence, so that runs type alike.
 */
const keyPhases = (() => {
  let state = 1;
  return () => {
    state = (state * 48_271) % 2_147_483_647;
    return (state / 2_147_483_647) * FRAME_MS_EXACT;
  };
})();
const CHROMIUM_ARGS = playwrightConfig.use?.launchOptions?.args ?? [];

interface KeyTiming {
  keyToPaintMs: number;
  bridgeMs: number;
}

/**
 * Installed before the page's scripts (plain JavaScript: the bench is type-checked without the DOM): times
 * each catalog:search call (the browser shell's bridge goes through fetch) from its request to the moment
 * its whole answer is in the page (read through a copy, before the page reads the response itself); and
 * per key, from keydown to the first frame after `[data-results-for]` equals the
 * field's text. `__keystrokeTimings()` joins them.
 */
const INSTRUMENT_PAGE = `(() => {
  const calls = [];
  const keys = [];
  let pending;
  const nativeFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes('catalog%3Asearch')) return nativeFetch(input, init);
    const call = { query: '', started: performance.now() };
    try {
      call.query = JSON.parse(String(init?.body ?? '{}')).query ?? '';
    } catch {}
    calls.push(call);
    const response = await nativeFetch(input, init);
    // The whole answer in, then the page reads it: its parsing is the renderer's.
    await response.clone().arrayBuffer();
    call.ended = performance.now();
    return response;
  };
  // Keys that type a character: the Delete that clears the field between queries is the bench's, not one of
  // the query's keys.
  document.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement && event.key.length === 1) pending = { at: performance.now(), field: event.target };
  }, true);
  // After the frame the DOM change is painted in: a task queued from requestAnimationFrame runs after it.
  const afterPaint = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = done;
    channel.port2.postMessage(null);
  });
  new MutationObserver(() => {
    const key = pending;
    if (!key) return;
    const text = key.field.value;
    if (document.querySelector('[data-results-for]')?.getAttribute('data-results-for') !== text) return;
    pending = undefined;
    afterPaint(() => keys.push({ at: key.at, painted: performance.now(), text }));
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-results-for'] });
  window.__keysTimed = () => keys.length;
  window.__emptiedFieldShown = () =>
    [...document.querySelectorAll('[data-results-for]')].every((list) => list.getAttribute('data-results-for') === '');
  // Each key's bridge time: the last call for its text made between the key and its paint.
  window.__keystrokeTimings = () => keys.splice(0).map((key) => {
    const call = calls
      .filter((candidate) => candidate.query === key.text && candidate.started >= key.at && candidate.started <= key.painted)
      .at(-1);
    return { keyToPaintMs: key.painted - key.at, bridgeMs: call?.ended !== undefined ? call.ended - call.started : NaN };
  });
})();`;

/** Runs in the page (Playwright sends its source): how many keys have been timed. */
function timedKeys(): number {
  return (globalThis as unknown as { __keysTimed: () => number }).__keysTimed();
}

/** Runs in the page: whether every result list shows the empty field's answer (or none is open). */
function emptiedFieldShown(): boolean {
  return (globalThis as unknown as { __emptiedFieldShown: () => boolean }).__emptiedFieldShown();
}

/** Types every query a key at a time into `field`, each key after the last one's results were painted. */
async function typeQueries(page: Page, field: string): Promise<KeyTiming[]> {
  const input = page.locator(field);
  for (const query of QUERIES) {
    // Emptied (Playwright's fill presses Delete), and the emptied field's own answer shown (the catalog's
    // whole list; the picker's list closed), before a person's pause and the query's first key.
    await input.fill('');
    await input.focus();
    await page.waitForFunction(emptiedFieldShown);
    await page.waitForTimeout(BETWEEN_KEYS_MS + keyPhases());
    for (const key of query) {
      const before = await page.evaluate(timedKeys);
      await page.keyboard.type(key);
      // A function, not a string: the page's Content Security Policy forbids eval.
      await page.waitForFunction(
        (count) => (globalThis as unknown as { __keysTimed: () => number }).__keysTimed() > count,
        before,
        { timeout: 30_000 },
      );
      await page.waitForTimeout(BETWEEN_KEYS_MS + keyPhases());
    }
  }
  const timings = await page.evaluate(() =>
    (globalThis as unknown as { __keystrokeTimings: () => KeyTiming[] }).__keystrokeTimings(),
  );
  return timings.filter((timing) => Number.isFinite(timing.bridgeMs));
}

function figures(timings: KeyTiming[], where: string) {
  const keyToPaint = timings.map((timing) => timing.keyToPaintMs);
  const bridge = timings.map((timing) => timing.bridgeMs);
  const added = timings.map((timing) => timing.keyToPaintMs - timing.bridgeMs);
  const p95 = percentile(keyToPaint, 95);
  const bridgeP95 = percentile(bridge, 95);
  return {
    keys: timings.length,
    keyToPaintMs: { p50: percentile(keyToPaint, 50), p95, p99: percentile(keyToPaint, 99) },
    bridgeSearchMs: { p50: percentile(bridge, 50), p95: bridgeP95, p99: percentile(bridge, 99) },
    rendererAddsMs: { p50: percentile(added, 50), p95: percentile(added, 95) },
    keyToPaintVsBridge: compared(p95, bridgeP95, {
      unit: 'ms',
      measures: `${where}: keydown to the results painted, p95 of every key of a tenth of the relevance suite's queries`,
      baselineIs: 'the same keys’ catalog:search through the bridge, as the page saw it, p95',
      goal: `≤ bridge + ${FRAME_MS} ms (one frame)`,
    }),
    withinOneFrameOfBridge: p95 <= bridgeP95 + FRAME_MS,
  };
}

export default async function benchKeystroke(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-keystroke-bench-'));
  const emulator = await spawnWithReadyLine<EmulatorInfo>(
    'emulator/cli.ts',
    ['--variants', String(SIZES), '--seed', 'bench'],
    120_000,
  );
  const core = await VoaCore.open({
    location: { profile: 'bench', dataDir: path.join(dir, 'profile') },
    shell: 'browser',
    version: 'bench',
    vault: new BenchVault(),
  });
  try {
    await configureProfileForEmulator(core, emulator.ready);
    const run = await core.catalog.syncNow('manual');
    if (run.outcome !== 'succeeded') throw new Error(`sync ${run.outcome}: ${run.message}`);
    // Timed with the search worker's index and columns loaded, as a desk searches once it is up.
    await core.catalog.setSearchColumns(true);
    const shell = await startBrowserShell({ core, buildDir: path.resolve(import.meta.dirname, '../out') });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1024, height: 700 }, locale: 'nl-NL' });
      await page.addInitScript({ content: INSTRUMENT_PAGE });
      await page.goto(shell.url);
      await page.locator('[name="contactName"]:focus').waitFor();
      const picker = figures(
        await typeQueries(page, '.item-picker input[role="combobox"]'),
        'the counter’s item picker',
      );
      await page.keyboard.press('Alt+3');
      await page.locator('#catalog-search').waitFor();
      const catalog = figures(await typeQueries(page, '#catalog-search'), 'the catalog screen’s search');
      return {
        sizes: run.rows.variants,
        queries: QUERIES.length,
        // Each field's `keys` is at most this: a key whose search failed has no bridge time and is left out.
        charactersTyped: QUERIES.join('').length,
        betweenKeysMs: BETWEEN_KEYS_MS,
        viewport: '1024×700',
        catalogSearch: catalog,
        itemPicker: picker,
      };
    } finally {
      await browser.close();
      await shell.close();
    }
  } finally {
    await core.close();
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) process.stdout.write(`${JSON.stringify(await benchKeystroke(), null, 2)}\n`);

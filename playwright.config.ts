import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. Background networking, component updates and sync are
// off: this machine's network is closed and Chromium would otherwise keep trying.
// The bench times the full browser, the one a person opens.
export const CHROMIUM_PATH = process.env.VOA_DESK_CHROMIUM ?? '/usr/bin/chromium';
// The tests run in Debian's headless shell of the same Chromium, as Playwright runs headless Chromium
// unless told otherwise: the same Blink and V8 without the full browser's windowing. The suite's Chromium
// processes took half the CPU time, and two spec files 0.72 × the wall time of the full browser.
export const TEST_CHROMIUM_PATH = process.env.VOA_DESK_TEST_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/playwright',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Every test has its own desk (fixtures.ts), so the tests of a long file spread over both workers.
  fullyParallel: true,
  // Each worker has its own emulator, desks, free ports and keychain profiles, so two run side by side on
  // the two cores: measured 1.7 × faster than one on a subset of specs. VOA_E2E_WORKERS=1 runs one.
  workers: Number(process.env.VOA_E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    locale: 'nl-NL',
    // A failed test keeps its trace: actions, console and network. Without the DOM snapshot and the
    // screenshot Playwright takes at every action: with them, 5 scanned lines on a 15-line order took
    // 14.3 to 15.7 s instead of 4.4 to 5.5 s (the snapshot walks the whole page at every key).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});

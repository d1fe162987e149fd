import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. Background networking, component updates and sync are
// off: this machine's network is closed and Chromium would otherwise keep trying.
export const CHROMIUM_PATH = process.env.VOA_DESK_CHROMIUM ?? '/usr/bin/chromium';

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
      executablePath: CHROMIUM_PATH,
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

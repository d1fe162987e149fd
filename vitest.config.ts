import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    // A time-out only ends a hang. Tests that start CLI processes one after another took 45-66 s under
    // scripts/stress-vitest.sh on this 2-core machine shared with other suites (a Node start-up of about
    // ten seconds there), and 60 s failed a run without any wrong answer.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Two cores: more workers only fight over them.
    maxWorkers: 2,
    projects: [
      {
        // Pure modules with in-memory stand-ins: no keychain, no network, no child processes
        // (`npm run test:unit`, with the renderer project).
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // Worker threads, not processes, and one worker (`npm run test:unit` passes --maxWorkers=1): two
          // workers each loaded the same modules for their share of the files. `npm run test:unit` took
          // 13.0 to 14.8 s of CPU this way, against 18.6 to 19.5 s in two processes per project (three
          // runs each in turns), and about 1 s more of wall time.
          pool: 'threads',
          // Files share a worker's modules (ESLint, zod, the app's own) instead of loading them again
          // each: the unit and renderer projects together took 80 s of CPU isolated and 34 s not. Their
          // tests hold no state between files (no module mocks, stores made anew before each test).
          isolate: false,
        },
      },
      {
        // Real SQLite files, the Secret Service, the emulator over HTTPS and child processes
        // (`npm run test:integration`, inside scripts/with-secret-service.sh).
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/emulator/**/*.test.ts'],
          environment: 'node',
          // Files share a worker's modules (the core, the emulator, undici, msal) instead of loading them
          // again each: twelve of the quicker files took 29 s isolated and 14 s not. No file mocks a module;
          // each starts and stops its own emulators, cores and processes, and restores what it changes
          // in process.env. A test about what is loaded when runs its code in a child process
          // (host-libraries.test.ts).
          isolate: false,
        },
      },
      {
        // Renderer slices and components in happy-dom, through a fake bridge over the real transport seam
        // (docs/testing.md).
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/renderer/support/setup.ts'],
          // As the unit project's.
          pool: 'threads',
          isolate: false,
        },
      },
    ],
  },
});

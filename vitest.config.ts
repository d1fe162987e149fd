import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/emulator/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // A time-out only ends a hang. Tests that start CLI processes one after another took 45-66 s under
    // scripts/stress-vitest.sh on this 2-core machine shared with other suites (a Node start-up of about
    // ten seconds there), and 60 s failed a run without any wrong answer.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Two cores: more workers only fight over them.
    maxWorkers: 2,
  },
});

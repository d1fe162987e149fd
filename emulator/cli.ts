import { emulatorUsage, parseEmulatorArguments, UsageError } from './cli-arguments.ts';
import { FaultSpecError } from './faults.ts';
import { startEmulator } from './index.ts';

/**
 * `npm run emulator -- [flags]`: starts the host emulator, prints exactly one line of JSON on stdout
 * once it listens (everything else goes to stderr), and stops cleanly on SIGINT or SIGTERM.
 */
async function main(): Promise<number> {
  let options;
  try {
    options = parseEmulatorArguments(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${emulatorUsage}\n`);
      return 2;
    }
    throw error;
  }
  if (!options) {
    process.stderr.write(`${emulatorUsage}\n`);
    return 0;
  }

  let emulator;
  try {
    emulator = await startEmulator(options);
  } catch (error) {
    if (error instanceof FaultSpecError || error instanceof RangeError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }

  // Listen for the stop signals before announcing readiness: a client may signal as soon as it reads the line.
  const stopRequested = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  const { info } = emulator;
  process.stderr.write(
    `VOA host emulator ready: ${info.baseUrl} (${info.catalog.items} items, ${info.catalog.variants} variants, ` +
      `steel ${info.steel ? 'on' : 'off'}); admin API ${info.adminUrl}\n`,
  );
  process.stdout.write(`${JSON.stringify(info)}\n`);

  await stopRequested;
  process.stderr.write('VOA host emulator stopping\n');
  await emulator.stop();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);

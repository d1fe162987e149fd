// The CLI (run-cli.ts) over this process's standard streams, in plain Node from a source checkout (started
// by index.mjs, `npm run cli -- <command>`). An installed desk runs the same CLI through the desktop app's
// own executable (src/main/index.ts, `cli` as first argument).
import { EXIT_FAILED } from './cli-context.ts';
import { exitQuietlyWhenTheReaderCloses, runCli } from './run-cli.ts';

exitQuietlyWhenTheReaderCloses(process.stdout);
exitQuietlyWhenTheReaderCloses(process.stderr);
runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`error: ${(error as Error).message}\n`);
    process.exitCode = EXIT_FAILED;
  },
);

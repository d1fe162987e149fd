// The desktop app's executable is also the command line of an installed desk: `VOA Desk.exe cli config show`
// (on Windows through voa-desk.cmd beside it). The Electron fuses forbid running it as plain Node, so main
// itself hands the arguments to the CLI and opens no window.

/** The first argument that turns the desktop app into the command line. */
export const CLI_ARGUMENT = 'cli';

/**
 * The CLI's arguments when the app was started as the command line, undefined for a desktop start.
 * `electron out/main/index.js …` (a default app, `process.defaultApp`) has the script at argv[1]; a packaged
 * executable has its own arguments from argv[1]. Chromium's own switches that a launcher puts before
 * `cli` (`--ozone-platform=headless`, `--no-sandbox`) are not the CLI's.
 */
export function cliArgumentsOf(argv: readonly string[], defaultApp: boolean): string[] | undefined {
  const own = argv.slice(defaultApp ? 2 : 1);
  const first = own.findIndex((arg) => !arg.startsWith('--'));
  if (first === -1 || own[first] !== CLI_ARGUMENT) return undefined;
  return own.slice(first + 1);
}

/** How the usage text names the command on this OS. */
export function cliProgramName(platform: NodeJS.Platform, executable: string): string {
  return platform === 'win32' ? 'voa-desk.cmd' : `"${executable}" ${CLI_ARGUMENT}`;
}

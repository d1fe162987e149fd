// `sync` and `catalog` commands (issue 5).
import type { CliCommand } from './cli-context.ts';

export const catalogCommands: CliCommand[] = [];

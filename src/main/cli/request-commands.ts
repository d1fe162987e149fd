// `submit` and `outbox` commands (issue 4).
import type { CliCommand } from './cli-context.ts';

export const requestCommands: CliCommand[] = [];

// What `catalog export` and `outbox export` share: the format and the file, and the language that sets
// the CSV separator and the headers (the UI's, unless --language says otherwise).
import path from 'node:path';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/bridge/export-calls.ts';
import { UI_LANGUAGES, type UiLanguage } from '../../shared/settings.ts';
import type { CliContext } from './cli-context.ts';

export const EXPORT_OPTIONS = {
  out: { type: 'string' },
  format: { type: 'string' },
  language: { type: 'string' },
} as const;

export type ExportTarget = { file: string; format: ExportFormat; language: UiLanguage } | { problem: string };

export function exportTarget(
  context: CliContext,
  values: { out?: string | undefined; format?: string | undefined; language?: string | undefined },
): ExportTarget {
  if (!values.out) return { problem: 'give the file to write with --out FILE' };
  const format = values.format ?? path.extname(values.out).slice(1).toLowerCase();
  const known = EXPORT_FORMATS.find((each) => each === format);
  if (!known) return { problem: `--format must be ${EXPORT_FORMATS.join(' or ')} (or --out ending in one)` };
  const language = values.language ?? context.core.settings.current.uiLanguage;
  const chosen = UI_LANGUAGES.find((each) => each === language);
  if (!chosen) return { problem: `--language must be ${UI_LANGUAGES.join(' or ')}` };
  return { file: path.resolve(values.out), format: known, language: chosen };
}

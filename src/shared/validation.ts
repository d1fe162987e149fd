// Validation messages in the user's language. Main validates in English (CLI, logs); the renderer sets
// its UI language here, and validates the same schemas locally first for instant, localized feedback.
import { z } from 'zod';

export type ValidationLanguage = 'en' | 'nl';
let current: ValidationLanguage = 'en';

export function setValidationLanguage(language: ValidationLanguage): void {
  current = language;
  z.config(language === 'nl' ? z.locales.nl() : z.locales.en());
}

/** A custom message for a schema, read at validation time in the current language. */
export function localized(messages: Record<ValidationLanguage, string>): { error: () => string } {
  return { error: () => messages[current] };
}

/** Field path (dot-separated) → first problem with it; `(input)` for the input as a whole. */
export function fieldErrors(
  error: z.ZodError,
  describe: (issue: z.core.$ZodIssue) => string = (issue) => issue.message,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '(input)';
    fields[key] ??= describe(issue);
  }
  return fields;
}

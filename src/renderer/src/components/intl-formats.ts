// Intl's formatters, made once per locale and options and kept. Making one costs about 30 µs (ICU reads the
// locale's data), using one well under 1 µs, and a list of sizes formats a hundred numbers per answer: made
// afresh each time they were most of the time from a search's answer to its rows on screen. A date format
// keeps the time zone it was made in, which is the workstation's own for as long as the desk runs (summer
// time is that zone's rule, not another zone). They take the UI language, never a locale: the desk writes
// numbers, months and weekdays as its language does, whatever the OS or browser is set to.
import type { UiLanguage } from '../../../shared/settings.ts';

/** The locale whose numbers, month and weekday names the UI language uses. */
const localeOf = (language: UiLanguage) => (language === 'nl' ? 'nl-NL' : 'en-GB');

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(
  language: UiLanguage,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(localeOf(language), options)));
  return format;
}

export function dateTimeFormat(
  language: UiLanguage,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(localeOf(language), options)));
  return format;
}

// Intl's formatters, made once per locale and options and kept. Making one costs about 30 µs (ICU reads the
// locale's data), using one well under 1 µs, and a list of sizes formats a hundred numbers per answer: made
// afresh each time they were most of the time from a search's answer to its rows on screen. A date format
// keeps the time zone it was made in, which is the workstation's own for as long as the desk runs (summer
// time is that zone's rule, not another zone).
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

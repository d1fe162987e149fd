import type { SessionLanguage } from './steel-assortment.ts';

/**
 * Accept-Language sets the host session language; it decides error messages and option captions,
 * never fixed values. The emulator speaks Dutch and English; any other language falls back to English,
 * as a host without that language pack would.
 */
export function sessionLanguageOf(acceptLanguage: string | undefined): SessionLanguage {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, position) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const qualityParameter = parameters
        .map((parameter) => parameter.trim())
        .find((parameter) => parameter.startsWith('q='));
      const quality = qualityParameter ? Number(qualityParameter.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, position };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((left, right) => right.quality - left.quality || left.position - right.position);
  for (const entry of ranked) {
    if (entry.tag === 'nl' || entry.tag.startsWith('nl-')) return 'nl';
    if (entry.tag === 'en' || entry.tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

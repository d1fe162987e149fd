// What a query that finds nothing may have meant: the same query with one slip mended, in the order a
// counter makes them. A digit too many (`hea 2000` for `hea 200`), two digits swapped (`ipe 2040`), a
// letter off in a word (`hae 200`, `koler`). Only queries that find something are offered, and nothing is
// picked from them without the employee choosing one (the catalog screen and the picker show them).

/** Suggestions offered at most. */
export const SUGGESTIONS_MAX = 3;
/** Queries tried at most for one query that found nothing: a bound on the work, whatever was typed. */
const TRIED_MAX = 80;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A number with one digit left out, or two neighbouring digits swapped. */
function numberSlips(digits: string): string[] {
  const slips: string[] = [];
  for (let at = 0; at < digits.length && digits.length > 1; at++) {
    const shorter = digits.slice(0, at) + digits.slice(at + 1);
    if (!shorter.startsWith('0')) slips.push(shorter);
  }
  for (let at = 0; at + 1 < digits.length; at++) {
    if (digits[at] === digits[at + 1]) continue;
    const swapped = digits.slice(0, at) + digits[at + 1] + digits[at] + digits.slice(at + 2);
    if (!swapped.startsWith('0')) slips.push(swapped);
  }
  return slips;
}

/** Words one slip away (a letter left out, added, changed, or two swapped), lowercase. */
function letterSlips(word: string): string[] {
  const lower = word.toLowerCase();
  const slips: string[] = [];
  for (let at = 0; at < lower.length; at++) {
    if (lower.length > 2) slips.push(lower.slice(0, at) + lower.slice(at + 1));
    if (at + 1 < lower.length && lower[at] !== lower[at + 1])
      slips.push(lower.slice(0, at) + lower[at + 1] + lower[at] + lower.slice(at + 2));
    for (const letter of LETTERS)
      if (letter !== lower[at]) slips.push(lower.slice(0, at) + letter + lower.slice(at + 1));
  }
  for (let at = 0; at <= lower.length; at++)
    for (const letter of LETTERS) slips.push(lower.slice(0, at) + letter + lower.slice(at));
  return slips;
}

/**
 * The queries one slip away from `text`, most likely first: numbers before words, and for a word only
 * the spellings `isWord` knows (the catalog's own words). Each is the query with that one word changed.
 */
export function queriesOneSlipAway(text: string, isWord: (word: string) => boolean): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const byNumber: string[] = [];
  const byWord: string[] = [];
  const replaced = (index: number, word: string) =>
    words.map((original, at) => (at === index ? word : original)).join(' ');
  words.forEach((word, index) => {
    const joined = /^(\p{L}*)(\d+)$/u.exec(word);
    if (joined) {
      const [, letters = '', digits = ''] = joined;
      for (const slip of numberSlips(digits)) byNumber.push(replaced(index, `${letters}${slip}`));
    }
    // Dimensions written together (`100x100x50`): each number on its own.
    const dimensions = word.split(/([x×*])/i);
    if (dimensions.length > 1 && dimensions.every((piece, at) => (at % 2 ? true : /^\d+$/.test(piece)))) {
      dimensions.forEach((piece, at) => {
        if (at % 2) return;
        for (const slip of numberSlips(piece))
          byNumber.push(replaced(index, dimensions.map((other, k) => (k === at ? slip : other)).join('')));
      });
    }
    const letters = /^(\p{L}{2,})(\d*)$/u.exec(word);
    if (letters && !isWord((letters[1] ?? '').toLowerCase())) {
      const [, typed = '', digits = ''] = letters;
      for (const slip of letterSlips(typed))
        if (isWord(slip)) byWord.push(replaced(index, `${slip}${digits}`));
    }
  });
  return [...new Set([...byNumber, ...byWord])].slice(0, TRIED_MAX);
}

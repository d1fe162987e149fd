/**
 * FNV-1a over a text: turns any seed (a number or a word) into 32 bits, the same on every machine, so the
 * catalog and the fault shares are repeatable from the seed alone.
 */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

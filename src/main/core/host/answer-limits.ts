// How much of a host's answer VOA Desk reads, per kind of call, and how slowly it may come. A broken or
// hostile host (or a proxy in between) must not exhaust memory with an endless body, nor hold a call,
// a sync or the sync lock for hours by trickling one byte at a time. docs/security.md gives the reasons
// for each figure.

const MiB = 1024 * 1024;

/** The most bytes read of a successful answer, per kind of call; past it the call has no answer. */
export const ANSWER_MAX_BYTES = {
  /**
   * One catalog page. A page of 20,000 sizes with the $select of the sync is about 6 MB; the emulator
   * serves at most 100,000 records a page (about 30 MB). 64 MiB is room above both.
   */
  catalogPage: 64 * MiB,
  /**
   * A portal answer other than a document: the contract caps every list (200 requests, 100 quotes,
   * orders or shipments, 500 document lines, 200 documents), a few hundred kilobytes at most.
   */
  portalAnswer: 4 * MiB,
  /** Document: one PDF as base64 in the OData envelope (a third larger than the PDF). */
  portalDocument: 48 * MiB,
  /** CreateQuoteRequest, CreateAccountRequest: a string holding an object with the request number. */
  requestAnswer: 1 * MiB,
  /**
   * The live stock check: voaVariants filtered on one size's key, three properties selected; one record
   * of about 150 bytes. 64 KiB is room for a host that ignores the $select.
   */
  liveStock: 64 * 1024,
  /** The identity provider: its metadata and a token answer, a few kilobytes each. */
  token: 1 * MiB,
} as const;

export type AnswerKind = keyof typeof ANSWER_MAX_BYTES;

/**
 * Of an answer that is not a success (4xx, 5xx), only this much is kept: its status says what happened,
 * and the host's words are cut to HOST_WORDS_MAX_CHARS anyway. The rest is not read.
 */
export const ERROR_ANSWER_KEPT_BYTES = 64 * 1024;

/** The host's own words (an error message, a refusal) as stored and shown: cut here, where they enter. */
export const HOST_WORDS_MAX_CHARS = 2000;

/**
 * The slowest a body may come once it has had `graceMs` to start: below this, the call ends as "no
 * answer" instead of waiting for the time-out. 16 KiB/s is far below any working connection.
 */
export interface MinimumRate {
  bytesPerSecond: number;
  graceMs: number;
}

export const DEFAULT_MINIMUM_RATE: MinimumRate = { bytesPerSecond: 16 * 1024, graceMs: 10_000 };

/** The host's words cut to HOST_WORDS_MAX_CHARS, with a mark that something was left out. */
export function cutHostWords(words: string): string {
  if (words.length <= HOST_WORDS_MAX_CHARS) return words;
  return `${words.slice(0, HOST_WORDS_MAX_CHARS)}… [cut: the host sent ${words.length.toLocaleString('en')} characters]`;
}

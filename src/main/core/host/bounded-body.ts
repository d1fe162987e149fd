// Reads an answer's body as a stream, never more than a limit, and never slower than a minimum rate: what
// host-http-client.ts receives every answer with (limits in answer-limits.ts).
import type { Readable } from 'node:stream';
import type { MinimumRate } from './answer-limits.ts';

/** The answer was larger than its kind of call allows: it was not read to its end. */
export class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
}

/** The body came slower than the minimum rate: the host (or a proxy) trickles it. */
export class AnswerTooSlowError extends Error {
  override name = 'AnswerTooSlowError';
}

const MiB = 1024 * 1024;
export const formatBytes = (bytes: number): string =>
  bytes >= MiB
    ? `${(bytes / MiB).toLocaleString('en', { maximumFractionDigits: 1 })} MiB`
    : `${Math.ceil(bytes / 1024)} KiB`;

export interface BodyLimits {
  /** Past this many bytes the body is refused (AnswerTooLargeError), or with `cut`, cut there. */
  maxBytes: number;
  /** Keep the first `maxBytes` and stop reading, instead of refusing the answer. */
  cut?: boolean;
  minimumRate: MinimumRate;
  /** What the limit is for, for the message: "a catalog page". */
  what: string;
  now?: () => number;
}

/**
 * The body's bytes in one buffer of its own. Destroys the stream when it stops early, so the connection
 * is not kept reading what nobody wants.
 */
export async function readBoundedBody(
  body: Readable,
  declaredLength: number | undefined,
  limits: BodyLimits,
): Promise<Uint8Array<ArrayBuffer>> {
  const now = limits.now ?? performance.now.bind(performance);
  if (!limits.cut && declaredLength !== undefined && declaredLength > limits.maxBytes) {
    body.destroy();
    throw tooLarge(limits, declaredLength);
  }
  const started = now();
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (total + chunk.length > limits.maxBytes) {
        if (!limits.cut) throw tooLarge(limits);
        chunks.push(chunk.subarray(0, limits.maxBytes - total));
        total = limits.maxBytes;
        break;
      }
      chunks.push(chunk);
      total += chunk.length;
      const elapsedMs = now() - started;
      if (
        elapsedMs > limits.minimumRate.graceMs &&
        (total * 1000) / elapsedMs < limits.minimumRate.bytesPerSecond
      )
        throw new AnswerTooSlowError(
          `The host sent ${limits.what} slower than ${formatBytes(limits.minimumRate.bytesPerSecond)}/s ` +
            `(${formatBytes(total)} in ${Math.round(elapsedMs / 1000)} s), VOA Desk's least rate for a working connection: the answer was dropped.`,
        );
    }
  } finally {
    if (!body.readableEnded) body.destroy();
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

function tooLarge(limits: BodyLimits, declared?: number): AnswerTooLargeError {
  return new AnswerTooLargeError(
    `The host's answer for ${limits.what} is larger than ${formatBytes(limits.maxBytes)}, the most VOA Desk reads for it` +
      `${declared !== undefined ? ` (it announced ${formatBytes(declared)})` : ''}: it was not read further.`,
  );
}

import type { IncomingMessage } from 'node:http';
import { HostError } from './odata-errors.ts';

/** Request bodies of the emulator are small JSON or form texts; anything larger is refused. */
const maximumBodyBytes = 1024 * 1024;

export async function readBody(request: IncomingMessage, limit = maximumBodyBytes): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit)
      throw new HostError(413, 'BadRequest_RequestEntityTooLarge', 'The request body is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

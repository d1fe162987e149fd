// The built renderer's files, as served by main's app:// protocol and by the browser shell: one way to turn
// a request path into a file below the renderer folder, so neither can be talked out of it.
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
}

export type StaticFileLookup =
  | { kind: 'file'; file: string }
  /** Not a valid path at all (a malformed percent-encoding): a 400, with no internals in the answer. */
  | { kind: 'bad-request' }
  /** Outside the root (`..`, an encoded slash trick): answered as if it did not exist. */
  | { kind: 'not-found' };

/** The file below `rootDir` that the URL path `pathname` names (still percent-encoded, as received). */
export function staticFileFor(rootDir: string, pathname: string): StaticFileLookup {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'bad-request' };
  }
  if (decoded.includes('\0')) return { kind: 'bad-request' };
  const root = path.resolve(rootDir);
  const file = path.resolve(root, `.${decoded === '/' ? '/index.html' : decoded}`);
  if (!file.startsWith(root + path.sep)) return { kind: 'not-found' };
  return { kind: 'file', file };
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** What `read` answers, or undefined when the file went before it could be read (ENOENT). */
export async function unlessGone<T>(read: Promise<T>): Promise<T | undefined> {
  return read.catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

/**
 * Every file under a directory with its content. A file can go between the listing and the reading while a
 * core runs (SQLite's rollback journal of the catalog sync lock, while the scheduler checks the lock): a
 * file that went holds nothing, and is left out.
 */
export async function filesWithContent(directory: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter((found) => found.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    const content = await unlessGone(readFile(file));
    if (content) files.set(file, content);
  }
  return files;
}

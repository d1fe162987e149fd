// Reading JSON that came from outside the code that reads it (a file, a stored row, the host): the one
// test for "an object with keys", which neither null nor an array passes.

/** A JSON object: not null, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

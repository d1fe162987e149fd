/** A small least-recently-used cache: the renderer asks for window after window of the same search. */
export class Lru<V> {
  readonly #max: number;
  readonly #map = new Map<string, V>();
  constructor(max: number) {
    this.#max = max;
  }
  get(key: string): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#max) this.#map.delete(this.#map.keys().next().value as string);
  }
  clear(): void {
    this.#map.clear();
  }
}

// @ts-check
/**
 * A map bounded in bytes that forgets what was used longest ago (a Map keeps insertion
 * order; a hit moves its entry to the end).
 * @template V
 */
export class Lru {
  /** @type {Map<string, { value: V, bytes: number }>} */
  #entries = new Map();
  #bytes = 0;
  /** @param {number} maxBytes */
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
  }
  /** @param {string} key */
  get(key) {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, e);
    return e.value;
  }
  /** Keeps `value` unless it alone is over the bound. @param {string} key @param {V} value @param {number} bytes */
  set(key, value, bytes) {
    this.delete(key);
    if (bytes > this.maxBytes) return false;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [k, e] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#bytes -= e.bytes;
    }
    return true;
  }
  /** @param {string} key */
  delete(key) {
    const e = this.#entries.get(key);
    if (!e) return;
    this.#entries.delete(key);
    this.#bytes -= e.bytes;
  }
  get bytes() {
    return this.#bytes;
  }
  get size() {
    return this.#entries.size;
  }
}

/**
 * A small LRU of folded states by key (a stream, or a stream at a version). The runtime's hit
 * still reads the stream's tail (unless it is the store's sole writer), so it is never stale.
 */
export const createStateCache = <V>(max = 10_000) => {
  const map = new Map<string, { version: number; state: V }>();
  return {
    get(key: string) {
      const hit = map.get(key);
      if (hit) {
        map.delete(key);
        map.set(key, hit);
      }
      return hit;
    },
    set(key: string, version: number, state: V) {
      const hit = map.get(key);
      if (hit && hit.version > version) return;
      map.delete(key);
      map.set(key, { version, state });
      if (map.size > max) map.delete(map.keys().next().value as string);
    },
    delete(key: string) {
      map.delete(key);
    },
  };
};

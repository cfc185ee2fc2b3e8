/** A typed key for a cross-context service (a port one context provides and others use). */
export type ServiceKey<T> = { readonly name: string; readonly __type?: T };

export const serviceKey = <T>(name: string): ServiceKey<T> => ({ name });

/** Where contexts provide their public services and find others'. */
export const createServiceRegistry = () => {
  const map = new Map<string, unknown>();
  return {
    provide<T>(key: ServiceKey<T>, impl: T) {
      if (map.has(key.name)) throw new Error(`Service ${key.name} provided twice`);
      map.set(key.name, impl);
    },
    get<T>(key: ServiceKey<T>): T {
      if (!map.has(key.name)) throw new Error(`Service ${key.name} is not provided (is its context installed?)`);
      return map.get(key.name) as T;
    },
    find<T>(key: ServiceKey<T>): T | undefined {
      return map.get(key.name) as T | undefined;
    },
  };
};

export type ServiceRegistry = ReturnType<typeof createServiceRegistry>;

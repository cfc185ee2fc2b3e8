/**
 * A port: what one context provides and others use, named by an object rather than a string, so two
 * ports never meet by a coincidence of names and an import shows who uses whom. The description
 * is only for messages; `__type` only carries T for the compiler.
 */
export type Port<T> = { readonly description: string; readonly __type?: T };
/** A port of whatever type, for lists of them (a context's declarations). */
export type AnyPort = Port<any>;

export const definePort = <T>(description: string): Port<T> => Object.freeze({ description });

/** Where contexts provide their ports and find others'. */
export type PortRegistry = {
  provide<T>(port: Port<T>, impl: T): void;
  /** Throws when nothing provides the port (its context is not installed). */
  get<T>(port: Port<T>): T;
  find<T>(port: Port<T>): T | undefined;
};

/** One registry per platform; ports compared by identity. */
export const createPortRegistry = (): PortRegistry => {
  const map = new Map<AnyPort, unknown>();
  return {
    provide(port, impl) {
      if (map.has(port)) throw new Error(`Port ${port.description} provided twice`);
      map.set(port, impl);
    },
    get<T>(port: Port<T>): T {
      if (!map.has(port)) throw new Error(`Port ${port.description} is not provided (is its context installed?)`);
      return map.get(port) as T;
    },
    find<T>(port: Port<T>): T | undefined {
      return map.get(port) as T | undefined;
    },
  };
};

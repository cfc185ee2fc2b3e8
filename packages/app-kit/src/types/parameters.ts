/**
 * A component's `parameters` declaration and the `params` it gets, typed from it. The rules are
 * the sandbox's: `type` is one type name or a list (a union; "nothing" in it makes the value
 * nullable, and null when left out); a parameter with a `default` is always there.
 */
import type { Json } from "./json.ts";

export type ParameterTypeName = "text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing";

export type ParameterSpec = {
  readonly type: ParameterTypeName | readonly ParameterTypeName[];
  readonly default?: Json;
  readonly properties?: Parameters;
  readonly items?: ParameterSpec;
  readonly description?: string;
};

/** `export const parameters = {…} as const satisfies Parameters`. */
export type Parameters = { readonly [name: string]: ParameterSpec };

type ValueOfName<N, S> = N extends "text" | "instant"
  ? string
  : N extends "number"
    ? number
    : N extends "boolean"
      ? boolean
      : N extends "nothing"
        ? null
        : N extends "array"
          ? S extends { readonly items: infer I extends ParameterSpec }
            ? ValueOf<I>[]
            : Json[]
          : N extends "object"
            ? S extends { readonly properties: infer P extends Parameters }
              ? ParamsOf<P>
              : { [key: string]: Json }
            : never;

/** The value one declared parameter has in `params` (an instant is its ISO 8601 text, normalised to UTC). */
export type ValueOf<S extends ParameterSpec> = S["type"] extends readonly (infer N)[]
  ? ValueOfName<N, S>
  : ValueOfName<S["type"], S>;

/** The `params` a component with this declaration gets: every parameter there, checked and with its default. */
export type ParamsOf<P extends Parameters> = { -readonly [K in keyof P]: ValueOf<P[K]> };

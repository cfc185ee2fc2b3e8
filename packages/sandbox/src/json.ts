/** A JSON value: the only thing that crosses the sandbox's boundary. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** What crosses the sandbox's border: parameters, ctx arguments and answers, results. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

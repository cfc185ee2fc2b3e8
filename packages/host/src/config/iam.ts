import * as v from "valibot";
import { type Env, int, readEnv, refuse } from "./env.ts";

const entries = {
  BOOTSTRAP_OWNER_EMAIL: v.optional(v.pipe(v.string(), v.email("must be an email address"))),
  BOOTSTRAP_OWNER_PASSWORD: v.optional(v.string()),
  BOOTSTRAP_CLIENT_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9._:-]{1,128}$/, "letters, digits and . _ : - only")),
  ),
  BOOTSTRAP_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, "must be at least 16 characters"))),
  ACCESS_TOKEN_TTL_S: v.optional(int(1), "3600"),
  REFRESH_TOKEN_TTL_S: v.optional(int(1), "2592000"),
  REFRESH_TOKEN_MAX_S: v.optional(int(1), "7776000"),
};

/** Identity and OAuth: the first owner and client a fresh installation makes, and the tokens' lifetimes. */
export type IamConfig = {
  readonly bootstrap: {
    readonly ownerEmail: string | undefined;
    readonly ownerPassword: string | undefined;
    readonly clientId: string | undefined;
    readonly clientSecret: string | undefined;
  };
  /** Token lifetimes; `refreshMaxS` bounds a refresh token from its session's creation, however often it rotates. */
  readonly tokens: { readonly accessTtlS: number; readonly refreshTtlS: number; readonly refreshMaxS: number };
};

export const parseIamConfig = (env: Env): IamConfig => {
  const e = readEnv(entries, env);
  const problems: string[] = [];
  if (!!e.BOOTSTRAP_OWNER_EMAIL !== !!e.BOOTSTRAP_OWNER_PASSWORD)
    problems.push("BOOTSTRAP_OWNER_EMAIL and BOOTSTRAP_OWNER_PASSWORD go together");
  if (!!e.BOOTSTRAP_CLIENT_ID !== !!e.BOOTSTRAP_CLIENT_SECRET)
    problems.push("BOOTSTRAP_CLIENT_ID and BOOTSTRAP_CLIENT_SECRET go together");
  refuse(problems);
  return {
    bootstrap: {
      ownerEmail: e.BOOTSTRAP_OWNER_EMAIL,
      ownerPassword: e.BOOTSTRAP_OWNER_PASSWORD,
      clientId: e.BOOTSTRAP_CLIENT_ID,
      clientSecret: e.BOOTSTRAP_CLIENT_SECRET,
    },
    tokens: {
      accessTtlS: e.ACCESS_TOKEN_TTL_S,
      refreshTtlS: e.REFRESH_TOKEN_TTL_S,
      refreshMaxS: e.REFRESH_TOKEN_MAX_S,
    },
  };
};

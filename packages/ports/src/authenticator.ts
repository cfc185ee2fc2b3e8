import type { Context } from "hono";
import type { Caller } from "@platform/kernel";
import { definePort } from "@platform/host";

/** Turns a bearer token into a caller, or null when it is unknown, expired or revoked. IAM provides it. */
export type Authenticator = { authenticate(token: string, c: Context): Promise<Caller | null> };

/** The authenticator every route's bearerAuth uses; the IAM context (or a test's static-auth) provides it. */
export const authenticator = definePort<Authenticator>("authenticator");

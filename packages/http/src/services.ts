import { serviceKey } from "@platform/host";
import type { Authenticator } from "./auth.ts";

/** The authenticator every route uses; the IAM context provides it. */
export const authenticatorKey = serviceKey<Authenticator>("http.authenticator");

/**
 * The gateway itself, for a context that is a client of the API like any other (the portal):
 * a request through it meets the same authentication and authorization as one from outside.
 * `env` is the incoming request's (the client address for throttling). Provided by
 * createGatewayApp.
 */
export type Gateway = { fetch(request: Request, env?: unknown): Promise<Response> };
export const gatewayKey = serviceKey<Gateway>("http.gateway");

/**
 * What the maker of a way to act (an app's installer, a job definition's writer) may do *now*:
 * its identity's current permissions and access attributes, read when the way is used, so the
 * rights it handed on end with it (docs/ACCESS.md).
 */
export type MakerAuthority = {
  can(resource: string, permission: string): boolean;
  readonly attributes: Readonly<Record<string, readonly string[]>>;
};
/**
 * A maker as recorded: its identity and, where recorded, the scope of the token it acted with
 * (null or absent: a token without a scope, the identity's full permissions).
 */
export type MakerRecord = {
  readonly principalId?: string;
  readonly clientId?: string;
  readonly scope?: readonly string[] | null;
};
export type Makers = {
  /** The maker's current authority, within its recorded token scope; null when it was deleted or is suspended. */
  current(maker: MakerRecord): Promise<MakerAuthority | null>;
};
/** Provided by the IAM context. */
export const makersKey = serviceKey<Makers>("http.makers");

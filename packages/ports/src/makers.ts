import { definePort } from "@platform/host";

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
/** Provided by the IAM context (or a test's static-auth); apps and subscriptions read it when it is there. */
export const makers = definePort<Makers>("makers");

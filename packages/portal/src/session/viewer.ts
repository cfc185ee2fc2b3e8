import type { PostedForm } from "./posted-form.ts";
import { acesGrant } from "@platform/kernel";

/** `GET /resources/me` as the portal reads it. */
export type Me = {
  readonly kind: "principal" | "client";
  readonly id: string;
  readonly principal: {
    readonly id: string;
    readonly name: string;
    readonly email: string;
    readonly etag: string;
  } | null;
  readonly roles: readonly string[];
  readonly scope: readonly string[];
  readonly isOwner: boolean;
  readonly sessionId: string;
  readonly passwordChangeRequired: boolean;
};

/** Who is looking at a page, what they may do, and the form token of their browser. */
export type Viewer = {
  readonly me: Me;
  readonly csrf: string;
  /** What the API would allow this session: the session's effective scope (its scope ∩ its identity's permissions). */
  can(resource: string, permission: string): boolean;
};

export const viewerOf = (me: Me, csrf: string): Viewer => ({
  me,
  csrf,
  can: (resource, permission) => acesGrant(me.scope, resource, permission),
});

/** Hono variables of the portal's pages: the viewer, and on a POST its checked form (requireViewer reads it once). */
export type PortalEnv = { Variables: { viewer: Viewer; form: PostedForm } };

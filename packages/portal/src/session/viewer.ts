import type { MeAnswer, PrincipalAnswer } from "@platform/iam";
import type { PostedForm } from "./posted-form.ts";
import { acesGrant } from "@platform/kernel";

/** `GET /resources/me` as the portal reads it: the parts of IAM's published answer it uses. */
export type Me = Pick<
  MeAnswer,
  "kind" | "id" | "roles" | "scope" | "isOwner" | "sessionId" | "passwordChangeRequired"
> & {
  readonly principal: Pick<PrincipalAnswer, "id" | "name" | "email" | "etag"> | null;
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

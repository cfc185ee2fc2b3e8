import { Hono } from "hono";
import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import { streamIdOf } from "@platform/actor-runtime";
import { journalPage } from "@platform/http";
import { requireVisible } from "../access/guards.ts";
import type { Attributes } from "../access/guards.ts";
import type { IamInternals } from "../internals.ts";
import { RoleKeySchema } from "../contract/requests.ts";
import { CLIENTS, PRINCIPALS, callerFor } from "./common.ts";
import { clientIdOf, principalIdOf } from "./ids.ts";

type Journaled = {
  readonly path: string;
  readonly type: "principal" | "client" | "role";
  readonly param: string;
  readonly resource: string;
  readonly what: string;
  readonly idOf: (raw: string) => string;
};

const roleKeyOf = (raw: string): string => {
  if (v.is(RoleKeySchema, raw)) return raw;
  throw new DomainError("NOT_FOUND", "Role not found");
};

const JOURNALED: readonly Journaled[] = [
  {
    path: "/resources/iam/principals/:id/journal",
    param: "id",
    type: "principal",
    resource: PRINCIPALS,
    what: "Principal",
    idOf: principalIdOf,
  },
  {
    path: "/resources/iam/clients/:id/journal",
    param: "id",
    type: "client",
    resource: CLIENTS,
    what: "Client",
    idOf: clientIdOf,
  },
  {
    path: "/resources/iam/roles/:key/journal",
    param: "key",
    type: "role",
    resource: "iam/roles",
    what: "Role",
    idOf: roleKeyOf,
  },
];

/**
 * IAM's journals (the actor journal's shape: `events`, paginated by version), read with IAM's
 * own permissions: `iam/<principals|clients|roles>:read`, and a restricted caller sees only
 * identities within its access attributes (403). The generic actor API does not serve IAM's
 * actors, so this is the one way to audit who changed an identity. A deleted identity's
 * journal stays readable to unrestricted callers; an id that never existed is 404.
 */
export const journalRoutes = (iam: IamInternals) => {
  const app = new Hono();
  for (const j of JOURNALED)
    app.get(j.path, async (c) => {
      const caller = callerFor(c, j.resource, "read");
      const id = j.idOf(c.req.param(j.param)!);
      const loaded = await iam.runtime.load(j.type, id);
      if (loaded.version === 0) throw new DomainError("NOT_FOUND", `${j.what} not found`);
      if (j.type !== "role")
        requireVisible(caller, (loaded.state as { accessAttributes: Attributes }).accessAttributes);
      return c.json(await journalPage(iam.runtime.store, streamIdOf(j.type, id), loaded.version, c.req.query()));
    });
  return app;
};

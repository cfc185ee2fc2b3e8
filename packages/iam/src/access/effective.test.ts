import { describe, expect, it } from "vitest";
import { effectiveAllows, effectiveScope, identityGrantsOf } from "./effective.ts";

const roles: Record<string, string[]> = {
  "sales:rep": ["actors/order:create", "actors/order:read"],
  "ops:jobs": ["jobs:*", "job-definitions:read"],
  "system:owner": ["*:*"],
};
const identity = (r: string[], acl: string[] = []) => identityGrantsOf(r, acl, (k) => roles[k]);

describe("effective permission = token scope ∩ identity", () => {
  const cases: [
    label: string,
    roles: string[],
    acl: string[],
    scope: string[] | null,
    resource: string,
    permission: string,
    allowed: boolean,
  ][] = [
    ["role grants, no scope", ["sales:rep"], [], null, "actors/order", "create", true],
    ["role lacks it, no scope", ["sales:rep"], [], null, "actors/order", "delete", false],
    ["own ACL adds to roles", ["sales:rep"], ["sendings:write"], null, "sendings", "write", true],
    ["scope narrows the role", ["sales:rep"], [], ["actors/order:read"], "actors/order", "create", false],
    ["scope and role agree", ["sales:rep"], [], ["actors/order:read"], "actors/order", "read", true],
    ["scope wider than identity does not widen", ["sales:rep"], [], ["*"], "iam/principals", "read", false],
    ["owner without scope: everything", ["system:owner"], [], null, "iam/principals", "delete", true],
    ["owner, narrower scope narrows", ["system:owner"], [], ["sendings:read"], "iam/principals", "read", false],
    ["owner, scope grants", ["system:owner"], [], ["sendings:read"], "sendings", "read", true],
    ["wildcard permission in role", ["ops:jobs"], [], null, "jobs/nightly", "schedule", true],
    ["unknown role grants nothing", ["nope:nope"], [], null, "jobs", "read", false],
    ["no roles, no ACL: nothing", [], [], null, "sendings", "read", false],
    ["identity may always act on itself", [], [], null, "me/password", "write", true],
    ["but a scope can take that away", [], [], ["sendings:read"], "me/password", "write", false],
    ["scope me:* keeps it", [], [], ["me:*"], "me/password", "write", true],
    ["malformed scope entries grant nothing", ["system:owner"], [], ["openid", "profile"], "sendings", "read", false],
  ];
  it.each(cases)("%s", (_label, r, acl, scope, resource, permission, allowed) => {
    expect(effectiveAllows(scope, identity(r, acl), resource, permission)).toBe(allowed);
  });

  it("shows the effective scope as the intersection", () => {
    expect(effectiveScope(null, identity(["sales:rep"], ["sendings:write"])).sort()).toEqual([
      "actors/order:create",
      "actors/order:read",
      "sendings:write",
    ]);
    expect(effectiveScope(["actors/order:*"], identity(["sales:rep"]))).toEqual([
      "actors/order:create",
      "actors/order:read",
    ]);
    expect(effectiveScope(["actors:*", "iam:*"], identity(["sales:rep"]))).toEqual([
      "actors/order:create",
      "actors/order:read",
    ]);
    expect(effectiveScope(null, identity(["system:owner"]))).toEqual(["*:*"]);
    expect(effectiveScope(["sendings:read"], identity(["system:owner"]))).toEqual(["sendings:read"]);
  });
});

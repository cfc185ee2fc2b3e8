import { describe, expect, it } from "vitest";
import { acesGrant, parseAce } from "./access.ts";

describe("ACE matching", () => {
  const cases: [ace: string, resource: string, permission: string, granted: boolean][] = [
    ["iam/principals:read", "iam/principals", "read", true],
    ["iam/principals:read", "iam/principals", "write", false],
    ["iam/principals:*", "iam/principals", "delete", true],
    ["iam/principals:read", "iam/clients", "read", false],
    ["iam:*", "iam/roles", "write", true],
    ["jobs:read", "jobs/nightly", "read", true],
    ["jobs/nightly:read", "jobs/nightly", "read", true],
    ["jobs/nightly:read", "jobs/other", "read", false],
    ["jobs/nightly:read", "jobs", "read", false],
    ["jobs/nightly:schedule", "jobs/nightly", "write", false],
    ["actors/order:create", "actors/order", "create", true],
    ["actors/order:*", "actors/order", "applyCommands", true],
    ["actors/order:*", "actors/order/b2b", "create", true],
    ["actors/order/b2b:create", "actors/order/retail", "create", false],
    ["actors/*:read", "actors/order", "read", true],
    ["actors/*:read", "actors/order", "write", false],
    ["graph:*", "graph/sending", "query", true],
    ["graph/sending:query", "graph/sending", "field", false],
    ["*", "iam/principals", "delete", true],
    ["*:*", "anything/at/all", "x", true],
    ["sendings:write", "sendingsx", "write", false],
    ["me:*", "me", "pat", true],
  ];
  it.each(cases)("%s on %s:%s → %s", (ace, resource, permission, granted) => {
    expect(acesGrant([ace], resource, permission)).toBe(granted);
  });

  it("rejects malformed ACEs and lets them grant nothing", () => {
    for (const bad of ["", ":", "read", "iam/:read", "iam/principals:", ":read", "iam principals:read", "a//b:read"]) {
      expect(parseAce(bad)).toBeUndefined();
      expect(acesGrant([bad], "iam/principals", "read")).toBe(false);
    }
  });

  it("parses resource paths and permissions", () => {
    expect(parseAce("actors/order/b2b:create")).toEqual({ resource: ["actors", "order", "b2b"], permission: "create" });
  });
});

import { describe, expect, it } from "vitest";
import { givenFor } from "@platform/actor-runtime/testing";
import { roleActor } from "./actor.ts";
import type { RoleEvent } from "./events.ts";

const { given, fold } = givenFor(roleActor.decider);
const NOW = "2026-01-02T03:04:05.000Z";
const defined: RoleEvent = {
  type: "RoleDefined",
  data: { description: "Edits orders", acl: ["orders/*:write"], at: "2026-01-01T00:00:00.000Z" },
};

describe("role decider", () => {
  it("defines a role", () =>
    given([])
      .when({ type: "define", description: "Edits orders", acl: ["orders/*:write"] })
      .then([{ ...defined, data: { ...defined.data, at: NOW } } as RoleEvent]));
  it("refuses to define it twice", () =>
    given([defined]).when({ type: "define", description: "", acl: [] }).thenRejects("CONFLICT", "already exists"));
  it("refuses commands on a role that does not exist", () =>
    given([]).when({ type: "delete" }).thenRejects("NOT_FOUND"));
  it("records a change, and nothing for one that changes nothing", () => {
    given([defined])
      .when({ type: "change", description: "Edits orders", acl: ["orders/*:write"] })
      .then([]);
    given([defined])
      .when({ type: "change", description: "Reads orders", acl: ["orders/*:read"] })
      .then([{ type: "RoleChanged", data: { description: "Reads orders", acl: ["orders/*:read"] } }]);
  });
  it("forgets everything on deletion and can be defined again", () => {
    const deletedEvent: RoleEvent = { type: "RoleDeleted", data: { at: NOW } };
    expect(roleActor.exists(fold([defined, deletedEvent]))).toBe(false);
    expect(fold([defined, deletedEvent])).toEqual({ status: "deleted", description: "", acl: [], createdAt: null });
    given([defined, deletedEvent])
      .when({ type: "define", description: "x", acl: [] })
      .then([{ type: "RoleDefined", data: { description: "x", acl: [], at: NOW } }]);
  });
});

import { describe, expect, it } from "vitest";
import { givenFor } from "@platform/actor-runtime/testing";
import { principalActor } from "./actor.ts";
import type { PrincipalEvent } from "./events.ts";

const { given, fold } = givenFor(principalActor.decider);
const NOW = "2026-01-02T03:04:05.000Z";
const definition = {
  properties: { name: "Ann", email: "Ann@Example.com", phone: null, picture: null, settings: {} },
  roles: ["system:owner"],
  acl: [],
  accessAttributes: {},
};
const created: PrincipalEvent = { type: "PrincipalCreated", data: { ...definition, at: "2026-01-01T00:00:00.000Z" } };
const suspended: PrincipalEvent = { type: "PrincipalSuspended", data: { at: "2026-01-02T00:00:00.000Z" } };
const deleted: PrincipalEvent = { type: "PrincipalDeleted", data: { at: "2026-01-02T00:00:00.000Z" } };

describe("principal decider", () => {
  it("creates a principal", () =>
    given([])
      .when({ type: "create", definition })
      .then([{ type: "PrincipalCreated", data: { ...definition, at: NOW } }]));
  it("refuses a second creation", () =>
    given([created]).when({ type: "create", definition }).thenRejects("CONFLICT", "already exists"));
  it("refuses commands on a principal that does not exist", () =>
    given([]).when({ type: "suspend" }).thenRejects("NOT_FOUND"));

  it("suspends once, reactivates only when suspended", () => {
    expect(fold([created, suspended]).suspendedAt).toBe("2026-01-02T00:00:00.000Z");
    given([created, suspended]).when({ type: "suspend" }).thenRejects("INVALID_STATE", "already suspended");
    given([created, suspended])
      .when({ type: "reactivate" })
      .then([{ type: "PrincipalReactivated", data: { at: NOW } }]);
    given([created]).when({ type: "reactivate" }).thenRejects("INVALID_STATE", "not suspended");
  });

  it("records nothing for a write that changes nothing", () => {
    given([created]).when({ type: "replace", definition }).then([]);
    given([created])
      .when({ type: "setRoles", roles: ["system:owner"] })
      .then([]);
    given([created])
      .when({ type: "setAcl", acl: ["iam/principals:read"] })
      .then([{ type: "PrincipalAclChanged", data: { acl: ["iam/principals:read"] } }]);
  });

  it("forgets everything on deletion, releases its natural keys, and can be created again", () => {
    const state = fold([created, deleted]);
    expect(principalActor.exists(state)).toBe(false);
    expect(principalActor.naturalKeys!.email!.of(state)).toBeUndefined();
    given([created, deleted]).when({ type: "suspend" }).thenRejects("NOT_FOUND", "not found");
    given([created, deleted])
      .when({ type: "create", definition })
      .then([{ type: "PrincipalCreated", data: { ...definition, at: NOW } }]);
  });

  it("erases a live principal by deleting it too, a deleted one alone, and an erased one never again", () => {
    const erased: PrincipalEvent = { type: "PrincipalErased", data: { at: NOW } };
    given([created])
      .when({ type: "erase" })
      .then([{ type: "PrincipalDeleted", data: { at: NOW } }, erased]);
    given([created, deleted]).when({ type: "erase" }).then([erased]);
    given([created, deleted, erased]).when({ type: "erase" }).then([]);
    given([]).when({ type: "erase" }).thenRejects("NOT_FOUND");
    given([created, deleted, erased]).when({ type: "create", definition }).thenRejects("CONFLICT", "erased");
    expect(fold([created, deleted, erased])).toMatchObject({ status: "deleted", erased: true, properties: null });
  });

  it("folds the events of an erased principal, whose personal fields read null", () => {
    const sealed: PrincipalEvent = {
      type: "PrincipalCreated",
      data: {
        ...definition,
        properties: { name: null, email: null, phone: null, picture: null, settings: null } as never,
        at: NOW,
      },
    };
    expect(principalActor.naturalKeys!.email!.of(fold([sealed]))).toBeUndefined();
    expect(principalActor.naturalKeys!.phone!.of(fold([sealed]))).toBeUndefined();
  });

  it("keys the email lower-cased", () =>
    expect(principalActor.naturalKeys!.email!.of(fold([created]))).toBe("ann@example.com"));

  it("records a password without any hash", () => {
    const passwordSet: PrincipalEvent = {
      type: "PrincipalPasswordSet",
      data: { temporary: true, expiresAt: "2026-01-09T00:00:00.000Z", at: NOW },
    };
    given([created])
      .when({ type: "setPassword", temporary: true, expiresAt: "2026-01-09T00:00:00.000Z" })
      .then([passwordSet]);
    expect(fold([created, passwordSet])).toMatchObject({
      passwordLogin: true,
      passwordExpiresAt: "2026-01-09T00:00:00.000Z",
    });
  });
});

import { describe, expect, it } from "vitest";
import type { CommandContext } from "@platform/kernel";
import { principalActor } from "./actor.ts";
import type { PrincipalState } from "./actor.ts";
import type { PrincipalCommand, PrincipalEvent } from "./events.ts";

const ctx = { now: new Date("2026-01-02T03:04:05.000Z"), newId: () => "id" } as CommandContext;
const { decide, evolve, initialState } = principalActor.decider;
const given = (events: PrincipalEvent[]) => events.reduce<PrincipalState>(evolve, initialState());
const when = (state: PrincipalState, command: PrincipalCommand) => [decide(command, state, ctx)].flat();
const definition = { properties: { name: "Ann", email: "Ann@Example.com", phone: null, picture: null, settings: {} }, roles: ["system:owner"], acl: [], accessAttributes: {} };
const created: PrincipalEvent = { type: "PrincipalCreated", data: { ...definition, at: "2026-01-01T00:00:00.000Z" } };

describe("principal decider", () => {
  it("creates, and refuses a second creation", () => {
    expect(when(given([]), { type: "create", definition })).toEqual([{ type: "PrincipalCreated", data: { ...definition, at: "2026-01-02T03:04:05.000Z" } }]);
    expect(() => when(given([created]), { type: "create", definition })).toThrow(/already exists/);
  });

  it("suspends once, reactivates only when suspended", () => {
    const suspended = given([created, { type: "PrincipalSuspended", data: { at: "2026-01-02T00:00:00.000Z" } }]);
    expect(suspended.suspendedAt).toBe("2026-01-02T00:00:00.000Z");
    expect(() => when(suspended, { type: "suspend" })).toThrow(/already suspended/);
    expect(when(suspended, { type: "reactivate" })).toEqual([{ type: "PrincipalReactivated", data: { at: "2026-01-02T03:04:05.000Z" } }]);
    expect(() => when(given([created]), { type: "reactivate" })).toThrow(/not suspended/);
  });

  it("forgets everything on deletion, releases its natural keys, and can be created again", () => {
    const deleted = given([created, { type: "PrincipalDeleted", data: { at: "x" } }]);
    expect(principalActor.exists(deleted)).toBe(false);
    expect(principalActor.naturalKeys!.email!.of(deleted)).toBeUndefined();
    expect(() => when(deleted, { type: "suspend" })).toThrow(/not found/);
    expect(when(deleted, { type: "create", definition })[0]!.type).toBe("PrincipalCreated");
  });

  it("keys the email lower-cased", () => {
    expect(principalActor.naturalKeys!.email!.of(given([created]))).toBe("ann@example.com");
  });

  it("records a password without any hash", () => {
    const [e] = when(given([created]), { type: "setPassword", temporary: true, expiresAt: "2026-01-09T00:00:00.000Z" });
    expect(e).toEqual({ type: "PrincipalPasswordSet", data: { temporary: true, expiresAt: "2026-01-09T00:00:00.000Z", at: "2026-01-02T03:04:05.000Z" } });
    expect(given([created, e!])).toMatchObject({ passwordLogin: true, passwordExpiresAt: "2026-01-09T00:00:00.000Z" });
  });
});

import { describe, expect, it } from "vitest";
import { acesGrant, isRestricted } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import { defineActor } from "@platform/actor-runtime";
import type { AnyActorDefinition } from "@platform/actor-runtime";
import { tallyActor } from "@platform/actor-runtime/testing";
import { actorPermitted, requireActorAttributes, requireActorPermissions } from "./authorize.ts";

const caller = (scope: string[], attributes: Record<string, string[]> = {}): Caller => ({
  kind: "principal",
  id: "p",
  principalId: "p",
  sessionId: "s",
  roles: [],
  isOwner: false,
  scope,
  tokenScope: scope,
  attributes,
  passwordChangeRequired: false,
  can: (resource, permission) => acesGrant(scope, resource, permission),
});

const ID = "0190a000-0000-7000-8000-000000000001";
const keyed: AnyActorDefinition = defineActor({
  ...tallyActor,
  type: "ledger",
  typeKey: (s) => (s.name?.startsWith("b2b") ? "b2b" : "retail"),
  attributes: (s) => ({ channelKey: s.name }),
});

describe("actor authorization", () => {
  it.each([
    [["actors/order:create"], "order", "create", true],
    [["actors/order:create"], "order", "applyCommands", false],
    [["actors/order:*"], "order", "applyCommands", true],
    [["actors:*"], "order", "read", true],
    [["actors/*:read"], "order", "read", true],
    [[`actors/order/${ID}:applyCommands`], "order", "applyCommands", true],
    [["actors/order/00000000-0000-7000-8000-000000000009:applyCommands"], "order", "applyCommands", false],
    [["actors/tally:read"], "order", "read", false],
  ])("%j on %s:%s → %s", (scope, type, permission, granted) => {
    expect(actorPermitted(caller(scope), { ...tallyActor, type }, ID, undefined, permission)).toBe(granted);
  });

  it("checks the typeKey sub-resource of an actor that has one", () => {
    const b2b = { created: true, name: "b2b-1", total: 0, deleted: false };
    const retail = { ...b2b, name: "shop-1" };
    expect(actorPermitted(caller(["actors/ledger/b2b:add"]), keyed, ID, b2b, "add")).toBe(true);
    expect(actorPermitted(caller(["actors/ledger/b2b:add"]), keyed, ID, retail, "add")).toBe(false);
    expect(actorPermitted(caller(["actors/ledger:add"]), keyed, ID, retail, "add")).toBe(true);
  });

  it("refuses the whole request when any permission is missing, naming what is missing", () => {
    expect(() =>
      requireActorPermissions(caller(["actors/tally:open"]), tallyActor, ID, undefined, ["open", "add", "add"]),
    ).toThrow("Requires actors/tally:add");
    expect(() =>
      requireActorPermissions(caller(["actors/tally:*"]), tallyActor, ID, undefined, ["open", "add"]),
    ).not.toThrow();
  });

  it("applies access attributes, hiding actors without a value from restricted callers", () => {
    const web = caller(["actors:*"], { channelKey: ["web"] });
    expect(isRestricted(web)).toBe(true);
    expect(isRestricted(caller(["actors:*"], { channelKey: [] }))).toBe(false);
    expect(() => requireActorAttributes(web, keyed, { name: "web" })).not.toThrow();
    expect(() => requireActorAttributes(web, keyed, { name: "store" })).toThrow("Outside your access attributes");
    expect(() => requireActorAttributes(web, tallyActor, { name: "web" })).toThrow("Outside your access attributes");
    expect(() => requireActorAttributes(caller(["actors:*"]), tallyActor, {})).not.toThrow();
  });
});

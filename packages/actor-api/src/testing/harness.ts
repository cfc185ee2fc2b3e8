import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { StaticCaller, TestPlatform } from "@platform/http/testing";
import type { BoundedContext } from "@platform/host";
import { actorsContext } from "../index.ts";

/** Callers the actor API tests use, by token. */
export const testCallers: Readonly<Record<string, StaticCaller>> = {
  admin: { scope: ["actors/order:*", "actors/tally:*"], id: "p-admin" },
  creator: { scope: ["actors/order:create"], id: "p-creator" },
  reader: { scope: ["actors/order:read"], id: "p-reader" },
  wildcard: { scope: ["actors/*:read"], id: "p-wild" },
  web: { scope: ["actors/order:*"], id: "p-web", attributes: { channelKey: ["web"] } },
  service: { scope: ["actors:*"], id: "svc-1", kind: "client" },
  nobody: { scope: ["iam/principals:read"], id: "p-nobody" },
};

/** A platform with static auth, the actors API and the given actor contexts. */
export const actorsTestPlatform = (
  contexts: readonly BoundedContext[],
  callers: Readonly<Record<string, StaticCaller>> = testCallers,
): Promise<TestPlatform> => createTestPlatform([staticAuthContext(callers), actorsContext, ...contexts]);

export { json } from "@platform/http/testing";

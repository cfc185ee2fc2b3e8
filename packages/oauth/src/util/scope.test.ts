import { describe, expect, it } from "vitest";
import { parseScopeParam, scopeWithin, scopesOutside } from "./scope.ts";

describe("scope", () => {
  it("splits a scope parameter, dropping duplicates and refusing forbidden characters", () => {
    expect(parseScopeParam("openid  iam/principals:read openid")).toEqual(["openid", "iam/principals:read"]);
    expect(parseScopeParam(undefined)).toEqual([]);
    expect(parseScopeParam('bad"quote')).toBeUndefined();
  });

  const cases: [requested: string[], allowed: string[], within: boolean][] = [
    [["openid"], ["openid", "profile"], true],
    [["email"], ["openid"], false],
    [["iam/principals:read"], ["iam:*"], true],
    [["iam:*"], ["iam/principals:read"], false],
    [["iam/principals:read"], ["iam/principals:read"], true],
    [["iam/principals:write"], ["iam/principals:read"], false],
    [["actors/order:create"], ["*"], true],
    [["actors/order:create"], ["actors/*:create"], true],
    [["actors/*:create"], ["actors/order:create"], false],
    [["not an ace"], ["*"], false],
    [[], [], true],
  ];
  it.each(cases)("%j within %j → %s", (requested, allowed, within) => {
    expect(scopeWithin(requested, allowed)).toBe(within);
  });

  it("names the scopes outside", () => {
    expect(scopesOutside(["openid", "iam/roles:read", "jobs:read"], ["openid", "jobs:*"])).toEqual(["iam/roles:read"]);
  });
});

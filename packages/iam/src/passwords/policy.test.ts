import { describe, expect, it } from "vitest";
import { dictionary } from "@zxcvbn-ts/language-common";
import { COMMON_PASSWORDS } from "./common-passwords.ts";
import { passwordProblem } from "./policy.ts";

describe("password policy", () => {
  it.each([
    ["short", "Ab1", /at least 8/],
    ["no upper", "lowercase9word", /upper-case/],
    ["no lower", "UPPERCASE9WORD", /lower-case/],
    ["no digit", "NoDigitsHere", /digit/],
    ["common", "Password1", /too common/],
    ["common leet", "P@ssw0rd1", /too common/],
    ["common with suffix", "Welcome123!", /too common/],
    ["sequential", "Abcd1234", /too simple/],
    ["repeated", "Aaaaaaa1", /too simple/],
    ["sequence with pair", "Aa123456", /too simple/],
    ["email local part", "Xjohnsmith9Q", /email/],
    ["name", "Gorilla-Mueller9", /name/],
  ])("refuses %s", (_label, password, why) => {
    expect(passwordProblem(password, { email: "johnsmith@example.com", name: "Hans Mueller" })).toMatch(why);
  });

  it.each(["Tr0ub4dor&3x", "correct-Horse-battery-9", "Zq8#mV2!pL"])("accepts %s", (password) => {
    expect(passwordProblem(password, { email: "johnsmith@example.com", name: "Hans Mueller" })).toBeUndefined();
  });

  it("checks a maintained list of at least 10,000 common passwords, deep into it", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(10_000);
    const list = dictionary["passwords-common"];
    // Words from far down the ranking (beyond any short hand-written list), made to pass the composition rules.
    const deep = [10_000, 20_000, 30_000, 40_000].map((from) => list.slice(from).find((w) => /^[a-z]{8,}$/.test(w))!);
    expect(deep.every(Boolean)).toBe(true);
    for (const word of deep) {
      const password = `${word[0]!.toUpperCase()}${word.slice(1)}7`;
      expect(passwordProblem(password), password).toBe("Password is too common");
    }
    expect(passwordProblem("Letmein2024!")).toBe("Password is too common");
    expect(passwordProblem("Zq8#mV2!pL")).toBeUndefined();
  });
});

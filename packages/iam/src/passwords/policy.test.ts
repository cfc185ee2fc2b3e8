import { describe, expect, it } from "vitest";
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
});

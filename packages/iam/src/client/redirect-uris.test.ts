import { describe, expect, it } from "vitest";
import { redirectUriProblem } from "./redirect-uris.ts";

describe("redirect URI rules", () => {
  it.each([
    "https://app.example.com/cb",
    "http://localhost:3000/cb",
    "http://127.0.0.1/cb",
    "http://[::1]:8080/cb",
    "com.example.app:/oauth2redirect",
    "myapp://callback",
  ])("accepts %s", (uri) => {
    expect(redirectUriProblem(uri)).toBeUndefined();
  });
  it.each([
    ["http://app.example.com/cb", /https/],
    ["https://*.example.com/cb", /wildcard/],
    ["https://app.example.com/cb#frag", /fragment/],
    ["/relative/cb", /absolute/],
    ["javascript:alert(1)", /not allowed/],
    ["https://app.example.com/c b", /whitespace/],
  ])("refuses %s", (uri, why) => {
    expect(redirectUriProblem(uri)).toMatch(why);
  });
});

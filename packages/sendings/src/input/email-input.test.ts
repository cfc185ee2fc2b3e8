import { describe, expect, it } from "vitest";
import { DomainError } from "@platform/kernel";
import { isEmailAddress, normalizeEmail } from "./email-input.ts";

const issuesOf = (input: unknown) => {
  try {
    normalizeEmail(input);
  } catch (e) {
    expect((e as DomainError).code).toBe("VALIDATION_FAILED");
    return (e as DomainError).details as { path: string; message: string }[];
  }
  throw new Error("expected VALIDATION_FAILED");
};

const base = { to: "a@x.test", subject: "Hi", body: { plainText: "hello" }, category: "news" };

describe("email input", () => {
  it("accepts one address, a comma-separated list or an array, deduplicating any case", () => {
    expect(normalizeEmail(base).recipients).toEqual(["a@x.test"]);
    expect(normalizeEmail({ ...base, to: "a@x.test, b@x.test ,A@X.test" }).recipients).toEqual([
      "a@x.test",
      "b@x.test",
    ]);
    expect(normalizeEmail({ ...base, to: ["a@x.test", "b@x.test, c@x.test"] }).recipients).toEqual([
      "a@x.test",
      "b@x.test",
      "c@x.test",
    ]);
  });

  it("keeps cc and bcc as lists and defaults dynamic to {}", () => {
    const e = normalizeEmail({ ...base, cc: "c@x.test,d@x.test", bcc: ["e@x.test"] });
    expect(e).toMatchObject({
      cc: ["c@x.test", "d@x.test"],
      bcc: ["e@x.test"],
      dynamic: {},
      plainText: "hello",
      html: null,
    });
  });

  it("names every bad address's field", () => {
    expect(
      issuesOf({ ...base, to: "a@x.test, nope", cc: ["ok@x.test", "bad@"], bcc: "x y@z" }).map((i) => i.path),
    ).toEqual(["to", "cc.1", "bcc"]);
  });

  it("requires a recipient, a one-line subject, a body and a category", () => {
    expect(issuesOf({ ...base, to: " , " }).map((i) => i.path)).toEqual(["to"]);
    expect(
      issuesOf({ to: "a@x.test" })
        .map((i) => i.path)
        .sort(),
    ).toEqual(["body", "category", "subject"]);
    expect(issuesOf({ ...base, subject: "a\r\nBcc: evil@x.test" }).map((i) => i.path)).toEqual(["subject"]);
    expect(issuesOf({ ...base, body: {} }).map((i) => i.path)).toEqual(["body"]);
    expect(issuesOf({ ...base, extra: 1 }).map((i) => i.path)).toEqual(["extra"]);
    expect(issuesOf({ ...base, to: 5 }).map((i) => i.path)).toEqual(["to"]);
    expect(issuesOf({ ...base, dynamic: [1] }).map((i) => i.path)).toEqual(["dynamic"]);
    expect(issuesOf({ ...base, dynamic: "x" }).map((i) => i.path)).toEqual(["dynamic"]);
  });

  it("refuses text PostgreSQL cannot store (NUL, unpaired surrogates) and too deep a dynamic", () => {
    expect(
      issuesOf({
        ...base,
        subject: "a\u0000b",
        category: "\ud800",
        body: { plainText: "x\u0000", html: "ok \ud83d\ude00" },
      }),
    ).toEqual([
      { path: "subject", message: "must not contain NUL or unpaired surrogate characters" },
      { path: "body.plainText", message: "must not contain NUL or unpaired surrogate characters" },
      { path: "category", message: "must not contain NUL or unpaired surrogate characters" },
    ]);
    expect(
      issuesOf({ ...base, dynamic: { a: ["ok", "b\u0000"], ["k\u0000"]: 1, c: { d: "\udc00" } } }).map((i) => i.path),
    ).toEqual(["dynamic.a.1", "dynamic.k?", "dynamic.c.d"]);
    let deep: unknown = "leaf";
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(issuesOf({ ...base, dynamic: { deep } })).toEqual([
      { path: `dynamic.deep${".0".repeat(31)}`, message: "must not be nested deeper than 32 levels" },
    ]);
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, "\u0000"]));
    expect(issuesOf({ ...base, dynamic: many })).toHaveLength(10);
    expect(
      normalizeEmail({ ...base, subject: "Grüße 😀", dynamic: { emoji: "😀", nested: { list: [1, null, true] } } })
        .subject,
    ).toBe("Grüße 😀");
  });

  it("caps the number of recipients", () => {
    const many = Array.from({ length: 101 }, (_, i) => `u${i}@x.test`);
    expect(issuesOf({ ...base, to: many })).toEqual([{ path: "to", message: "at most 100 recipients" }]);
  });

  it("recognises email addresses", () => {
    for (const ok of ["a@b", "first.last+tag@sub.example.com", "x_y@example-host.org"])
      expect(isEmailAddress(ok)).toBe(true);
    for (const bad of ["", "a", "a@", "@b", "a b@c", "a@b..c", "a@-b.com", "<a@b>"])
      expect(isEmailAddress(bad)).toBe(false);
  });
});

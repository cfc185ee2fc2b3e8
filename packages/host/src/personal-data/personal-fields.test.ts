import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { openFields, sealFields, SEALED } from "./protected-store.ts";
import { erasable, personal, personalPaths } from "./personal-fields.ts";

const schema = v.object({
  properties: v.object({
    name: personal(v.string()),
    email: personal(v.string()),
    settings: personal(v.record(v.string(), v.unknown())),
    kind: v.string(),
  }),
  note: v.optional(v.object({ text: personal(v.nullable(v.string())) })),
  roles: v.array(v.string()),
});
const paths = ["properties.name", "properties.email", "properties.settings", "note.text"];

describe("personal fields", () => {
  it("are the paths the schema marks, at any depth, through optionals", () =>
    expect(personalPaths(schema)).toEqual(paths));

  it("may read null in the erasable form of the schema, and only they", () => {
    const erased = { properties: { name: null, email: null, settings: null, kind: "staff" }, roles: [] };
    expect(v.is(schema, erased)).toBe(false);
    expect(v.is(erasable(schema), erased)).toBe(true);
    expect(v.is(erasable(schema), { ...erased, properties: { ...erased.properties, kind: null } })).toBe(false);
  });

  it(
    "are sealed without touching the caller's data, and open to the same values with the same " + "key and place only",
    () => {
      const key = randomBytes(32);
      const data = {
        properties: { name: "Ann", email: "ann@example.test", settings: { locale: "sv" }, kind: "staff" },
        note: { text: null },
        roles: ["a"],
      };
      const before = structuredClone(data);
      const sealed = sealFields(data, paths, key, "s-1\0T") as Record<string, unknown>;
      expect(data).toEqual(before);
      expect(sealed).toMatchObject({
        properties: { name: null, email: null, settings: null, kind: "staff" },
        note: { text: null },
        roles: ["a"],
        [SEALED]: expect.any(String),
      });
      expect(JSON.stringify(sealed)).not.toMatch(/Ann|ann@|locale/);
      expect(openFields(structuredClone(sealed), key, "s-1\0T")).toEqual(data);
      expect(() => openFields(structuredClone(sealed), key, "s-2\0T")).toThrow();
      expect(() => openFields(structuredClone(sealed), randomBytes(32), "s-1\0T")).toThrow();
      expect(openFields(structuredClone(sealed), null, "s-1\0T")).toBeUndefined();
    },
  );

  it("leave data without personal values as it is", () => {
    const data = { properties: { name: null, kind: "x" }, roles: [] };
    expect(sealFields(data, paths, randomBytes(32), "s\0T")).toBe(data);
  });
});

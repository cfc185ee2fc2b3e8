import { describe, expect, it } from "vitest";
import { toE164 } from "./phone.ts";

describe("toE164", () => {
  it("makes +46…, 46…, 0046…, spaced, dashed and (0) spellings one E.164 number", () => {
    const spellings = ["+46701234567", "46701234567", "0046701234567", "+46 70-123 45 67", "0046 70 123 45 67"];
    spellings.push("+46 (0)70-123 45 67", "0046 (0)70 1234567", " 46.70.123.45.67 ");
    expect(spellings.map(toE164)).toEqual(spellings.map(() => "+46701234567"));
    expect(toE164("+1 (555) 010-0199")).toBe("+15550100199");
  });

  it(
    "gives null for a national number, a country code starting with 0, more than 15 digits or " + "other characters",
    () => {
      const refused = [
        "0701234567",
        "070-123 45 67",
        "(0)70 1234567",
        "+0701234567",
        "000046701234567",
        "+4670123456789012",
      ];
      for (const s of [...refused, "call me", "+46 70 x", "", "+"]) expect([s, toE164(s)]).toEqual([s, null]);
    },
  );
});

import { describe, expect, it } from "vitest";
import { divRound, formatDecimal, formatMinor, parseDecimal, toMinor } from "./decimal.ts";
import { countryCodes, currencyCodes, currencyDigits, isCountryCode } from "./iso-codes.ts";

describe("decimal", () => {
  it.each([
    [19.99, "19.99"],
    [0.1, "0.1"],
    ["0.250", "0.25"],
    [100, "100"],
    [1e-7, "0.0000001"],
    [1.5e3, "1500"],
    [-2.5, "-2.5"],
    ["007.10", "7.1"],
  ])("parses %s exactly as %s", (input, text) => {
    expect(formatDecimal(parseDecimal(input)!)).toBe(text);
  });

  it("refuses what is no decimal", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, "", "abc", "1,5", "1.2.3", "0x10"])
      expect(parseDecimal(bad)).toBeUndefined();
  });

  it("turns prices into minor units without float drift", () => {
    expect(toMinor(19.99, 2)).toBe(1999n);
    expect(toMinor(0.1 + 0.2, 2)).toBeUndefined(); // 0.30000000000000004 has too many digits
    expect(toMinor(1234, 0)).toBe(1234n);
    expect(toMinor(1.5, 0)).toBeUndefined();
    expect(toMinor("1.234", 3)).toBe(1234n);
    expect(formatMinor(1999n, 2)).toBe("19.99");
    expect(formatMinor(5n, 2)).toBe("0.05");
    expect(formatMinor(-5n, 3)).toBe("-0.005");
    expect(formatMinor(42n, 0)).toBe("42");
  });

  it("rounds half away from zero", () => {
    expect([
      divRound(5n, 2n),
      divRound(-5n, 2n),
      divRound(4n, 2n),
      divRound(7n, 3n),
      divRound(8n, 3n),
      divRound(0n, 7n),
    ]).toEqual([3n, -3n, 2n, 2n, 3n, 0n]);
  });
});

describe("ISO codes", () => {
  it("knows every assigned country and the currencies in circulation", () => {
    expect(countryCodes.size).toBe(249);
    expect(isCountryCode("SE")).toBe(true);
    expect(isCountryCode("XX")).toBe(false);
    expect(isCountryCode("EU")).toBe(false);
    expect(currencyCodes.has("XAU")).toBe(false);
  });

  it("gives each currency its minor units", () => {
    expect([
      currencyDigits("SEK"),
      currencyDigits("JPY"),
      currencyDigits("KWD"),
      currencyDigits("CLF"),
      currencyDigits("ABC"),
    ]).toEqual([2, 0, 3, 4, undefined]);
  });
});

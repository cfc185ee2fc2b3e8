import { describe, expect, it } from "vitest";
import { smsParts } from "./sms-parts.ts";

describe("SMS parts", () => {
  it("sends a GSM text of up to 160 septets as one part, data_coding 0", () => {
    expect(smsParts("a".repeat(160), 7)).toEqual({ dataCoding: 0, parts: [{ text: "a".repeat(160), udh: undefined }] });
    expect(smsParts("Grüße aus Köln, 5 € für Sie", 7)).toMatchObject({ dataCoding: 0, parts: [{ udh: undefined }] });
  });

  it("counts the extension characters as two septets", () => {
    expect(smsParts("€".repeat(80), 1).parts).toHaveLength(1);
    const long = smsParts("€".repeat(81), 1);
    expect(long.parts.map((p) => p.text.length)).toEqual([76, 5]);
  });

  it("splits a longer GSM text into 153-septet parts with a concatenation header", () => {
    const text = "x".repeat(400);
    const { dataCoding, parts } = smsParts(text, 0x1234);
    expect(dataCoding).toBe(0);
    expect(parts.map((p) => p.text.length)).toEqual([153, 153, 94]);
    expect(parts.map((p) => [...p.udh!])).toEqual([
      [5, 0, 3, 0x34, 3, 1],
      [5, 0, 3, 0x34, 3, 2],
      [5, 0, 3, 0x34, 3, 3],
    ]);
    expect(parts.map((p) => p.text).join("")).toBe(text);
  });

  it("uses UCS-2 for anything outside GSM 03.38: 70 alone, 67 per part, never splitting a surrogate pair", () => {
    expect(smsParts("Привет".repeat(11) + "Прив", 1)).toMatchObject({ dataCoding: 8, parts: [{ udh: undefined }] });
    const emoji = "😀".repeat(40);
    const { dataCoding, parts } = smsParts(emoji, 9);
    expect(dataCoding).toBe(8);
    expect(parts.map((p) => p.text.length)).toEqual([66, 14]);
    expect(parts.map((p) => p.text).join("")).toBe(emoji);
  });
});

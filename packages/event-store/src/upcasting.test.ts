import { describe, expect, it } from "vitest";
import { createUpcasterChain } from "./upcasting.ts";
import type { RecordedEvent } from "./types.ts";

const event = (type: string, schemaVersion: number, data: unknown): RecordedEvent => ({
  id: "e1",
  streamId: "s",
  type,
  version: 1,
  position: "p",
  globalPosition: 1,
  schemaVersion,
  data,
  metadata: { at: "2026-01-01T00:00:00.000Z" },
});

describe("upcaster chain", () => {
  const chain = createUpcasterChain([
    { type: "OrderCreated", fromVersion: 1, upcast: (d) => ({ ...(d as object), taxIncluded: false }) },
    {
      type: "OrderCreated",
      fromVersion: 2,
      upcast: (d) => {
        const { currency, ...rest } = d as { currency: string };
        return { ...rest, currencyCode: currency };
      },
    },
  ]);

  it("lifts an old event through every step to the current version", () => {
    expect(chain(event("OrderCreated", 1, { currency: "EUR" }))).toMatchObject({
      schemaVersion: 3,
      data: { taxIncluded: false, currencyCode: "EUR" },
    });
  });

  it("leaves current events and other types alone", () => {
    const current = event("OrderCreated", 3, { currencyCode: "SEK" });
    expect(chain(current)).toBe(current);
    const other = event("LineAdded", 1, { x: 1 });
    expect(chain(other)).toBe(other);
  });
});

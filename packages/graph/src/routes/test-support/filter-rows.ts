import fc from "fast-check";
import { isInstantText } from "../../filter/compile.ts";
import type { FieldTypes } from "../../testing/evaluate.ts";

// The rows of filter-property.int.test.ts: one fixed random set of sendings (a fixed seed), with custom fields over
// their `dynamic`.

/** The fixed seed of the rows (FILTER_PROPERTY_ROW_SEED picks another set). */
export const ROW_SEED = Number(process.env.FILTER_PROPERTY_ROW_SEED ?? 23);

export const TYPES = {
  sendingId: { type: "text" },
  recipient: { type: "text" },
  status: { type: "text" },
  category: { type: "text" },
  subject: { type: "text" },
  createdAt: { type: "instant" },
  updatedAt: { type: "instant" },
  sentAt: { type: "instant", nullable: true },
  errorMessage: { type: "text", nullable: true },
  retryCount: { type: "number" },
  nextAttemptAt: { type: "instant", nullable: true },
  channelKey: { type: "text", nullable: true },
  // Custom fields, registered in beforeAll over each row's `dynamic`.
  region: { type: "text", nullable: true },
  score: { type: "number", nullable: true },
  vip: { type: "boolean", nullable: true },
  due: { type: "instant", nullable: true },
} as const satisfies FieldTypes;
export const CUSTOM = {
  region: "dynamic.region",
  score: "dynamic.m.score",
  vip: "dynamic.vip",
  due: "dynamic.due",
} as const;
export type FieldName = keyof typeof TYPES;
export const FIELDS = Object.keys(TYPES) as FieldName[];

// ---- the rows -------------------------------------------------------------------------------

export const BASE = Date.parse("2026-03-01T00:00:00.000Z");
export const DAY = 86_400_000;
export const iso = (ms: number) => new Date(BASE + ms).toISOString();
// Some offsets repeat on purpose, so equal instants across rows are likely.
export const offset = fc.oneof(fc.constantFrom(0, DAY / 2, DAY, 2 * DAY), fc.integer({ min: 0, max: 4 * DAY }));

export const rowArb = fc.record({
  prefix: fc.constantFrom("s", "S", "snd_", "a%", "Z"),
  recipient: fc.constantFrom(
    "alice@example.test",
    "Alice@Example.test",
    "bob@example.test",
    "carol_x@shop.test",
    "dave%1@example.test",
    "eve\\o@example.test",
  ),
  status: fc.constantFrom("pending", "sent", "bounced", "cancelled"),
  category: fc.constantFrom("News", "news", "NEWS", "promo_1", "promo1", "a%b", "axb", ""),
  subject: fc.oneof(
    fc.constantFrom(
      "Hello",
      "hello world",
      "Your order #12",
      "50% off!",
      "under_score",
      'say "hi"',
      "back\\slash",
      "it's",
    ),
    fc.string({ maxLength: 8 }),
  ),
  created: offset,
  updatedAfter: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: DAY })),
  sentAfter: fc.option(fc.integer({ min: 0, max: DAY }), { nil: null }),
  errorMessage: fc.option(
    fc.constantFrom(
      "50% failed",
      "rate_limited",
      "path C:\\tmp\\x",
      "100%_done",
      "a\\%b",
      "Timeout",
      "timeout after 5s",
      "_",
      "%",
    ),
    { nil: null },
  ),
  retryCount: fc.integer({ min: 0, max: 5 }),
  next: fc.option(offset, { nil: null }),
  channelKey: fc.option(fc.constantFrom("web", "Web", "shop", "shop_eu"), { nil: null }),
  // `dynamic`: values of the custom fields' types, of other types, or absent (undefined).
  region: fc.option(
    fc.oneof(
      fc.constantFrom("North", "north", "nörth", "south_1", "a%b", "", "Ω"),
      fc.constantFrom<unknown>(7, true, null, ["north"]),
    ),
    { nil: undefined },
  ),
  score: fc.option(
    fc.oneof(
      fc.integer({ min: -1, max: 6 }),
      fc.constantFrom(2.5, 0.5, -0.5),
      fc.constantFrom<unknown>("3", false, null, { n: 1 }),
    ),
    { nil: undefined },
  ),
  vip: fc.option(fc.oneof(fc.boolean(), fc.constantFrom<unknown>("true", 1, null)), { nil: undefined }),
  due: fc.option(
    fc
      .tuple(offset, fc.constantFrom("iso", "offset", "date", "bare", "bad-day", "text", "number"))
      .map(([o, form]): unknown => {
        const s = iso(o);
        return form === "offset"
          ? `${new Date(BASE + o + 3_600_000).toISOString().slice(0, 19)}+01:00`
          : form === "date"
            ? s.slice(0, 10)
            : form === "bare"
              ? s.slice(0, 19)
              : form === "bad-day"
                ? "2026-02-30T10:00:00Z"
                : form === "text"
                  ? "soon"
                  : form === "number"
                    ? o
                    : s;
      }),
    { nil: undefined },
  ),
});

/**
 * A custom field's value as the reference reads `dynamic`: of the field's type, else null (an instant: ISO 8601 naming
 * a real day; no offset is UTC).
 */
export const customValue = (
  type: "text" | "number" | "boolean" | "instant",
  raw: unknown,
): string | number | boolean | null => {
  if (type === "text") return typeof raw === "string" ? raw : null;
  if (type === "number") return typeof raw === "number" ? raw : null;
  if (type === "boolean") return typeof raw === "boolean" ? raw : null;
  if (typeof raw !== "string" || !isInstantText(raw)) return null;
  return new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(raw) || raw.length === 10 ? raw : `${raw}Z`).toISOString();
};

export type Row = { readonly [K in FieldName]: string | number | boolean | null } & {
  readonly dynamic: Record<string, unknown>;
};
export const rows: Row[] = fc
  .sample(fc.array(rowArb, { minLength: 40, maxLength: 40 }), { seed: ROW_SEED, numRuns: 1 })[0]!
  .map((r, i) => ({
    sendingId: `${r.prefix}${String(i).padStart(2, "0")}`,
    recipient: r.recipient,
    status: r.status,
    category: r.category,
    subject: r.subject,
    createdAt: iso(r.created),
    updatedAt: iso(r.created + r.updatedAfter),
    sentAt: r.sentAfter === null ? null : iso(r.created + r.sentAfter),
    errorMessage: r.errorMessage,
    retryCount: r.retryCount,
    nextAttemptAt: r.next === null ? null : iso(r.next),
    channelKey: r.channelKey,
    region: customValue("text", r.region),
    score: customValue("number", r.score),
    vip: customValue("boolean", r.vip),
    due: customValue("instant", r.due),
    dynamic: {
      ...(r.region === undefined ? {} : { region: r.region }),
      ...(r.score === undefined ? {} : { m: { score: r.score } }),
      ...(r.vip === undefined ? {} : { vip: r.vip }),
      ...(r.due === undefined ? {} : { due: r.due }),
    },
  }));

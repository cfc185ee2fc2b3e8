import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import { defineActor } from "../actor-definition.ts";

/** A tiny actor for the runtime's own tests: a named tally that can be incremented. */
export type TallyState = {
  readonly created: boolean;
  readonly name?: string;
  readonly total: number;
  readonly deleted: boolean;
};
export type TallyCommand =
  | { readonly type: "open"; readonly name: string }
  | { readonly type: "add"; readonly amount: number }
  | { readonly type: "rename"; readonly name: string }
  | { readonly type: "close" };
export type TallyEvent =
  | { readonly type: "TallyOpened"; readonly data: { readonly name: string } }
  | { readonly type: "TallyAdded"; readonly data: { readonly amount: number } }
  | { readonly type: "TallyRenamed"; readonly data: { readonly name: string } }
  | { readonly type: "TallyClosed"; readonly data: Readonly<Record<string, unknown>> };

export const tallyActor = defineActor<TallyState, TallyCommand, TallyEvent>({
  type: "tally",
  exists: (s) => s.created && !s.deleted,
  naturalKeys: { name: { of: (s) => (s.deleted ? undefined : s.name) } },
  virtualIds: ["new"],
  lifecycle: { created: ["TallyOpened"], deleted: ["TallyClosed"] },
  identifiers: (id, s) => ({ tallyId: id, ...(s.name ? { name: s.name } : {}) }),
  decider: {
    initialState: () => ({ created: false, total: 0, deleted: false }),
    decide: (c, s) => {
      if (c.type === "open") {
        if (s.created) throw new DomainError("CONFLICT", "already open");
        return { type: "TallyOpened", data: { name: c.name } };
      }
      if (!s.created || s.deleted) throw new DomainError("NOT_FOUND", "no such tally");
      switch (c.type) {
        case "add":
          if (c.amount <= 0) throw new DomainError("VALIDATION_FAILED", "amount must be positive");
          return { type: "TallyAdded", data: { amount: c.amount } };
        case "rename":
          return { type: "TallyRenamed", data: { name: c.name } };
        case "close":
          return { type: "TallyClosed", data: {} };
      }
    },
    evolve: (s, e) => {
      switch (e.type) {
        case "TallyOpened":
          return { ...s, created: true, name: e.data.name };
        case "TallyAdded":
          return { ...s, total: s.total + e.data.amount };
        case "TallyRenamed":
          return { ...s, name: e.data.name };
        case "TallyClosed":
          return { ...s, deleted: true };
        default:
          return s;
      }
    },
  },
  messages: {
    open: {
      body: v.object({ name: v.string(), add: v.optional(v.array(v.number())) }),
      toCommands: (b: { name: string; add?: number[] }) => [
        { type: "open", name: b.name },
        ...(b.add ?? []).map((amount) => ({ type: "add" as const, amount })),
      ],
    },
    add: {
      body: v.object({ amounts: v.array(v.number()) }),
      toCommands: (b: { amounts: number[] }) => b.amounts.map((amount) => ({ type: "add" as const, amount })),
    },
    rename: {
      body: v.object({ name: v.string() }),
      toCommands: (b: { name: string }) => [{ type: "rename", name: b.name }],
    },
    close: { body: v.object({}), toCommands: () => [{ type: "close" }] },
  },
});

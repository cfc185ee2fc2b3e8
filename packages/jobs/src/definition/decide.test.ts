import { describe, it } from "vitest";
import { givenFor } from "@platform/actor-runtime/testing";
import type { JobDefinitionCommand } from "./commands.ts";
import { decideJobDefinition } from "./decide.ts";
import type { JobDefinitionEvent } from "./events.ts";
import { CLEARED } from "./spec.ts";
import type { DefinitionSpec, Writer } from "./spec.ts";
import { evolveJobDefinition, initialJobDefinitionState } from "./state.ts";
import type { JobDefinitionState } from "./state.ts";

const { given } = givenFor<JobDefinitionState, JobDefinitionCommand, JobDefinitionEvent>({
  decide: decideJobDefinition,
  evolve: evolveJobDefinition,
  initialState: initialJobDefinitionState,
});

const writer: Writer = { principalId: "p1", attributes: {} };
const spec = (over: Partial<DefinitionSpec> = {}): DefinitionSpec => ({
  ...CLEARED,
  componentId: "shop/report",
  ...over,
});
const created: JobDefinitionEvent = {
  type: "JobDefinitionCreated",
  data: { definitionId: "reports/daily", spec: spec(), writer },
};
const provided = (appVersion: number, over: Partial<DefinitionSpec> = {}): JobDefinitionEvent => ({
  type: "JobDefinitionProvided",
  data: { definitionId: "apps/shop/nightly", appId: "shop", appVersion, spec: spec(over), writer },
});
const provide = (appVersion: number, over: Partial<DefinitionSpec> = {}): JobDefinitionCommand => ({
  type: "provide",
  definitionId: "apps/shop/nightly",
  appId: "shop",
  appVersion,
  spec: spec(over),
  writer,
});

describe("job definition decider", () => {
  it("creates a definition", () =>
    given([]).when({ type: "assert", definitionId: "reports/daily", spec: spec(), writer }).then([created]));
  it("changes it to a new whole", () =>
    given([created])
      .when({ type: "assert", definitionId: "reports/daily", spec: spec({ queue: "q" }), writer })
      .then([{ type: "JobDefinitionChanged", data: { spec: spec({ queue: "q" }), writer } }]));
  it("records nothing for the same fields by the same writer", () =>
    given([created]).when({ type: "assert", definitionId: "reports/daily", spec: spec(), writer }).then([]));
  it("records nothing for the same fields whatever their keys' order (a state folded from jsonb)", () => {
    const reordered = Object.fromEntries(Object.entries(spec()).reverse()) as unknown as DefinitionSpec;
    given([
      {
        type: "JobDefinitionCreated",
        data: { definitionId: "reports/daily", spec: reordered, writer: { attributes: {}, principalId: "p1" } },
      },
    ])
      .when({ type: "assert", definitionId: "reports/daily", spec: spec(), writer })
      .then([]);
  });
  it("records a re-write by another writer (the jobs act with at most theirs)", () =>
    given([created])
      .when({ type: "assert", definitionId: "reports/daily", spec: spec(), writer: { clientId: "c1", attributes: {} } })
      .then([{ type: "JobDefinitionChanged", data: { spec: spec(), writer: { clientId: "c1", attributes: {} } } }]));
  it("deletes it", () =>
    given([created])
      .when({ type: "delete", definitionId: "reports/daily" })
      .then([{ type: "JobDefinitionDeleted", data: { definitionId: "reports/daily" } }]));
  it("refuses to delete what does not exist", () =>
    given([]).when({ type: "delete", definitionId: "x" }).thenRejects("NOT_FOUND"));
  it("creates it again after a delete, in the same journal", () =>
    given([created, { type: "JobDefinitionDeleted", data: { definitionId: "reports/daily" } }])
      .when({ type: "assert", definitionId: "reports/daily", spec: spec(), writer })
      .then([created]));

  it("takes an app's definition", () =>
    given([])
      .when(provide(1))
      .then([provided(1)]));
  it("replaces the author's default on an upgrade", () =>
    given([provided(1)])
      .when(provide(2, { queue: "slow" }))
      .then([provided(2, { queue: "slow" })]));
  it("ignores a delivery older than the one applied (a late or repeated app event)", () =>
    given([provided(3, { queue: "new" })])
      .when(provide(2))
      .then([]));
  it("records nothing when an upgrade leaves the definition as it was", () =>
    given([provided(1)])
      .when(provide(2))
      .then([]));
  it("refuses PUT and DELETE on an app's definition", () => {
    given([provided(1)])
      .when({ type: "assert", definitionId: "apps/shop/nightly", spec: spec(), writer })
      .thenRejects("FORBIDDEN");
    given([provided(1)])
      .when({ type: "delete", definitionId: "apps/shop/nightly" })
      .thenRejects("FORBIDDEN");
  });
  it("stores a tenant override, and clears it", () => {
    given([provided(1)])
      .when({ type: "override", override: { scheduleSuspended: true } })
      .then([{ type: "JobDefinitionOverridden", data: { override: { scheduleSuspended: true } } }]);
    given([provided(1), { type: "JobDefinitionOverridden", data: { override: { scheduleSuspended: true } } }])
      .when({ type: "override", override: {} })
      .then([{ type: "JobDefinitionOverridden", data: { override: {} } }]);
  });
  it("keeps the override across an upgrade", () =>
    given([
      provided(1),
      { type: "JobDefinitionOverridden", data: { override: { queue: "mine" } } },
      provided(2, { queue: "theirs" }),
    ])
      .when({ type: "override", override: { queue: "mine" } })
      .then([]));
  it("refuses an override on an API definition", () =>
    given([created])
      .when({ type: "override", override: { queue: "q" } })
      .thenRejects("INVALID_STATE"));
  it("withdraws default and override together; an older provide does not bring it back", () => {
    const withdrawn: JobDefinitionEvent = {
      type: "JobDefinitionWithdrawn",
      data: { definitionId: "apps/shop/nightly", appId: "shop", appVersion: 3 },
    };
    given([provided(1), { type: "JobDefinitionOverridden", data: { override: { queue: "mine" } } }])
      .when({ type: "withdraw", definitionId: "apps/shop/nightly", appId: "shop", appVersion: 3 })
      .then([withdrawn]);
    given([provided(1), withdrawn])
      .when(provide(2))
      .then([]);
    given([provided(1), withdrawn])
      .when({ type: "override", override: { queue: "q" } })
      .thenRejects("NOT_FOUND");
    given([provided(1), withdrawn])
      .when(provide(4))
      .then([provided(4)]);
  });
  it("ignores a withdrawal older than the definition's app version", () =>
    given([provided(5)])
      .when({ type: "withdraw", definitionId: "apps/shop/nightly", appId: "shop", appVersion: 4 })
      .then([]));
});

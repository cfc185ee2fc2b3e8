import type { JobDefinitionCommand } from "../definition/commands.ts";
import { decideJobDefinition } from "../definition/decide.ts";
import type { JobDefinitionEvent } from "../definition/events.ts";
import { CLEARED } from "../definition/spec.ts";
import { evolveJobDefinition, initialJobDefinitionState } from "../definition/state.ts";
import type { JobDefinitionState } from "../definition/state.ts";

const writer = { principalId: "0190a000-0000-7000-8000-000000000001", attributes: {} };
const spec = { ...CLEARED, componentId: "shop/report", schedules: [{ cron: "0 3 * * *", timeZone: "Europe/Berlin" }] };

const run = (commands: JobDefinitionCommand[]): JobDefinitionEvent[] => {
  let state: JobDefinitionState = initialJobDefinitionState();
  const out: JobDefinitionEvent[] = [];
  for (const c of commands)
    for (const e of decideJobDefinition(c, state)) {
      out.push(e);
      state = evolveJobDefinition(state, e);
    }
  return out;
};

/** Real events from the job definition decider: an API definition's life, and an app's with a tenant override. */
export const sampleJobEvents = (): JobDefinitionEvent[] => [
  ...run([
    { type: "assert", definitionId: "reports/daily", spec, writer },
    { type: "assert", definitionId: "reports/daily", spec: { ...spec, queue: "reports" }, writer },
    { type: "delete", definitionId: "reports/daily" },
  ]),
  ...run([
    { type: "provide", definitionId: "apps/shop/nightly", appId: "shop", appVersion: 1, spec, writer },
    { type: "override", override: { scheduleSuspended: true } },
    { type: "withdraw", definitionId: "apps/shop/nightly", appId: "shop", appVersion: 2 },
  ]),
];

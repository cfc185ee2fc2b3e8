import * as v from "valibot";
import { DomainError, callerHolds, inheritedAttributes, newId, sameJson } from "@platform/kernel";
import type { Caller, Clock } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import { toIssues } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { APP_PREFIX, DefinitionBodySchema, READ_ONLY, isDefinitionId } from "../definition/body.ts";
import type { DefinitionBody } from "../definition/body.ts";
import type { JobDefinitionCommand } from "../definition/commands.ts";
import { OVERRIDABLE, effectiveSpec } from "../definition/spec.ts";
import type { DefinitionSpec, Writer } from "../definition/spec.ts";
import type { JobDefinitionState } from "../definition/state.ts";
import { patchOverride, patchSpec, scheduleIssues, specOfBody } from "./fields.ts";
import { ports } from "@platform/ports";

const TYPE = "job-definition";

export const writerOf = (caller: Caller): Writer => ({
  ...(caller.principalId ? { principalId: caller.principalId } : {}),
  ...(caller.clientId ? { clientId: caller.clientId } : {}),
  attributes: inheritedAttributes(caller),
});

const notFound = (id: string) => new DomainError("NOT_FOUND", `Job definition ${id} not found`);

/** The body without the fields GET adds (a GET answer may come back as a PUT), validated. */
const parseBody = (id: string, raw: unknown): DefinitionBody => {
  const stripped =
    typeof raw === "object" && raw !== null && !Array.isArray(raw)
      ? Object.fromEntries(Object.entries(raw).filter(([k]) => !(READ_ONLY as readonly string[]).includes(k)))
      : raw;
  const r = v.safeParse(DefinitionBodySchema, stripped);
  if (!r.success) throw new DomainError("VALIDATION_FAILED", "The job definition is invalid", toIssues(r.issues));
  if (r.output.jobDefinitionId !== undefined && r.output.jobDefinitionId !== id)
    throw new DomainError("VALIDATION_FAILED", "The job definition is invalid", [
      { path: "jobDefinitionId", message: `must equal the id of the path ('${id}')` },
    ]);
  return r.output;
};

/** The definition's acl gives its jobs at most what its writer holds (docs/ACCESS.md). */
const requireHeld = (caller: Caller, acl: readonly string[]) => {
  for (const ace of acl)
    if (!callerHolds(caller, ace))
      throw new DomainError("FORBIDDEN", `The definition may not carry '${ace}': you do not hold it`, { ace });
};

/** Whether the definition's schedule makes jobs. */
const scheduling = (s: DefinitionSpec) => s.schedules.length > 0 && !s.scheduleSuspended;
const SCHEDULE_FIELDS = [
  "schedules",
  "scheduleSuspended",
  "scheduleConcurrency",
  "scheduleStartingDeadlineSeconds",
] as const;

/**
 * An override that turns an app-provided definition's schedule on or changes it makes jobs run
 * with the definition's acl: it needs what a writer of that acl needs, and `jobs/<id>:schedule`
 * (docs/ACCESS.md). True when the override does so (its maker is then recorded); pausing,
 * clearing the schedule or moving the queue needs only `job-definitions:write`.
 */
const requireSchedulingRights = (
  caller: Caller,
  id: string,
  before: DefinitionSpec,
  after: DefinitionSpec,
): boolean => {
  if (!scheduling(after)) return false;
  if (scheduling(before) && SCHEDULE_FIELDS.every((k) => sameJson(before[k], after[k]))) return false;
  if (!caller.can(`jobs/${id}`, "schedule"))
    throw new DomainError("FORBIDDEN", `Scheduling ${id} requires jobs/${id}:schedule`, { ace: `jobs/${id}:schedule` });
  requireHeld(caller, after.acl);
  return true;
};

/** PUT, PATCH and DELETE of `/resources/job-definitions/{id}`: validation, the component, the acl, If-Match. */
export const createDefinitionWriter = (deps: PlatformDeps, clock: Clock) => {
  const { runtime, store } = deps;

  const locate = async (id: string) => {
    const stream = await store.lookupKey(`${TYPE}:definitionId`, id);
    const actorId = stream?.slice(TYPE.length + 1);
    const loaded = actorId ? await runtime.load(TYPE, actorId) : undefined;
    return {
      actorId,
      version: loaded?.version ?? 0,
      state: (loaded?.state ?? { status: "none" }) as JobDefinitionState,
    };
  };

  const check = (body: DefinitionBody) => {
    const issues = scheduleIssues(body.schedules, (i) => `schedules.${i}`, clock.now());
    if (issues.length) throw new DomainError("VALIDATION_FAILED", "The job definition is invalid", issues);
  };

  const resolveComponent = async (componentId: string) =>
    (await deps.ports.get(ports.appComponents).resolve(componentId, "componentId")).ref;

  const execute = (
    actorId: string | undefined,
    commands: JobDefinitionCommand[],
    who: Initiator,
    expectedVersion: number,
  ) =>
    runtime.execute(TYPE, actorId ?? newId(), commands, who, { existence: actorId ? "any" : "new", expectedVersion });

  /**
   * Runs a read-decide-append. Without If-Match, a write that lost a race (another request
   * created or changed the definition between the read and the append) is done again on what
   * is there now, instead of answering 409 to a client that asked for no version.
   */
  const settle = async <T>(ifMatch: number | undefined, attempt: () => Promise<T>): Promise<T> => {
    for (let tries = 1; ; tries++) {
      try {
        return await attempt();
      } catch (e) {
        if (ifMatch === undefined && tries < 10 && e instanceof DomainError && e.code === "CONFLICT") continue;
        throw e;
      }
    }
  };

  /** Stale If-Match → 409; an If-Match on what does not exist is stale too. */
  const expected = (ifMatch: number | undefined, version: number, exists: boolean) => {
    if (ifMatch === undefined) return version;
    if (!exists || ifMatch !== version)
      throw new DomainError("CONFLICT", "If-Match does not match the current version");
    return ifMatch;
  };

  return {
    async put(
      caller: Caller,
      who: Initiator,
      id: string,
      raw: unknown,
      ifMatch: number | undefined,
    ): Promise<{ created: boolean }> {
      if (!isDefinitionId(id))
        throw new DomainError("VALIDATION_FAILED", "The job definition id is invalid", [
          {
            path: "jobDefinitionId",
            message: "must be segments of A-Z a-z 0-9 . _ ~ - joined by /, at most 256 characters",
          },
        ]);
      if (id.startsWith(APP_PREFIX))
        throw new DomainError(
          "FORBIDDEN",
          `Job definitions under ${APP_PREFIX} are provided by apps: only PATCH (a tenant override) reaches them`,
        );
      const body = parseBody(id, raw);
      if (body.componentId == null)
        throw new DomainError("VALIDATION_FAILED", "The job definition is invalid", [
          { path: "componentId", message: "is required" },
        ]);
      check(body);
      const spec = specOfBody(body, await resolveComponent(body.componentId));
      requireHeld(caller, spec.acl);
      return settle(ifMatch, async () => {
        const { actorId, version, state } = await locate(id);
        const exists = state.status === "active";
        await execute(
          actorId,
          [{ type: "assert", definitionId: id, spec, writer: writerOf(caller) }],
          who,
          expected(ifMatch, version, exists),
        );
        return { created: !exists };
      });
    },

    async patch(caller: Caller, who: Initiator, id: string, raw: unknown, ifMatch: number | undefined): Promise<void> {
      const body = parseBody(id, raw);
      if (body.componentId === null)
        throw new DomainError("VALIDATION_FAILED", "The job definition is invalid", [
          { path: "componentId", message: "is required and cannot be cleared" },
        ]);
      check(body);
      const componentId = body.componentId === undefined ? undefined : await resolveComponent(body.componentId);
      await settle(ifMatch, async () => {
        const { actorId, version, state } = await locate(id);
        if (state.status !== "active" || !actorId) throw notFound(id);
        const expectedVersion = expected(ifMatch, version, true);
        if (state.origin === "app") {
          const authorOnly = Object.keys(body).filter(
            (k) => k !== "jobDefinitionId" && !(OVERRIDABLE as readonly string[]).includes(k),
          );
          if (authorOnly.length)
            throw new DomainError(
              "FORBIDDEN",
              `${authorOnly.join(" and ")} of an app-provided definition ${authorOnly.length > 1 ? "are" : "is"}` +
                " the app's",
              { fields: authorOnly },
            );
          const override = patchOverride(state.override, body, state.spec!);
          const schedules = requireSchedulingRights(
            caller,
            id,
            effectiveSpec(state.spec!, state.override),
            effectiveSpec(state.spec!, override),
          );
          await execute(
            actorId,
            [{ type: "override", override, ...(schedules ? { overrider: writerOf(caller) } : {}) }],
            who,
            expectedVersion,
          );
          return;
        }
        const spec = patchSpec(state.spec!, body, componentId);
        requireHeld(caller, spec.acl);
        await execute(
          actorId,
          [{ type: "assert", definitionId: id, spec, writer: writerOf(caller) }],
          who,
          expectedVersion,
        );
      });
    },

    async remove(who: Initiator, id: string, ifMatch: number | undefined): Promise<void> {
      await settle(ifMatch, async () => {
        const { actorId, version, state } = await locate(id);
        if (state.status !== "active" || !actorId) throw notFound(id);
        await execute(actorId, [{ type: "delete", definitionId: id }], who, expected(ifMatch, version, true));
      });
    },
  };
};

export type DefinitionWriter = ReturnType<typeof createDefinitionWriter>;

import { DomainError, isDomainError } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import { statusOf } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import type { CtxFunctions, Json } from "@platform/sandbox";
import { parseEffect } from "./effects.ts";
import { ports } from "@platform/ports";
import type { EmitHandler } from "@platform/ports";

/**
 * A run's ctx and what it learnt: a refused `emit` fails the run even when the component did not
 * await it. A component may return while its calls still run here: `settled()` waits for them
 * (an unawaited `emit` is then counted before the run's outcome is), and for the read models to show what they
 * wrote (read your writes, for whoever gets the run's answer).
 */
export type ComponentCtx = {
  readonly functions: CtxFunctions;
  readonly refusedEmit: () => DomainError | undefined;
  readonly settled: () => Promise<void>;
};

/** What reaches the component for a refused call: the message, code and status only. */
const toComponent = (deps: PlatformDeps, e: unknown): Error => {
  if (isDomainError(e)) return Object.assign(new Error(e.message), { code: e.code, status: statusOf(e.code) });
  deps.log.error({ err: e instanceof Error ? { message: e.message, stack: e.stack } : String(e) }, "a ctx call failed");
  return Object.assign(new Error("Internal error"), { code: "INTERNAL", status: 500 });
};

const text = (value: Json | undefined, name: string): string => {
  if (typeof value !== "string" || value === "")
    throw new DomainError("VALIDATION_FAILED", `${name} must be a non-empty string`, [
      { path: name, message: "must be a non-empty string" },
    ]);
  return value;
};

/**
 * The `ctx` of one run (docs/APPS.md, "What `ctx` does"). Every call acts as `caller` (runCaller: the ingress
 * or job acl) through the same ports as the REST API, so validation, authorization and
 * answers are the same; its events carry `who` (the app, component and request).
 */
export const componentCtx = (
  deps: PlatformDeps,
  caller: Caller,
  who: Initiator,
  onEmit?: EmitHandler,
): ComponentCtx => {
  let refused: DomainError | undefined;
  const inFlight = new Set<Promise<unknown>>();
  // The run's time limit is for the component's own work: its calls do not wait for the read models (a projection in
  // a worker lagging, or being taken over after a kill); `settled()` does, once the run is over.
  const reads = deps.runtime.deferReads();
  const guarded =
    <A extends (Json | undefined)[]>(fn: (...args: A) => Promise<Json>) =>
    (...args: A): Promise<Json> => {
      const call = reads.during(async () => {
        try {
          return await fn(...args);
        } catch (e) {
          throw toComponent(deps, e);
        }
      });
      const tracked = call.catch(() => undefined).finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      return call;
    };
  const sendingsFor = (name: string) => {
    const sendings = deps.ports.find(ports.sendings);
    if (!sendings)
      throw new DomainError("INVALID_STATE", `ctx.${name} is not available: the sendings context is not installed`);
    return sendings;
  };
  const functions: CtxFunctions = {
    messageActor: guarded(async (type, id, messages) => {
      const answer = await deps.ports
        .get(ports.actorMessages)
        .send(caller, who, text(type, "type"), text(id, "id"), messages);
      return answer.body as unknown as Json;
    }),
    sendEmail: guarded(async (input) => ({
      sendings: (await sendingsFor("sendEmail").queueEmailAs(caller, input, who)) as unknown as Json[],
    })),
    sendSms: guarded(async (input) => ({
      sendings: (await sendingsFor("sendSms").queueSmsAs(caller, input, who)) as unknown as Json[],
    })),
    sendPush: guarded(async (input) => ({
      sendings: (await sendingsFor("sendPush").queuePushAs(caller, input, who)) as unknown as Json[],
    })),
    emit: guarded(async (raw) => {
      try {
        const effect = parseEffect(raw, caller, new Date());
        if (onEmit) {
          await onEmit(effect, caller);
          return null;
        }
        const effects = deps.ports.find(ports.componentEffects);
        if (!effects)
          throw new DomainError(
            "INVALID_STATE",
            "ctx.emit: nothing runs scheduleJob here (the jobs context is not installed)",
          );
        await effects.scheduleJob(effect, { caller, who });
        return null;
      } catch (e) {
        if (isDomainError(e)) refused ??= e;
        throw e;
      }
    }),
  };
  const settled = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    await reads.caughtUp();
  };
  return { functions, refusedEmit: () => refused, settled };
};

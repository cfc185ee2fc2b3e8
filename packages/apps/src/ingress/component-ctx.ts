import { DomainError, isDomainError } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { Actor } from "@platform/actor-runtime";
import { actorMessagesKey } from "@platform/actors";
import { statusOf } from "@platform/http";
import type { PlatformDeps } from "@platform/platform";
import type { CtxFunctions, Json } from "@platform/sandbox";
import { sendingsApiKey } from "@platform/sendings";
import { componentEffectsKey, parseEffect } from "./effects.ts";

/** A run's ctx and what it learnt: a refused `emit` fails the run even when the component did not await it. */
export type ComponentCtx = { readonly functions: CtxFunctions; readonly refusedEmit: () => DomainError | undefined };

/** What reaches the component for a refused call: the message, code and status only. */
const toComponent = (deps: PlatformDeps, e: unknown): Error => {
  if (isDomainError(e)) return Object.assign(new Error(e.message), { code: e.code, status: statusOf(e.code) });
  deps.log.error({ err: e instanceof Error ? { message: e.message, stack: e.stack } : String(e) }, "a ctx call failed");
  return Object.assign(new Error("Internal error"), { code: "INTERNAL", status: 500 });
};

const text = (value: Json | undefined, name: string): string => {
  if (typeof value !== "string" || value === "") throw new DomainError("VALIDATION_FAILED", `${name} must be a non-empty string`, [{ path: name, message: "must be a non-empty string" }]);
  return value;
};

/**
 * The `ctx` of one run (CONTRACT.md 9). Every call acts as `caller` (runCaller: the ingress
 * or job acl) through the same ports as the REST API, so validation, authorization and
 * answers are the same; its events carry `who` (the app, component and request).
 */
export const componentCtx = (deps: PlatformDeps, caller: Caller, who: Actor): ComponentCtx => {
  let refused: DomainError | undefined;
  const guarded =
    <A extends (Json | undefined)[]>(fn: (...args: A) => Promise<Json>) =>
    async (...args: A): Promise<Json> => {
      try {
        return await fn(...args);
      } catch (e) {
        throw toComponent(deps, e);
      }
    };
  const functions: CtxFunctions = {
    messageActor: guarded(async (type, id, messages) => {
      const answer = await deps.services.get(actorMessagesKey).send(caller, who, text(type, "type"), text(id, "id"), messages);
      return answer.body as unknown as Json;
    }),
    sendEmail: guarded(async (input) => {
      const sendings = deps.services.find(sendingsApiKey);
      if (!sendings) throw new DomainError("INVALID_STATE", "ctx.sendEmail is not available: the sendings context is not installed");
      return { sendings: (await sendings.queueEmailAs(caller, input, who)) as unknown as Json[] };
    }),
    emit: guarded(async (raw) => {
      try {
        const effect = parseEffect(raw, caller, new Date());
        const effects = deps.services.find(componentEffectsKey);
        if (!effects) throw new DomainError("INVALID_STATE", "ctx.emit: nothing runs scheduleJob here (the jobs context is not installed)");
        await effects.scheduleJob(effect, { caller, who });
        return null;
      } catch (e) {
        if (isDomainError(e)) refused ??= e;
        throw e;
      }
    }),
  };
  return { functions, refusedEmit: () => refused };
};

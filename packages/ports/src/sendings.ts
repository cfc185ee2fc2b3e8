import type { Caller } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import { definePort } from "@platform/host";

/** A queued sending as the API shows it (GET /resources/sendings/{id}): its id and the rest of the record. */
export type QueuedSending = { readonly sendingId: string };

/**
 * What other contexts may ask of the sendings context (an app component's `ctx.sendEmail`, `ctx.sendSms`,
 * `ctx.sendPush`): queue exactly as `POST /resources/sendings/{email,sms,push}` does for this caller.
 * FORBIDDEN without `sendings:write`, for a `system:` category, or for a `dynamic.channelKey` outside
 * the caller's access attributes; VALIDATION_FAILED for bad fields.
 */
export type Sendings = {
  queueEmailAs(caller: Caller, input: unknown, actor: Initiator): Promise<readonly QueuedSending[]>;
  queueSmsAs(caller: Caller, input: unknown, actor: Initiator): Promise<readonly QueuedSending[]>;
  queuePushAs(caller: Caller, input: unknown, actor: Initiator): Promise<readonly QueuedSending[]>;
};
/** Provided by the sendings context; apps' components use it when it is there. */
export const sendings = definePort<Sendings>("sendings");

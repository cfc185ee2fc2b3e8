import { DomainError, attributesAllow, newId } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import type { PlatformDeps } from "@platform/host";
import { definePort } from "@platform/host";
import { normalizeEmail } from "./input/email-input.ts";
import type { EmailInput, NormalizedEmail } from "./input/email-input.ts";
import { normalizeSms } from "./input/sms-input.ts";
import { normalizePush } from "./input/push-input.ts";
import type { SendingQueuedData } from "./sending/events.ts";
import { findSending } from "./read-model/queries.ts";
import { queuedRecord, toRecord } from "./read-model/record.ts";
import type { SendingRecord } from "./read-model/record.ts";
import { coalescedNotify } from "@platform/db";
import { wakeChannel } from "./dispatch/wake.ts";

export type QueueEmailOptions = {
  /** Platform-generated mail (password reset) may use the reserved `system:` categories. Default false. */
  readonly allowSystemCategory?: boolean;
};

/** The sendings context's port for other contexts (apps' ctx.sendEmail, IAM's password-reset mail). */
export type SendingsApi = {
  /**
   * Validates and queues an email: one pending sending per primary `to` recipient, returned
   * once the read model shows them. VALIDATION_FAILED for bad fields, FORBIDDEN for a
   * `system:` category without `allowSystemCategory`.
   */
  queueEmail(input: EmailInput, actor: Initiator, options?: QueueEmailOptions): Promise<readonly SendingRecord[]>;
  /**
   * Queues an email exactly as `POST /resources/sendings/email` does for this caller (an app
   * component's `ctx.sendEmail`): FORBIDDEN without `sendings:write`, for a `system:`
   * category, or for a `dynamic.channelKey` outside the caller's access attributes.
   */
  queueEmailAs(caller: Caller, input: unknown, actor: Initiator): Promise<readonly SendingRecord[]>;
  /**
   * Queues an SMS exactly as `POST /resources/sendings/sms` does for this caller (`ctx.sendSms`); the same rules as
   * queueEmailAs.
   */
  queueSmsAs(caller: Caller, input: unknown, actor: Initiator): Promise<readonly SendingRecord[]>;
  /**
   * Queues a push exactly as `POST /resources/sendings/push` does for this caller (`ctx.sendPush`); the same rules as
   * queueEmailAs.
   */
  queuePushAs(caller: Caller, input: unknown, actor: Initiator): Promise<readonly SendingRecord[]>;
  /** A sending as the API shows it, or null. No access checks: the caller decides. */
  getSending(id: string): Promise<SendingRecord | null>;
};

const isSystemCategory = (category: string) => category.toLowerCase().startsWith("system:");

/** A caller may queue only sendings outside `system:` categories that it may then see (else 403). */
export const guardCreate = (
  caller: Caller,
  sending: { readonly category: string; readonly dynamic: Readonly<Record<string, unknown>> },
) => {
  if (isSystemCategory(sending.category))
    throw new DomainError("FORBIDDEN", "Categories starting with 'system:' are reserved for the platform");
  if (
    !attributesAllow(caller, {
      channelKey: typeof sending.dynamic.channelKey === "string" ? sending.dynamic.channelKey : undefined,
    })
  )
    throw new DomainError("FORBIDDEN", "Outside your access attributes");
};

/** The service plus what the context's own routes use (validation and guards already done). */
export type SendingsInternal = SendingsApi & {
  queueNormalized(email: NormalizedEmail, actor: Initiator): Promise<SendingRecord[]>;
  /** Queues one sending per entry (an SMS or a push: one). */
  queueSendings(sendings: readonly SendingQueuedData[], actor: Initiator): Promise<SendingRecord[]>;
};

/** Emails' sendings: one per primary recipient, the first carrying the copies. */
const emailSendings = (email: NormalizedEmail): SendingQueuedData[] =>
  email.recipients.map((recipient, index) => ({
    recipient,
    transport: "email",
    category: email.category,
    subject: email.subject,
    plainText: email.plainText,
    html: email.html,
    cc: email.cc.join(", "),
    bcc: email.bcc.join(", "),
    dynamic: email.dynamic,
    ...(index > 0 && email.cc.length + email.bcc.length > 0 ? { deliverCopies: false } : {}),
  }));

/** The whole API, for this context's own routes and tests (other contexts see the sendings port only). */
export const sendingsInternalPort = definePort<SendingsInternal>("sendings internal");

export const createSendingsApi = (deps: PlatformDeps): SendingsInternal => {
  // Wake the dispatchers (through NOTIFY, in every process) at most once per few ms under a
  // burst of queues; they poll anyway, so a lost wake-up only delays.
  const dispatchers = coalescedNotify(deps.db, wakeChannel(deps.db.schema));
  const queueSendings = async (sendings: readonly SendingQueuedData[], actor: Initiator): Promise<SendingRecord[]> => {
    const records: SendingRecord[] = [];
    let last: string | null = null;
    for (const data of sendings) {
      const id = newId();
      const done = await deps.runtime.execute("sending", id, [{ type: "queue", ...data }], actor, { existence: "new" });
      records.push(queuedRecord(id, data, done.at));
      last = done.position ?? last;
    }
    // The dispatchers find a sending in the read model's queue: wake them once it is there. (A component's ctx call
    // does not wait for the read models: DeferredReads.)
    if (last)
      void deps.followers
        .waitFor(last, 5000, ["SendingQueued"])
        .then(() => dispatchers.notify())
        .catch(() => undefined);
    return records;
  };

  /**
   * What a caller may queue over REST or through a component's ctx.send…: `sendings:write`
   * first (403 before any 400), then the request made into its sendings, then the guards.
   */
  const queueAs = (caller: Caller, make: () => readonly SendingQueuedData[], actor: Initiator) => {
    if (!caller.can("sendings", "write")) throw new DomainError("FORBIDDEN", "Requires sendings:write");
    const sendings = make();
    for (const sending of sendings) guardCreate(caller, sending);
    return queueSendings(sendings, actor);
  };

  return {
    queueSendings,
    queueNormalized: (email, actor) => queueSendings(emailSendings(email), actor),
    async queueEmail(input, actor, options = {}) {
      const email = normalizeEmail(input);
      if (isSystemCategory(email.category) && !options.allowSystemCategory)
        throw new DomainError("FORBIDDEN", "Categories starting with 'system:' are reserved for the platform");
      return queueSendings(emailSendings(email), actor);
    },
    queueEmailAs: async (caller, input, actor) => queueAs(caller, () => emailSendings(normalizeEmail(input)), actor),
    queueSmsAs: async (caller, input, actor) => queueAs(caller, () => [normalizeSms(input)], actor),
    queuePushAs: async (caller, input, actor) =>
      queueAs(caller, () => [normalizePush(input, deps.config.outboundAllowPrivate)], actor),
    async getSending(id) {
      const row = await findSending(deps.db.kysely, id);
      return row ? toRecord(row) : null;
    },
  };
};

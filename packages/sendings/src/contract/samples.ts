import type { CommandContext } from "@platform/kernel";
import type { SendingCommand } from "../sending/commands.ts";
import { decideSending } from "../sending/decide.ts";
import type { SendingEvent } from "../sending/events.ts";
import { evolveSending, initialSendingState } from "../sending/state.ts";

const ctx: CommandContext = { now: new Date("2026-01-02T03:04:05.000Z"), newId: () => "00000000-0000-7000-8000-000000000000" };

const queue: SendingCommand = {
  type: "queue",
  recipient: "ada@example.com",
  transport: "email",
  category: "news",
  subject: "Hello",
  plainText: "Hi Ada",
  html: null,
  cc: "copy@example.com",
  bcc: "",
  dynamic: { channelKey: "web" },
  deliverCopies: true,
};

const failure = (permanent: boolean): SendingCommand => ({ type: "recordFailure", error: permanent ? "550 no such user" : "451 busy", permanent, retryBaseMs: 60_000, copiesDelivered: false });

/** Lives of three sendings, decided by the real decider (one of every event type). */
const scripts: readonly (readonly SendingCommand[])[] = [
  [queue, failure(false), { type: "markSent", messageId: "<m1@example.com>", rejectedCopies: [] }],
  [queue, failure(true)],
  [queue, { type: "cancel" }],
];

export const sampleSendingEvents = (): SendingEvent[] =>
  scripts.flatMap((commands) => {
    let state = initialSendingState();
    return commands.map((command) => {
      const e = decideSending(command, state, ctx);
      state = evolveSending(state, e);
      return e;
    });
  });

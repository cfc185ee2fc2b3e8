import type { CommandContext } from "@platform/kernel";
import type { SendingCommand } from "../sending/commands.ts";
import { decideSending } from "../sending/decide.ts";
import type { SendingEvent } from "../sending/events.ts";
import { evolveSending, initialSendingState } from "../sending/state.ts";

const ctx: CommandContext = {
  now: new Date("2026-01-02T03:04:05.000Z"),
  newId: () => "00000000-0000-7000-8000-000000000000",
};

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

const failure = (permanent: boolean): SendingCommand => ({
  type: "recordFailure",
  error: permanent ? "550 no such user" : "451 busy",
  permanent,
  retryBaseMs: 60_000,
  copiesDelivered: false,
});

const sms: SendingCommand = {
  type: "queue",
  recipient: "+46701234567",
  transport: "sms",
  category: "otp",
  subject: null,
  plainText: "Code 1234",
  html: null,
  cc: "",
  bcc: "",
  dynamic: {},
};
const push: SendingCommand = {
  type: "queue",
  recipient: "https://fcm.googleapis.com",
  transport: "push",
  category: "orders",
  subject: "Shipped",
  plainText: "It arrives Tuesday",
  html: null,
  cc: "",
  bcc: "",
  dynamic: {},
  push: {
    endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    p256dh: "BNcR",
    auth: "tBHI",
    url: "/orders/42",
    ttlSeconds: 86_400,
    urgency: "normal",
  },
};

/** Lives of five sendings, decided by the real decider (one of every event type, and of every transport). */
const scripts: readonly (readonly SendingCommand[])[] = [
  [queue, failure(false), { type: "markSent", messageId: "<m1@example.com>", rejectedCopies: [] }],
  [queue, failure(true)],
  [queue, { type: "cancel" }],
  [
    sms,
    { type: "markSent", messageId: "msg-1", rejectedCopies: [] },
    { type: "recordReceipt", messageId: "msg-1", state: "UNDELIV", error: "001" },
  ],
  [
    push,
    { ...failure(false), error: "push service answered 429", retryAfterMs: 30_000 } as SendingCommand,
    { type: "markSent", messageId: "https://fcm.googleapis.com/m/1", rejectedCopies: [] },
  ],
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

import { describe, expect, it } from "vitest";
import { givenFor, testContext } from "@platform/actor-runtime/testing";
import { sendingActor } from "./actor.ts";
import type { SendingCommand } from "./commands.ts";
import type { SendingEvent } from "./events.ts";

const now = new Date("2026-01-01T10:00:00.000Z");
const queued: SendingEvent = {
  type: "SendingQueued",
  data: {
    recipient: "a@x.test",
    transport: "email",
    category: "news",
    subject: "Hi",
    plainText: "t",
    html: null,
    cc: "c@x.test",
    bcc: "",
    dynamic: { channelKey: "web" },
  },
};

const { given: givenHistory, fold } = givenFor(sendingActor.decider);
const ctx = testContext(now.toISOString());
const given = (...events: SendingEvent[]) => ({
  when: (command: SendingCommand) => givenHistory(events).when(command, ctx),
});

const failure = (permanent = false): SendingCommand => ({
  type: "recordFailure",
  error: "451 busy",
  permanent,
  retryBaseMs: 1000,
  copiesDelivered: false,
});
const failed = (retryCount: number, delayMs: number): SendingEvent => ({
  type: "SendingAttemptFailed",
  data: {
    retryCount,
    nextAttemptAt: new Date(now.getTime() + delayMs).toISOString(),
    error: "451 busy",
    copiesDelivered: false,
  },
});

describe("sending decider", () => {
  it("queues a new sending", () => {
    const { type: _t, ...data } = { type: "queue" as const, ...queued.data };
    given()
      .when({ type: "queue", ...data })
      .then([queued]);
  });

  it("refuses to queue twice", () =>
    given(queued)
      .when({ type: "queue", ...queued.data })
      .thenRejects("CONFLICT"));

  it("records a delivery as sent at ctx.now", () =>
    given(queued)
      .when({ type: "markSent", messageId: "<m@x>", rejectedCopies: [] })
      .then([{ type: "SendingSent", data: { sentAt: now.toISOString(), messageId: "<m@x>", rejectedCopies: [] } }]));

  it("bounces at once on a permanent failure, retryCount 0", () =>
    given(queued)
      .when(failure(true))
      .then([{ type: "SendingBounced", data: { error: "451 busy", retryCount: 0, permanent: true } }]));

  it("schedules retries after base, 2×base and 4×base", () => {
    given(queued)
      .when(failure())
      .then([failed(1, 1000)]);
    given(queued, failed(1, 1000))
      .when(failure())
      .then([failed(2, 2000)]);
    given(queued, failed(1, 1000), failed(2, 2000))
      .when(failure())
      .then([failed(3, 4000)]);
  });

  it("waits for the receiver's Retry-After when it is later than the backoff", () => {
    given(queued)
      .when({ ...failure(), retryAfterMs: 30_000 } as SendingCommand)
      .then([
        {
          type: "SendingAttemptFailed",
          data: {
            retryCount: 1,
            nextAttemptAt: new Date(now.getTime() + 30_000).toISOString(),
            error: "451 busy",
            copiesDelivered: false,
          },
        },
      ]);
    given(queued)
      .when({ ...failure(), retryAfterMs: 10 } as SendingCommand)
      .then([failed(1, 1000)]);
  });
  it("queues an SMS and a push with their targets", () => {
    const sms = {
      recipient: "+4930123456",
      transport: "sms" as const,
      category: "otp",
      subject: null,
      plainText: "Code 1234",
      html: null,
      cc: "",
      bcc: "",
      dynamic: {},
    };
    given()
      .when({ type: "queue", ...sms })
      .then([{ type: "SendingQueued", data: sms }]);
    const push = {
      endpoint: "https://push.example/abc",
      p256dh: "BPk",
      auth: "au",
      url: null,
      ttlSeconds: 60,
      urgency: "high" as const,
    };
    const queuedPush: SendingEvent = {
      type: "SendingQueued",
      data: { ...sms, transport: "push", recipient: "https://push.example", subject: "Hi", push },
    };
    expect(fold([queuedPush])).toMatchObject({ status: "pending", transport: "push", push, subject: "Hi" });
  });
  it("records an SMS delivery receipt of a sent sending, bouncing it when it never arrives", () => {
    const sent: SendingEvent = {
      type: "SendingSent",
      data: { sentAt: now.toISOString(), messageId: "m1,m2", rejectedCopies: [] },
    };
    given(queued, sent)
      .when({ type: "recordReceipt", messageId: "m1", state: "DELIVRD", error: "000" })
      .then([
        { type: "SendingReceiptReceived", data: { messageId: "m1", state: "DELIVRD", error: "000", bounced: false } },
      ]);
    const undelivered: SendingEvent = {
      type: "SendingReceiptReceived",
      data: { messageId: "m2", state: "UNDELIV", error: "001", bounced: true },
    };
    given(queued, sent)
      .when({ type: "recordReceipt", messageId: "m2", state: "UNDELIV", error: "001" })
      .then([undelivered]);
    expect(fold([queued, sent, undelivered])).toMatchObject({
      status: "bounced",
      errorMessage: "delivery receipt: UNDELIV (err 001)",
    });
    given(queued)
      .when({ type: "recordReceipt", messageId: "m1", state: "DELIVRD", error: null })
      .thenRejects("INVALID_STATE");
    given(queued, sent, undelivered)
      .when({ type: "recordReceipt", messageId: "m1", state: "DELIVRD", error: null })
      .thenRejects("INVALID_STATE");
    given().when({ type: "recordReceipt", messageId: "m1", state: "DELIVRD", error: null }).thenRejects("NOT_FOUND");
  });
  it("bounces with retryCount 3 when the third retry fails too", () =>
    given(queued, failed(1, 1000), failed(2, 2000), failed(3, 4000))
      .when(failure())
      .then([{ type: "SendingBounced", data: { error: "451 busy", retryCount: 3, permanent: false } }]));

  it("cancels a pending sending, also one waiting for a retry", () => {
    given(queued)
      .when({ type: "cancel" })
      .then([{ type: "SendingCancelled", data: {} }]);
    given(queued, failed(1, 1000))
      .when({ type: "cancel" })
      .then([{ type: "SendingCancelled", data: {} }]);
  });

  it("refuses to cancel or deliver a sending that is no longer pending", () => {
    const sent: SendingEvent = {
      type: "SendingSent",
      data: { sentAt: now.toISOString(), messageId: "<m@x>", rejectedCopies: [] },
    };
    given(queued, sent).when({ type: "cancel" }).thenRejects("INVALID_STATE");
    given(queued, { type: "SendingCancelled", data: {} }).when({ type: "cancel" }).thenRejects("INVALID_STATE");
    given(queued, { type: "SendingBounced", data: { error: "x", retryCount: 0, permanent: true } })
      .when({ type: "cancel" })
      .thenRejects("INVALID_STATE");
    given(queued, { type: "SendingCancelled", data: {} })
      .when({ type: "markSent", messageId: "<m@x>", rejectedCopies: [] })
      .thenRejects("INVALID_STATE");
    given().when({ type: "cancel" }).thenRejects("NOT_FOUND");
  });

  it("folds the record fields", () => {
    const history: SendingEvent[] = [
      queued,
      failed(1, 1000),
      { type: "SendingBounced", data: { error: "550 no", retryCount: 1, permanent: true } } as SendingEvent,
    ];
    const s = fold(history);
    expect(s).toMatchObject({
      status: "bounced",
      retryCount: 1,
      errorMessage: "550 no",
      nextAttemptAt: null,
      recipient: "a@x.test",
      cc: "c@x.test",
    });
  });

  it("folds the events of a sending whose recipient was erased, and stays ended", () => {
    const erased = {
      type: "SendingQueued",
      data: { ...queued.data, recipient: null, subject: null, plainText: null, cc: null, bcc: null, dynamic: null },
    } as unknown as SendingEvent;
    const bounced = {
      type: "SendingBounced",
      data: { error: null, retryCount: 0, permanent: true },
    } as unknown as SendingEvent;
    expect(fold([erased, bounced])).toMatchObject({
      status: "bounced",
      recipient: null,
      dynamic: null,
      errorMessage: null,
    });
    expect(sendingActor.attributes!(fold([erased, bounced]))).toEqual({ channelKey: undefined });
    given(erased, bounced).when({ type: "cancel" }).thenRejects("INVALID_STATE");
  });
});

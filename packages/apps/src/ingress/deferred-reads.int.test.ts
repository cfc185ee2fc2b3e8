import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineContext } from "@platform/host";
import { json } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, appsTestPlatform, componentSource, install } from "../testing/index.ts";

// A read model that shows a queued sending only when the test lets it: a projection in a worker that lags, or whose
// lease a survivor is taking over after a kill.
let open: () => void = () => undefined;
let gate = Promise.resolve();
const closeGate = () => {
  gate = new Promise<void>((resolve) => (open = resolve));
};
const laggingContext = defineContext({
  name: "test-lagging-read-model",
  projections: [
    {
      name: "test-lagging",
      eventTypes: ["SendingQueued"],
      reset: async () => undefined,
      // A statement projection waits outside any transaction: the rest of the database goes on meanwhile.
      statement: async () => {
        await gate;
        return null;
      },
    },
  ],
});

const mailer = componentSource(
  'const sent = await ctx.sendEmail({ to: params.to, subject: "Hi", body: { plainText: "Hello" }, ' +
    'category: "welcome" }); return sent.sendings[0];',
  '{ to: { type: "text" } }',
);

let t: TestPlatform;
beforeAll(async () => {
  t = await appsTestPlatform({ COMPONENT_TIMEOUT_MS: "1000" }, [laggingContext]);
  await install(t, appBody("lagging", { mailer }, [{ route: "lagging/mail", acl: ["sendings:write"] }]));
});
afterAll(async () => {
  open();
  await t.close();
});

describe("a component's time limit and the read models", () => {
  it("does not count the wait for a lagging read model: the run ends in time, and its answer leaves once the read " +
    "models show what it wrote", { timeout: 20_000 }, async () => {
    closeGate();
    let answeredAt = 0;
    const answer = t
      .request("POST", "/ingress/lagging/mail", { body: { to: "lag@example.com" } })
      .then((r) => ((answeredAt = Date.now()), r));
    // Longer than the component may run (1000 ms).
    await new Promise((r) => setTimeout(r, 1500));
    expect(answeredAt).toBe(0);
    const openedAt = Date.now();
    open();
    const r = await answer;
    expect(r.status).toBe(200);
    expect(answeredAt).toBeGreaterThanOrEqual(openedAt);
    const sending = await json(r);
    expect(sending).toEqual({
      sendingId: expect.any(String),
      recipient: "lag@example.com",
      transport: "email",
      status: "pending",
      category: "welcome",
      subject: "Hi",
      createdAt: expect.any(String),
      updatedAt: sending.createdAt,
      sentAt: null,
      errorMessage: null,
      retryCount: 0,
      nextAttemptAt: null,
      data: { cc: "", bcc: "" },
      dynamic: {},
    });
    // What the answer showed is what the read model shows (read your writes).
    const read = await json(await t.request("GET", `/resources/sendings/${sending.sendingId}`, { token: "admin" }));
    expect({ ...read, status: "pending", updatedAt: read.createdAt }).toEqual(sending);
  });
});

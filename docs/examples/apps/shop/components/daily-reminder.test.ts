import { describe, expect, it } from "vitest";
import { runComponent } from "@platform/app-kit";
import type { EmailInput, Queued } from "@platform/app-kit";

// runComponent runs the component in the service's own sandbox, with its limits; ctx answers as the test says.
const app = new URL("..", import.meta.url);

/** What the service answers for one queued email. */
const queued = (sendingId: string, input: EmailInput): Queued => ({
  sendings: [
    {
      sendingId,
      category: input.category,
      createdAt: "2026-03-02T07:00:00.000Z",
      updatedAt: "2026-03-02T07:00:00.000Z",
      data: { bcc: null, cc: null },
      dynamic: input.dynamic ?? {},
      errorMessage: null,
      nextAttemptAt: null,
      recipient: String(input.to),
      retryCount: 0,
      sentAt: null,
      status: "pending",
      subject: input.subject,
      transport: "email",
    },
  ],
});

const reminder = (to: string) => ({
  to,
  subject: "Orders to ship today",
  body: {
    plainText: "Good morning: yesterday's web orders are waiting to be shipped.",
    html: "<p>Good morning: yesterday's web orders are waiting to be shipped.</p>",
  },
  category: "shop-reminders",
  dynamic: {},
});

describe("daily-reminder", () => {
  it("mails the shop's own address when the job gives none, and answers the sending as the job's result", async () => {
    const run = await runComponent(
      app,
      "daily-reminder",
      {},
      { ctx: { sendEmail: async (input) => queued("sending-1", input) } },
    );
    expect(run).toEqual({
      ok: true,
      status: 200,
      value: { sendingId: "sending-1" },
      calls: [{ name: "sendEmail", args: [reminder("shop@example.com")] }],
      logs: [],
    });
  });

  it("mails the address the job's parameters name", async () => {
    const run = await runComponent(
      app,
      "daily-reminder",
      { to: "warehouse@example.com" },
      { ctx: { sendEmail: async (input) => queued("sending-2", input) } },
    );
    expect(run).toEqual({
      ok: true,
      status: 200,
      value: { sendingId: "sending-2" },
      calls: [{ name: "sendEmail", args: [reminder("warehouse@example.com")] }],
      logs: [],
    });
  });

  it("fails the job (502) when the service refuses the email", async () => {
    const refused = async (): Promise<Queued> => {
      throw Object.assign(new Error("sendings:write is not in the acl"), { code: "FORBIDDEN", status: 403 });
    };
    const run = await runComponent(app, "daily-reminder", {}, { ctx: { sendEmail: refused } });
    expect(run).toEqual({
      ok: false,
      status: 502,
      error: {
        code: "COMPONENT_FAILED",
        message: "Error: sendings:write is not in the acl",
        details: { code: "FORBIDDEN", status: 403 },
      },
      calls: [{ name: "sendEmail", args: [reminder("shop@example.com")] }],
      logs: [],
    });
  });

  it("refuses a `to` that is not text, before anything is sent (400)", async () => {
    const run = await runComponent(app, "daily-reminder", { to: 7 });
    expect(run).toEqual({
      ok: false,
      status: 400,
      error: {
        code: "VALIDATION_FAILED",
        message: "The component's parameters are invalid",
        details: [{ path: "to", message: "expected text" }],
      },
      calls: [],
      logs: [],
    });
  });
});

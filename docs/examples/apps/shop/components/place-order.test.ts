import { describe, expect, it } from "vitest";
import { runComponent } from "@platform/app-kit";
import type { ActorAnswer, Ctx, EmailInput, Queued, SmsInput } from "@platform/app-kit";

// runComponent runs the component in the service's own sandbox, with its limits; ctx answers as the test says.
const app = new URL("..", import.meta.url);
const orderId = "0b6f1c1e-6a57-4c5e-9d8e-2f1f3c4d5e6f";

const form = {
  orderNumber: "WEB-1001",
  email: "ada@example.com",
  name: "Ada Lovelace",
  addressLine1: "Drottninggatan 1",
  postalCode: "11151",
  city: "Stockholm",
  productNumber: "MUG-1",
  description: "Mug",
  quantity: 2,
  unitPrice: 99.5,
};

/** What the service answers for the one create message, with its result. */
const answer = (result: ActorAnswer["results"][number]): ActorAnswer => ({
  actor: { id: orderId, identifiers: { orderId, orderNumber: "WEB-1001" }, type: "order", version: 4 },
  preview: false,
  results: [result],
  state: null,
});
const created = answer({
  ok: true,
  type: "create",
  events: ["OrderCreated", "DeliveryCreated", "DeliveryAddressSet", "OrderLineCreated"].map((type, i) => ({
    type,
    version: i + 1,
  })),
});

/** What the service answers for one queued email or SMS. */
const queued = (sendingId: string, transport: "email" | "sms", input: EmailInput | SmsInput): Queued => ({
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
      subject: "subject" in input ? input.subject : null,
      transport,
    },
  ],
});

/** A shop whose orders are created and whose email and SMS are queued. */
const accepting: Partial<Ctx> = {
  messageActor: async () => created,
  sendEmail: async (input) => queued("mail-1", "email", input),
  sendSms: async (input) => queued("sms-1", "sms", input),
};

/** The create message for the form, with the delivery id the component made up and the time it took. */
const createCall = (deliveryId: string, createdAt: string, { quantity }: { quantity: number }) => ({
  name: "messageActor",
  args: [
    "order",
    "new",
    [
      {
        type: "create",
        body: {
          orderNumber: "WEB-1001",
          createdAt,
          currencyCode: "SEK",
          taxIncluded: true,
          commands: [
            { type: "createDelivery", deliveryId },
            {
              type: "setDeliveryAddress",
              deliveryId,
              name: "Ada Lovelace",
              addressLine1: "Drottninggatan 1",
              postalCode: "11151",
              city: "Stockholm",
              countryCode: "SE",
              email: "ada@example.com",
            },
            {
              type: "createOrderLine",
              orderLineId: "1",
              deliveryId,
              productNumber: "MUG-1",
              description: "Mug",
              quantity,
              unitPrice: 99.5,
              taxFactor: 0.25,
              skus: {},
            },
          ],
        },
      },
    ],
  ],
});

/**
 * The delivery id and creation time in the run's create message, made up by the component: read from the call
 * as recorded (JSON), whose whole shape the test's toEqual then checks.
 */
const madeUp = (args: readonly unknown[]) => {
  const [message] = args[2] as { body: { createdAt: string; commands: { deliveryId: string }[] } }[];
  return { deliveryId: message!.body.commands[0]!.deliveryId, createdAt: message!.body.createdAt };
};

const confirmation = (plainText: string) => ({
  to: "ada@example.com",
  subject: "Order WEB-1001 received",
  body: { plainText },
  category: "order-confirmation",
  dynamic: { orderNumber: "WEB-1001" },
});

describe("place-order", () => {
  it("creates the order with the defaults, mails a confirmation, and logs it", async () => {
    const before = Date.now();
    const { quantity: _, ...withoutQuantity } = form;
    const run = await runComponent(app, "place-order", withoutQuantity, { ctx: accepting });
    const { deliveryId, createdAt } = madeUp(run.calls[0]!.args);
    expect(deliveryId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Date.parse(createdAt)).toBeGreaterThanOrEqual(before);
    expect(run).toEqual({
      ok: true,
      status: 200,
      value: { accepted: true, orderId, orderNumber: "WEB-1001", sendingId: "mail-1" },
      calls: [
        createCall(deliveryId, createdAt, { quantity: 1 }),
        { name: "sendEmail", args: [confirmation("Thank you, Ada Lovelace. We have your order WEB-1001.")] },
      ],
      logs: [{ level: "log", line: "order WEB-1001 placed" }],
    });
  });

  it("puts the customer's note in the email, and confirms by SMS too when a phone number is given", async () => {
    const run = await runComponent(
      app,
      "place-order",
      { ...form, note: "Gift wrap, please", phone: "+46701234567" },
      { ctx: accepting },
    );
    const { deliveryId, createdAt } = madeUp(run.calls[0]!.args);
    expect(run).toEqual({
      ok: true,
      status: 200,
      value: { accepted: true, orderId, orderNumber: "WEB-1001", sendingId: "mail-1", smsSendingId: "sms-1" },
      calls: [
        createCall(deliveryId, createdAt, { quantity: 2 }),
        {
          name: "sendEmail",
          args: [confirmation("Thank you, Ada Lovelace. We have your order WEB-1001.\nYour note: Gift wrap, please")],
        },
        {
          name: "sendSms",
          args: [
            {
              to: "+46701234567",
              body: { text: "Thank you! We have your order WEB-1001." },
              category: "order-confirmation",
              dynamic: { orderNumber: "WEB-1001" },
            },
          ],
        },
      ],
      logs: [{ level: "log", line: "order WEB-1001 placed" }],
    });
  });

  it("answers the order's refusal as {accepted: false, error}, and sends nothing", async () => {
    const error = {
      code: "CONFLICT",
      message: "An order with orderNumber WEB-1001 exists",
      details: { reason: "CONFLICT", field: "orderNumber" },
    };
    const run = await runComponent(app, "place-order", form, {
      ctx: { ...accepting, messageActor: async () => answer({ ok: false, type: "create", error }) },
    });
    const { deliveryId, createdAt } = madeUp(run.calls[0]!.args);
    expect(run).toEqual({
      ok: true,
      status: 200,
      value: { accepted: false, error },
      calls: [createCall(deliveryId, createdAt, form)],
      logs: [],
    });
  });

  it("refuses a form without an email address before creating anything (400)", async () => {
    const { email: _, ...withoutEmail } = form;
    const run = await runComponent(app, "place-order", withoutEmail, { ctx: accepting });
    expect(run).toEqual({
      ok: false,
      status: 400,
      error: {
        code: "VALIDATION_FAILED",
        message: "The component's parameters are invalid",
        details: [{ path: "email", message: "required" }],
      },
      calls: [],
      logs: [],
    });
  });
});

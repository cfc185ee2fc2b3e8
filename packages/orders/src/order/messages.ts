import * as v from "valibot";
import { ownRecord } from "@platform/http";
import type { MessageDefinition } from "@platform/actor-runtime";
import type { OrderCommand, PublicOrderCommand } from "./commands.ts";
import type { OrderState } from "./state.ts";

/**
 * The order's messages and the shapes of their commands. Shapes only (types, required
 * fields, unknown fields refused): what the values mean is `decide`'s to judge, so a bad
 * currency or country code rejects the batch naming the command's index.
 */
const text = (max = 500) => v.pipe(v.string(), v.maxLength(max));
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(128));
/**
 * A delivery's id: a UUID, which `decide` checks (so a bad one is COMMAND_REJECTED naming its command, like other
 * values).
 */
const deliveryId = v.pipe(id, v.metadata({ format: "uuid" }));
const amount = v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/, "must be a decimal number"))]);

const commandSchema = v.variant("type", [
  v.strictObject({ type: v.literal("createDelivery"), deliveryId, shippingPrice: v.optional(amount) }),
  v.strictObject({
    type: v.literal("setDeliveryAddress"),
    deliveryId,
    name: text(),
    addressLine1: text(),
    addressLine2: v.optional(text()),
    postalCode: text(32),
    city: text(),
    countryCode: text(16),
    email: v.optional(v.pipe(v.string(), v.email())),
  }),
  v.strictObject({
    type: v.literal("createOrderLine"),
    orderLineId: id,
    deliveryId,
    productNumber: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    description: text(2000),
    image: v.optional(text(2000)),
    quantity: v.number(),
    unitPrice: amount,
    taxFactor: v.optional(amount),
    skus: v.optional(ownRecord(v.pipe(v.string(), v.minLength(1), v.maxLength(200)), v.number())),
  }),
  v.strictObject({ type: v.literal("setOrderLineTax"), orderLineId: id, salesTax: amount }),
  v.strictObject({ type: v.literal("changeOrderLineQuantity"), orderLineId: id, quantity: v.number() }),
  v.strictObject({ type: v.literal("removeOrderLine"), orderLineId: id }),
  v.strictObject({ type: v.literal("removeDelivery"), deliveryId }),
  v.strictObject({ type: v.literal("setShippingPrice"), deliveryId, shippingPrice: amount }),
  v.strictObject({ type: v.literal("cancelOrder"), reason: v.optional(text(1000)) }),
]);

/** At most this many commands in one message. */
const MAX_COMMANDS = 500;
const commands = v.pipe(v.array(commandSchema), v.maxLength(MAX_COMMANDS));

const createBody = v.strictObject({
  orderNumber: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  createdAt: v.pipe(v.string(), v.maxLength(40)),
  currencyCode: v.pipe(v.string(), v.maxLength(16)),
  taxIncluded: v.boolean(),
  commands: v.optional(commands, []),
  channelKey: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
});

const applyCommandsBody = v.strictObject({ commands });

type CreateBody = v.InferOutput<typeof createBody>;

/**
 * `create` is one batch: the order itself (orderNumber, createdAt, currencyCode, taxIncluded,
 * channelKey) first, then `commands`. `applyCommands` is `commands` as is. The actor API
 * reports a failing `commands[i]` as `commandIndex` i in both, and a failure of the order
 * itself with `field` and no `commandIndex` (actor-runtime, report-error.ts).
 */
export const orderMessages: Readonly<Record<string, MessageDefinition<OrderState, OrderCommand>>> = {
  create: {
    body: createBody,
    toCommands: (b: CreateBody): readonly OrderCommand[] => [
      {
        type: "createOrder",
        orderNumber: b.orderNumber,
        createdAt: b.createdAt,
        currencyCode: b.currencyCode,
        taxIncluded: b.taxIncluded,
        ...(b.channelKey !== undefined ? { channelKey: b.channelKey } : {}),
      },
      ...(b.commands as PublicOrderCommand[]),
    ],
  },
  applyCommands: {
    body: applyCommandsBody,
    toCommands: (b: { commands: PublicOrderCommand[] }): readonly OrderCommand[] => b.commands,
  },
};

import { newId } from "@platform/kernel";
import { sampleOrderCommands } from "../contract/messages-example.ts";

export const newDeliveryId = (): string => newId();

/**
 * A valid `create` message body: one delivery to Sweden with one taxed line (2 × 99.50 SEK,
 * tax included at 0.25). Override any field.
 */
export const orderBody = (orderNumber: string, over: Record<string, unknown> = {}, deliveryId = newDeliveryId()) => ({
  orderNumber,
  createdAt: "2026-03-01T12:00:00.000Z",
  currencyCode: "SEK",
  taxIncluded: true,
  commands: sampleOrderCommands(deliveryId),
  ...over,
});

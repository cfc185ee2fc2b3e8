export { startWebhookReceiver } from "./webhook-receiver.ts";
export type { Received, WebhookReceiver } from "./webhook-receiver.ts";

export { given, fold, testContext } from "./given.ts";
export { orderBody, newDeliveryId } from "./fixtures.ts";
export { sampleOrderCommands } from "../contract/messages-example.ts";

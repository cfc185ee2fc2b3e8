import * as v from "valibot";
import type { GenericSchema } from "valibot";
import type { ContextContract, Operation } from "@platform/host";

/** What the request body's schema does not say: how a message that breaks it is answered. */
const MESSAGE_FAILURES =
  "A message whose type is unknown or whose body breaks its schema does not fail the request " +
  'with 400: it fails alone, as `{ok: false, error: {code: "VALIDATION_FAILED", details: ' +
  '[{path: "body.…"}]}}` in `results`, and the answer is 207 (some succeeded) or 422 (none ' +
  "did) as for any failed message.";

/**
 * `POST /resources/actors/{type}/{id}` for each actor type a context publishes messages for:
 * the generic route of the actors context, with the body narrowed to that actor's messages.
 * An actor that takes no message through the API (a sending) gets none: no body would do.
 */
export const actorMessageOperations = (contract: ContextContract, response?: GenericSchema): Operation[] =>
  Object.entries(contract.actorMessages ?? {})
    .filter(([, messages]) => Object.keys(messages).length > 0)
    .map(([actorType, messages]) => {
      const types = Object.keys(messages).sort();
      const example = contract.actorMessageExamples?.[actorType];
      const variants = types.map((type) =>
        v.strictObject({ type: v.literal(type), body: v.optional(messages[type]!) }),
      );
      const [first, ...rest] = variants;
      const item: GenericSchema =
        first === undefined ? v.never() : rest.length === 0 ? first : v.variant("type", [first, ...rest]);
      return {
        operationId: `send${actorType[0]!.toUpperCase()}${actorType.slice(1)}Messages`,
        method: "post",
        path: `/resources/actors/${actorType}/{id}`,
        summary: `Send messages to a ${actorType} actor (${types.join(", ")}): 200 all succeeded, 207 some, 422 none`,
        description:
          `The generic actor message API for type ${actorType}; {id} is its UUID, a natural key or a virtual id. ` +
          `Needs actors/${actorType}:<message type> for every message. ${MESSAGE_FAILURES}`,
        permission: `actors/${actorType}:{message type}`,
        success: 200,
        alsoSuccess: [207],
        rejectedWithResponse: [422],
        tags: [contract.context],
        requestBody: v.pipe(v.array(item), v.minLength(1)),
        ...(example ? { requestExample: example } : {}),
        ...(response ? { response } : {}),
        query: { preview: "Present, true or 1: run without storing anything and answer the state it would leave" },
      };
    });

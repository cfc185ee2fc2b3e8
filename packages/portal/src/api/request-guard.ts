import type { ApiAnswer, ApiError } from "./api-client.ts";

/**
 * An entity tag as RFC 9110 writes it: optionally weak, quoted, visible ASCII but the quote.
 * The portal only ever puts the ETag the API gave it into a form, so anything else came from
 * elsewhere.
 */
const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7e]{0,256}"$/;

/** A header value fetch sends unchanged: Latin-1, no control characters (CR, LF and NUL above all). */
const HEADER_VALUE = /^[\x20-\x7e\x80-\xff]*$/;

/**
 * A path (before its query) as the portal builds it: segments percent-encoded, none of them `.` or `..` (which a URL
 * parser would resolve away).
 */
const PATH = /^(?:\/[\w\-.~!$&'()*+,;=:@%]*)+$/;
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

const refused = (message: string): ApiAnswer<ApiError> => ({
  status: 400,
  etag: null,
  body: { error: { code: "INVALID_REQUEST", message } },
});

/**
 * Why the portal will not send this request to the API, as the API's own 400 (which the
 * page shows next to its form), or undefined. Form fields reach the API's headers (the
 * `etag` field becomes If-Match) and its paths (ids): a value that fetch would refuse to
 * send, or that would address another resource, is a bad form, not a failure of the portal.
 */
export const refusedRequest = (
  path: string,
  headers: Readonly<Record<string, string | undefined>>,
): ApiAnswer<ApiError> | undefined => {
  const bare = path.split("?", 1)[0]!;
  if (!PATH.test(bare) || bare.split("/").some((segment) => DOT_SEGMENT.test(segment)))
    return refused("This address does not name anything the portal can show or change.");
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (name.toLowerCase() === "if-match" && value !== "" && !ENTITY_TAG.test(value))
      return refused("The form's version is not one the portal gave out; reload the page and make the change again.");
    if (!HEADER_VALUE.test(value)) return refused(`The request's ${name} holds characters a header cannot carry.`);
  }
  return undefined;
};

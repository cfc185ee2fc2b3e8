import type { ApiAnswer, ApiError } from "../api/api-client.ts";
import { Notice } from "./layout.tsx";

type Issue = { readonly path?: string; readonly message?: string };

/** An API refusal as the person reads it: the message, and each field's problem. */
export const ApiErrorNotice = (props: { answer: ApiAnswer }) => {
  const error = (props.answer.body as ApiError | null)?.error;
  const issues = Array.isArray(error?.details)
    ? (error.details as Issue[]).filter((i) => i && typeof i.message === "string")
    : [];
  return (
    <Notice kind="error">
      {error?.message ?? `The request failed (${props.answer.status}).`}
      {issues.length ? (
        <ul>
          {issues.map((i) => (
            <li>{i.path ? `${i.path}: ${i.message}` : i.message}</li>
          ))}
        </ul>
      ) : null}
    </Notice>
  );
};

/**
 * The status a page showing the API's refusal answers with: the API's own for the statuses a
 * person can meet (403, 404, 409, 429), 400 otherwise.
 */
export const pageStatus = (answer: ApiAnswer | undefined): 200 | 400 | 403 | 404 | 409 | 429 => {
  if (!answer) return 200;
  const s = answer.status;
  return s === 403 || s === 404 || s === 409 || s === 429 ? s : 400;
};

/**
 * How a page shows a refused write: a stale or missing version (409, 428) as "changed by
 * someone else, reload", anything else as the API's message.
 */
export const refusal = (answer: ApiAnswer): { readonly conflict: true } | { readonly error: ApiAnswer } =>
  answer.status === 409 || answer.status === 428 ? { conflict: true } : { error: answer };

/** Confirmations a redirect may name (`?done=<key>`): fixed texts, never text from the URL. */
const DONE_MESSAGES: Readonly<Record<string, string>> = {
  password: "Your password is changed. Your other sessions have ended.",
  "session-revoked": "The session has ended.",
  "token-revoked": "The personal access token is revoked.",
  created: "Created.",
  saved: "Saved.",
  suspended: "Suspended; every session of theirs has ended.",
  reactivated: "Reactivated.",
  deleted: "Deleted.",
  "secret-deleted": "The secret is deleted.",
  cancelled: "Cancelled.",
};

export const DoneNotice = (props: { done: string | undefined }) =>
  props.done && Object.hasOwn(DONE_MESSAGES, props.done) ? (
    <Notice kind="success">{DONE_MESSAGES[props.done]}</Notice>
  ) : null;

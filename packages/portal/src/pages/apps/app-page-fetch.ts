import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";

/** The app's page as the API answered: its text (200), or the refusal in the error envelope. */
type PageAnswer =
  | { readonly status: 200; readonly html: string }
  | { readonly status: number; readonly refusal: ApiAnswer };

/** `GET /resources/apps/{appId}/portal-page` with the viewer's token, kept as text: it is HTML. */
export const fetchAppPage = async (api: ApiClient, c: Context, appId: string): Promise<PageAnswer> => {
  const answer = await api.text(c, `/resources/apps/${encodeURIComponent(appId)}/portal-page`);
  if (answer.status === 200) return { status: 200, html: answer.text };
  let body: unknown = null;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = null;
  }
  return { status: answer.status, refusal: { status: answer.status, body, etag: null } };
};

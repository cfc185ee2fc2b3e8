import createClient from "openapi-fetch";
import type { Client } from "openapi-fetch";
import type { components, paths } from "../generated/openapi.ts";

/** A client of the service's API typed from its published /openapi.json (openapi-fetch; generated/openapi.ts). */
export type ServiceClient = Client<paths>;

export type ErrorEnvelope = components["schemas"]["Error"];

export const serviceClient = (url: string, token?: string): ServiceClient =>
  createClient<paths>({
    baseUrl: url.replace(/\/+$/, ""),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

/** A client_credentials token for a client with a secret (the dev service's own client). */
export const clientCredentialsToken = async (url: string, clientId: string, secret: string): Promise<string> => {
  const { data, error, response } = await serviceClient(url).POST("/oauth/token", {
    body: { grant_type: "client_credentials", client_id: clientId, client_secret: secret },
    bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  if (!data) throw new Error(`the token request was refused: ${response.status} ${JSON.stringify(error)}`);
  return data.access_token;
};

/**
 * A refusal as the command prints it: its status, the envelope's code and message, and each
 * detail's path and message on a line of its own.
 */
export const refusalLines = (status: number, body: unknown): string[] => {
  const error = (body as Partial<ErrorEnvelope> | undefined)?.error;
  if (!error) return [`refused: ${status} ${JSON.stringify(body ?? null)}`];
  const details = Array.isArray(error.details) ? (error.details as { path?: string; message?: string }[]) : [];
  return [
    `refused: ${status} ${error.code} ${error.message}`,
    ...details.map((d) => `  ${d.path ?? ""} ${d.message ?? JSON.stringify(d)}`),
  ];
};

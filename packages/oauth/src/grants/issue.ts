import { isDomainError } from "@platform/kernel";
import { OAuthError } from "../errors/oauth-error.ts";
import type { IssueInput, IssuedTokens } from "../iam/iam-port.ts";
import type { OAuthServices } from "../services.ts";

/** Issues a session; IAM's refusals (a suspended principal, an unknown role…) become invalid_grant. */
export const issueOrInvalidGrant = async (s: OAuthServices, input: IssueInput): Promise<IssuedTokens> => {
  try {
    return await s.iam().issueSession(input);
  } catch (e) {
    if (isDomainError(e)) throw new OAuthError("invalid_grant", e.message);
    throw e;
  }
};

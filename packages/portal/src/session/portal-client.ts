/** The built-in OAuth client the portal signs in through (IAM's system client `portal`: public, PKCE). */
export const PORTAL_CLIENT_ID = "portal";

/** Where the authorization server sends the browser back with the code (the client's registered redirect URI). */
export const callbackUrl = (publicUrl: string) => `${publicUrl}/portal/callback`;

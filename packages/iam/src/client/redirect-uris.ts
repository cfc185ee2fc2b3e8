const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why a redirect URI is refused, or undefined (spec + RFC 9700): absolute, no fragment, no
 * wildcard; https, or http only for loopback hosts; custom schemes (`com.example.app:/cb`)
 * for native apps, but never script-like schemes.
 */
export const redirectUriProblem = (uri: string): string | undefined => {
  if (uri.length > 2000) return "must be at most 2000 characters";
  if (/\s/.test(uri)) return "must not contain whitespace";
  if (uri.includes("*")) return "wildcards are not allowed";
  if (uri.includes("#")) return "must not contain a fragment";
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "must be an absolute URI";
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (scheme === "https") return url.hostname ? undefined : "must name a host";
  if (scheme === "http")
    return LOOPBACK.has(url.hostname)
      ? undefined
      : "http is allowed only for localhost, 127.0.0.1 and [::1]; use https";
  if (["javascript", "data", "file", "vbscript", "about", "blob", "ftp", "ws", "wss"].includes(scheme))
    return `scheme '${scheme}' is not allowed`;
  // A private-use scheme for native apps should be a reverse domain name (RFC 8252 §7.1).
  if (!/^[a-z][a-z0-9+.-]*$/.test(scheme)) return "invalid scheme";
  return undefined;
};

/** What the pages are driven through: the test platform's in-process `request` (any such requester). */
type Requester = {
  request(
    method: string,
    path: string,
    init?: { readonly headers?: Record<string, string>; readonly raw?: string },
  ): Promise<Response>;
};

/** A minimal cookie jar for driving the HTML pages over raw HTTP (name → value; path and expiry ignored). */
export class CookieJar {
  readonly #cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0\b/i.test(line) || value === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  has(name: string): boolean {
    return this.#cookies.has(name);
  }
}

/** The value of a hidden form input in one of our pages. */
export const hiddenField = (html: string, name: string): string | undefined => {
  const m = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html);
  return m?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
};

/**
 * A browser over `t.request`: keeps cookies, posts forms, never follows redirects by itself. `headers` go with every
 * request (an `X-Forwarded-For`, say).
 */
export const createBrowser = (t: Requester, extra: { readonly headers?: Record<string, string> } = {}) => {
  const jar = new CookieJar();
  const send = async (method: string, path: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = { ...extra.headers };
    const cookie = jar.header();
    if (cookie) headers.Cookie = cookie;
    if (form) headers["Content-Type"] = "application/x-www-form-urlencoded";
    const res = await t.request(method, path, {
      headers,
      ...(form ? { raw: new URLSearchParams(form).toString() } : {}),
    });
    jar.store(res);
    return res;
  };
  return {
    jar,
    get: (path: string) => send("GET", path),
    post: (path: string, form: Record<string, string>) => send("POST", path, form),
    /** The path (with query) of a redirect's Location, to request it in-process. */
    follow: (res: Response) => {
      const url = new URL(res.headers.get("location") ?? "", "http://localhost/oauth/");
      return `${url.pathname}${url.search}`;
    },
  };
};

export type TestBrowser = ReturnType<typeof createBrowser>;

/**
 * Runs /oauth/authorize through login (and consent, if asked) over raw HTTP and returns
 * the final response: a 302 to the client's redirect URI, or whatever stopped the flow.
 */
export const authorizeInBrowser = async (
  browser: TestBrowser,
  query: Record<string, string>,
  login: { readonly email: string; readonly password: string },
  decision: "allow" | "deny" = "allow",
): Promise<Response> => {
  let res = await browser.get(`/oauth/authorize?${new URLSearchParams(query)}`);
  if (res.status === 303) {
    const page = await browser.get(browser.follow(res));
    if (page.status !== 200) return page;
    const html = await page.text();
    res = await browser.post("/oauth/login", {
      csrf: hiddenField(html, "csrf")!,
      request: hiddenField(html, "request")!,
      email: login.email,
      password: login.password,
    });
    if (res.status !== 303) return res;
    res = await browser.get(browser.follow(res));
  }
  if (res.status !== 200) return res;
  const consent = await res.text();
  if (!consent.includes('name="decision"')) return new Response(consent, { status: res.status, headers: res.headers });
  return browser.post("/oauth/consent", {
    csrf: hiddenField(consent, "csrf")!,
    request: hiddenField(consent, "request")!,
    decision,
  });
};

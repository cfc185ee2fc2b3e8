import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { lookup } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTBOUND_LOCAL_HINT, isInternalAddress, outboundUrlProblem } from "./outbound-url.ts";
import { OutboundError, outboundRequest } from "./outbound-request.ts";

describe("the outbound URL rule", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "64:ff9b::a00:1",
    "2002:c0a8:101::1",
    "ff02::1",
    "not-an-ip",
  ])("%s is internal", (ip) => expect(isInternalAddress(ip)).toBe(true));

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (ip) => expect(isInternalAddress(ip)).toBe(false),
  );

  it.each([
    ["http://hooks.example.com/x", `must be an https URL${OUTBOUND_LOCAL_HINT}`],
    ["https://127.0.0.1/x", `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`],
    ["https://[::1]:8443/x", `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`],
    [
      "https://169.254.169.254/latest/meta-data",
      `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`,
    ],
    ["https://localhost/x", `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`],
    ["https://api.localhost/x", `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`],
    ["https://intranet/x", `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`],
    ["https://user:pw@hooks.example.com/x", "must not contain credentials"],
    ["https://hooks.example.com/x#frag", "must not contain a fragment"],
    ["hooks.example.com", "must be an absolute URL"],
    ["ftp://hooks.example.com/", `must be an https URL${OUTBOUND_LOCAL_HINT}`],
  ])("%s is refused: %s", (url, problem) => expect(outboundUrlProblem(url, false)).toBe(problem));

  it.each([
    // IPv4-mapped ::ffff:0:0/96, every spelling
    ["::ffff:7f00:1", true],
    ["0:0:0:0:0:ffff:7f00:1", true],
    ["::ffff:a00:1", true],
    ["::ffff:808:808", false],
    // IPv4-translated ::ffff:0:0:0/96
    ["::ffff:0:7f00:1", true],
    ["::ffff:0:127.0.0.1", true],
    ["::ffff:0:a9fe:a9fe", true],
    ["::ffff:0:6440:1", true],
    ["::ffff:0:0:1", true],
    ["::ffff:0:808:808", false],
    // NAT64 64:ff9b::/96
    ["64:ff9b::7f00:1", true],
    ["64:ff9b::127.0.0.1", true],
    ["64:ff9b::c0a8:101", true],
    ["64:ff9b::e000:1", true],
    ["64:ff9b::808:808", false],
    ["64:ff9b::8.8.8.8", false],
    // local-use NAT64 64:ff9b:1::/48, the whole prefix whatever it embeds
    ["64:ff9b:1::7f00:1", true],
    ["64:ff9b:1::808:808", true],
    ["64:ff9b:1:ffff:ffff:ffff:ffff:ffff", true],
    // 6to4 2002::/16, the IPv4 address in bits 16-47
    ["2002:7f00:1::1", true],
    ["2002:a9fe:a9fe::", true],
    ["2002:a00:1:ffff::1", true],
    ["2002:6440:1::1", true],
    ["2002:808:808::1", false],
    ["2002:808:808:ffff:ffff:ffff:ffff:ffff", false],
  ])("an IPv6 address that embeds an IPv4 address is judged by it: %s internal %s", (ip, internal) =>
    expect(isInternalAddress(ip)).toBe(internal),
  );

  it.each([
    [
      "https://[::ffff:0:7f00:1]/x",
      `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`,
    ],
    [
      "https://[64:ff9b:1::7f00:1]/x",
      `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`,
    ],
    [
      "https://[64:ff9b::7f00:1]/x",
      `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`,
    ],
    ["https://[2002:7f00:1::1]/x", `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`],
    [
      "https://[0:0:0:0:0:ffff:127.0.0.1]/x",
      `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`,
    ],
    ["https://[64:ff9b::808:808]/x", undefined],
    ["https://[2002:808:808::1]/x", undefined],
    ["https://[::ffff:0:808:808]/x", undefined],
  ])("a URL to an IPv6 address that embeds an internal IPv4 address is refused: %s", (url, problem) =>
    expect(outboundUrlProblem(url, false)).toBe(problem),
  );

  it("allows https to a public name, and anything http(s) with OUTBOUND_ALLOW_PRIVATE", () => {
    expect(outboundUrlProblem("https://hooks.example.com/logout?x=1", false)).toBeUndefined();
    expect(outboundUrlProblem("https://8.8.8.8/x", false)).toBeUndefined();
    expect(outboundUrlProblem("http://127.0.0.1:9/x", true)).toBeUndefined();
    expect(outboundUrlProblem("ftp://127.0.0.1/x", true)).toBe("must be an http or https URL");
  });
});

describe("outboundRequest", () => {
  let server: Server;
  let port: number;
  const received: { body: string; contentType: string | undefined }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received.push({ body, contentType: req.headers["content-type"] });
        if (req.url === "/slow") return setTimeout(() => res.end("late"), 500);
        res.writeHead(req.url === "/fail" ? 503 : 200).end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("POSTs to a private address only when allowed, and reports the status", async () => {
    const ok = await outboundRequest({
      url: `http://127.0.0.1:${port}/ok`,
      headers: { "Content-Type": "text/plain" },
      body: "hello",
      allowPrivate: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toBe("ok");
    expect(received.at(-1)).toEqual({ body: "hello", contentType: "text/plain" });
    expect(
      (await outboundRequest({ url: `http://127.0.0.1:${port}/fail`, headers: {}, body: "", allowPrivate: true }))
        .status,
    ).toBe(503);
    const before = received.length;
    const plain = { url: `http://127.0.0.1:${port}/ok`, headers: {}, body: "x", allowPrivate: false };
    await expect(outboundRequest(plain)).rejects.toThrow(`url must be an https URL${OUTBOUND_LOCAL_HINT}`);
    expect(received.length).toBe(before);
  });

  /** A resolver that answers every name with `address`, as a name that points inside when used. */
  const resolvingTo = (address: string, family: number): typeof lookup =>
    ((host: string, options: object, cb: (e: null, a: { address: string; family: number }[]) => void) =>
      cb(null, [{ address, family }])) as never;

  it(
    "refuses a public-looking name that resolves to an internal address, checked when it " +
      "connects, without naming the address",
    async () => {
      // A name that passes the rule when saved but points inside when used (DNS rebinding).
      const before = received.length;
      const request = {
        url: `https://hooks.example.com:${port}/ok`,
        headers: {},
        body: "x",
        allowPrivate: false,
        resolve: resolvingTo("127.0.0.1", 4),
      };
      const refused = await outboundRequest(request).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(OutboundError);
      expect((refused as OutboundError).message).toBe("url address not allowed");
      expect((refused as OutboundError).refused).toBe(true);
      expect(received.length).toBe(before);
    },
  );

  it.each([["::ffff:0:7f00:1"], ["64:ff9b:1::7f00:1"], ["64:ff9b::7f00:1"], ["2002:7f00:1::1"]])(
    "refuses a name whose IPv6 address embeds an internal IPv4 address: %s",
    async (address) => {
      const before = received.length;
      const request = {
        url: `https://hooks.example.com:${port}/ok`,
        headers: {},
        body: "x",
        allowPrivate: false,
        resolve: resolvingTo(address, 6),
      };
      const refused = await outboundRequest(request).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(OutboundError);
      expect((refused as OutboundError).message).toBe("url address not allowed");
      expect(received.length).toBe(before);
    },
  );

  it("gives up after the timeout", async () => {
    await expect(
      outboundRequest({
        url: `http://127.0.0.1:${port}/slow`,
        headers: {},
        body: "",
        allowPrivate: true,
        timeoutMs: 100,
      }),
    ).rejects.toThrow("no answer within 100 ms");
  });
});

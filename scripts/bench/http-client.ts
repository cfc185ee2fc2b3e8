import http from "node:http";

export type HttpClient = {
  request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; body: string }>;
  close(): void;
};

/**
 * A lean HTTP client for the load loops: keep-alive sockets and nothing else. The load
 * generator shares the machine's cores with the service and PostgreSQL, and `fetch` cost it
 * about 0.7 ms of CPU per request (its WHATWG streams and headers), as much as the service's
 * own work on a small request: measured with it, the service was measured on less than the
 * machine.
 */
export const httpClient = (base: string, maxSockets: number): HttpClient => {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const url = new URL(base);
  return {
    request: (method, path, headers, body) =>
      new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            method,
            path,
            agent,
            headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
};

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
};
type OtlpTraces = {
  resourceSpans: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
};

/**
 * An OTLP/HTTP receiver (the JSON encoding) keeping every span it is sent, with its service's name, in `spans`;
 * `start` answers the endpoint to hand the service (OTEL_EXPORTER_OTLP_ENDPOINT).
 */
export const otlpReceiver = () => {
  const spans: (OtlpSpan & { service: string | undefined })[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        for (const rs of (JSON.parse(body) as OtlpTraces).resourceSpans) {
          const service = rs.resource?.attributes?.find((a) => a.key === "service.name")?.value.stringValue;
          for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ ...s, service });
        }
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  return {
    spans,
    start: async (): Promise<string> => {
      await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
      return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    },
    close: () => receiver.close(),
  };
};

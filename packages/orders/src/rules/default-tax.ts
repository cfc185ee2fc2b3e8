import type { Rule } from "@platform/actor-runtime";
import type { Event } from "@platform/kernel";
import type { ApplyDefaultTax } from "../order/commands.ts";
import type { OrderLineCreated } from "../order/events.ts";
import type { OrderState } from "../order/state.ts";

export type DefaultTaxRates = {
  /** Standard rate by the delivery's country (ISO 3166-1 alpha-2). Checked first. */
  readonly byCountry: Readonly<Record<string, string>>;
  /** Standard rate by the order's currency, when the delivery has no address yet. */
  readonly byCurrency: Readonly<Record<string, string>>;
};

/** Standard VAT rates of a few markets; a deployment passes its own. */
export const standardRates: DefaultTaxRates = {
  byCountry: {
    SE: "0.25",
    NO: "0.25",
    DK: "0.25",
    FI: "0.255",
    DE: "0.19",
    NL: "0.21",
    FR: "0.2",
    GB: "0.2",
    AT: "0.2",
    ES: "0.21",
    IT: "0.22",
    CH: "0.081",
  },
  byCurrency: { SEK: "0.25", NOK: "0.25", DKK: "0.25", GBP: "0.2", CHF: "0.081" },
};

/** The default rate for a line: its delivery's country, else the order's currency, else none. */
const defaultRateFor = (state: OrderState, deliveryId: string, rates: DefaultTaxRates): string | undefined => {
  const country = state.deliveries.find((d) => d.deliveryId === deliveryId)?.address?.countryCode;
  return (country ? rates.byCountry[country] : undefined) ?? rates.byCurrency[state.header?.currencyCode ?? ""];
};

/**
 * Lines created in a batch without a tax factor or a sales tax get the default rate, decided
 * after the whole batch (so an address set later in the same batch counts) and appended in
 * the same atomic batch: the order is never stored with an untaxed line the rule could tax.
 */
export const defaultTaxRule = (rates: DefaultTaxRates = standardRates): Rule => ({
  name: "orders:default-tax",
  actorType: "order",
  hook: "commandsApplied",
  handle: ({ state, events }): ApplyDefaultTax[] => {
    const s = state as OrderState;
    if (s.status !== "open") return [];
    const out: ApplyDefaultTax[] = [];
    for (const e of events as readonly Event[]) {
      if (e.type !== "OrderLineCreated") continue;
      const line = s.lines.find((l) => l.orderLineId === (e as OrderLineCreated).data.orderLineId);
      if (!line || line.taxFactor !== null || line.salesTax !== null) continue;
      const rate = defaultRateFor(s, line.deliveryId, rates);
      if (rate !== undefined) out.push({ type: "applyDefaultTax", orderLineId: line.orderLineId, taxFactor: rate });
    }
    return out;
  },
});

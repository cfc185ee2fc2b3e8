import { divRound, formatMinor, parseDecimal, toFraction, toMinor } from "../money/decimal.ts";
import { currencyDigits } from "../money/iso-codes.ts";
import type { Delivery, OrderLine, OrderState } from "./state.ts";

/** Amounts in minor units (bigint) while computing; text only at the edge. */
export type Totals = { readonly net: bigint; readonly tax: bigint; readonly gross: bigint };

const ZERO: Totals = { net: 0n, tax: 0n, gross: 0n };
const add = (a: Totals, b: Totals): Totals => ({ net: a.net + b.net, tax: a.tax + b.tax, gross: a.gross + b.gross });

const minor = (text: string, digits: number): bigint => toMinor(text, digits) ?? 0n;

/**
 * One line's totals. amount = unitPrice × quantity, exact. With `taxIncluded` the amount is
 * gross and the tax is the part of it the rate accounts for, amount × f / (1 + f); without,
 * the amount is net and the tax amount × f. A fixed `salesTax` replaces the computed tax.
 * Tax is rounded once per line, half away from zero, to the currency's minor unit.
 */
const lineTotals = (line: OrderLine, taxIncluded: boolean, digits: number): Totals & { readonly amount: bigint } => {
  const amount = minor(line.unitPrice, digits) * BigInt(line.quantity);
  let tax = 0n;
  if (line.salesTax !== null) tax = minor(line.salesTax, digits);
  else if (line.taxFactor !== null) {
    const { num, den } = toFraction(parseDecimal(line.taxFactor)!);
    tax = taxIncluded ? divRound(amount * num, den + num) : divRound(amount * num, den);
  }
  return taxIncluded
    ? { amount, net: amount - tax, tax, gross: amount }
    : { amount, net: amount, tax, gross: amount + tax };
};

/** Shipping is a price as given (gross when taxIncluded, else net) and carries no tax of its own. */
const shippingTotals = (d: Delivery, digits: number): Totals => {
  const s = d.shippingPrice === null ? 0n : minor(d.shippingPrice, digits);
  return { net: s, tax: 0n, gross: s };
};

type OrderTotals = {
  readonly lines: ReadonlyMap<string, Totals & { readonly amount: bigint }>;
  readonly deliveries: ReadonlyMap<string, Totals & { readonly shipping: bigint }>;
  readonly order: Totals & { readonly shipping: bigint };
  readonly digits: number;
};

/**
 * States are immutable (evolve returns a new one), so a write that needs a state's totals
 * twice (its orders row, then its response) computes them once. Only the latest states are
 * kept: one per write in flight, not one per order in the runtime's state cache (that cost
 * 40 MiB over 10,000 cached orders).
 */
const RECENT = 256;
const recent = new Map<OrderState, OrderTotals>();

/** Line, delivery and order totals in the order's currency. A delivery's total includes its shipping. */
export const orderTotals = (s: OrderState): OrderTotals => {
  let totals = recent.get(s);
  if (!totals) {
    recent.set(s, (totals = computeTotals(s)));
    if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  }
  return totals;
};

const computeTotals = (s: OrderState): OrderTotals => {
  const currency = s.header?.currencyCode ?? "";
  const digits = currencyDigits(currency) ?? 2;
  const taxIncluded = s.header?.taxIncluded ?? false;
  const lines = new Map(s.lines.map((l) => [l.orderLineId, lineTotals(l, taxIncluded, digits)]));
  const deliveries = new Map<string, Totals & { shipping: bigint }>();
  let order: Totals & { shipping: bigint } = { ...ZERO, shipping: 0n };
  for (const d of s.deliveries) {
    const shipping = shippingTotals(d, digits);
    let t = shipping;
    for (const l of s.lines) if (l.deliveryId === d.deliveryId) t = add(t, lines.get(l.orderLineId)!);
    deliveries.set(d.deliveryId, { ...t, shipping: shipping.gross });
    order = { ...add(order, t), shipping: order.shipping + shipping.gross };
  }
  return { lines, deliveries, order, digits };
};

/** Totals as decimal text in the currency ("125.00"). */
export const formatTotals = <T extends Record<string, bigint>>(t: T, digits: number): { [K in keyof T]: string } =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, formatMinor(v, digits)])) as { [K in keyof T]: string };

import { DomainError, isUuid } from "@platform/kernel";
import { formatDecimal, formatMinor, parseDecimal, toMinor } from "../money/decimal.ts";
import type { Amount } from "./commands.ts";
import type { Delivery, OrderLine, OrderState } from "./state.ts";

/**
 * The semantic checks of `decide`. Each throws a DomainError naming the field; the runtime
 * turns it into COMMAND_REJECTED with the failing command's index.
 */
const invalid = (field: string, message: string) =>
  new DomainError("VALIDATION_FAILED", `${field} ${message}`, [{ path: field, message }]);

/** Most fraction digits a tax factor may have (0.255 has 3). */
const RATE_DIGITS = 6;
/** A tax factor above this is a typo (25 meant as 0.25), not a tax. */
const MAX_RATE = 10n;

/** An amount in the order's currency as canonical text ("19.90"); must be ≥ 0 and fit the currency's minor units. */
export const amountText = (value: Amount, digits: number, field: string): string => {
  const minor = toMinor(value, digits);
  if (minor === undefined) throw invalid(field, `must be a decimal number with at most ${digits} fraction digits`);
  if (minor < 0n) throw invalid(field, "must not be negative");
  return formatMinor(minor, digits);
};

/** A tax factor as canonical text ("0.25"): 0 ≤ f ≤ 10, at most 6 fraction digits. */
export const rateText = (value: Amount, field: string): string => {
  const d = parseDecimal(value);
  if (!d || d.scale > RATE_DIGITS)
    throw invalid(field, `must be a decimal number with at most ${RATE_DIGITS} fraction digits`);
  if (d.units < 0n) throw invalid(field, "must not be negative");
  if (d.units > MAX_RATE * 10n ** BigInt(d.scale))
    throw invalid(field, `must be at most ${MAX_RATE} (a factor such as 0.25, not a percentage)`);
  return formatDecimal(d);
};

export const positiveQuantity = (q: number, field = "quantity"): number => {
  if (!Number.isSafeInteger(q) || q <= 0) throw invalid(field, "must be a whole number greater than 0");
  return q;
};

export const uuid = (value: string, field: string): string => {
  if (!isUuid(value)) throw invalid(field, "must be a UUID");
  return value.toLowerCase();
};

export const unusedId = (s: OrderState, id: string, what: string) => {
  if (s.usedIds.includes(id)) throw new DomainError("CONFLICT", `${what} ${id} already exists in this order`);
};

export const deliveryOf = (s: OrderState, deliveryId: string): Delivery => {
  const d = s.deliveries.find((x) => x.deliveryId === deliveryId.toLowerCase());
  if (!d) throw new DomainError("NOT_FOUND", `Delivery ${deliveryId} not found in this order`);
  return d;
};

export const lineOf = (s: OrderState, orderLineId: string): OrderLine => {
  const l = s.lines.find((x) => x.orderLineId === orderLineId);
  if (!l) throw new DomainError("NOT_FOUND", `Order line ${orderLineId} not found in this order`);
  return l;
};

export const lineId = (value: string): string => {
  if (value.trim() === "") throw invalid("orderLineId", "must not be empty");
  return value;
};

/** The order must exist and be open (not cancelled). */
export const openOrder = (s: OrderState) => {
  if (s.status === "none") throw new DomainError("NOT_FOUND", "Order not found");
  if (s.status === "cancelled") throw new DomainError("INVALID_STATE", "The order is cancelled");
  return s.header!;
};

/**
 * Exact decimal arithmetic for money: amounts are bigints of minor units (cents), rates are
 * fractions of bigints. JSON numbers enter through their shortest decimal text (what
 * `String(n)` prints), so `19.99` is exactly 1999 cents and never 1998.9999….
 */

/** A non-negative or negative decimal as an integer scaled by 10^scale: 12.5 → {units: 125n, scale: 1}. */
export type Decimal = { readonly units: bigint; readonly scale: number };

const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Parses a number or a decimal string exactly; undefined for NaN, infinities or text that is no decimal. */
export const parseDecimal = (value: number | string): Decimal | undefined => {
  if (typeof value === "number" && !Number.isFinite(value)) return undefined;
  const m = DECIMAL_TEXT.exec(String(value).trim());
  if (!m) return undefined;
  const [, sign, whole, frac = "", exp = "0"] = m;
  let digits = `${whole}${frac}`;
  let scale = frac.length - Number(exp);
  if (Math.abs(scale) > 40) return undefined;
  if (scale < 0) {
    digits += "0".repeat(-scale);
    scale = 0;
  }
  const units = BigInt(digits) * (sign === "-" ? -1n : 1n);
  return trim({ units, scale });
};

/** Drops trailing zeros of the fraction: {1250n, 3} → {125n, 2}. */
const trim = (d: Decimal): Decimal => {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
};

/** The canonical text of a decimal: no exponent, no trailing zeros ("0.25", "3", "-1.5"). */
export const formatDecimal = (d: Decimal): string => formatScaled(d.units, d.scale);

/** Minor units as text with exactly `digits` fraction digits: (1999n, 2) → "19.99". */
export const formatMinor = (units: bigint, digits: number): string => formatScaled(units, digits);

const formatScaled = (units: bigint, scale: number): string => {
  const negative = units < 0n;
  const abs = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? abs : `${abs.slice(0, abs.length - scale)}.${abs.slice(abs.length - scale)}`;
  return negative ? `-${text}` : text;
};

/**
 * A decimal as minor units of a currency with `digits` fraction digits; undefined when it
 * has more fraction digits than the currency (a price of 0.001 EUR is not an amount).
 */
export const toMinor = (value: number | string, digits: number): bigint | undefined => {
  const d = parseDecimal(value);
  if (!d || d.scale > digits) return undefined;
  return d.units * 10n ** BigInt(digits - d.scale);
};

/** A decimal as the fraction num/den with den a power of ten. */
export const toFraction = (d: Decimal): { readonly num: bigint; readonly den: bigint } => ({
  num: d.units,
  den: 10n ** BigInt(d.scale),
});

/**
 * `num / den` rounded to an integer, half away from zero (commercial rounding):
 * 2.5 → 3, -2.5 → -3, 2.4 → 2. `den` must be positive.
 */
export const divRound = (num: bigint, den: bigint): bigint => {
  if (den <= 0n) throw new RangeError("divRound needs a positive denominator");
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const q = (abs * 2n + den) / (den * 2n);
  return negative ? -q : q;
};

/** What a written phone number may hold: digits, an optional leading plus, and the usual separators. */
export const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;

const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * A phone number as E.164 (`+46701234567`), however it was written: `+46 70-123 45 67`,
 * `0046701234567`, `46701234567`, `+46 (0)70…` (the bracketed trunk 0 is not dialled from
 * abroad). Null when it cannot be: a national number (`0701234567`) names no country, and
 * there is no default country to assume. One rule for every copy of a number, so erasure
 * and uniqueness compare the same digits whatever the spelling.
 */
export const toE164 = (written: string): string | null => {
  const s = written.trim();
  if (!PHONE_CHARACTERS.test(s)) return null;
  const digits = s.replace(/\D/g, "");
  const plus = s.startsWith("+");
  const international = plus || digits.startsWith("00");
  // Without an international prefix, "(0)" or a leading 0 is the national trunk prefix.
  if (!international && (digits.startsWith("0") || s.includes("(0)"))) return null;
  const significant = international ? s.replace(/\(0\)/g, "").replace(/\D/g, "") : digits;
  const e164 = `+${plus ? significant : significant.replace(/^00/, "")}`;
  return E164.test(e164) ? e164 : null;
};

/** A stored phone as it reads now: E.164 where it can be, else as it was written (a national number stays). */
export const storedPhone = (written: string): string => toE164(written) ?? written;

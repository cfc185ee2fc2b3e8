import smpp from "smpp";

/** GSM 03.38 characters that take two septets (an escape and the character). */
const GSM_EXTENDED = new Set(["\f", "^", "{", "}", "\\", "[", "~", "]", "|", "€"]);

/** One submit_sm's text and, for a part of a longer message, its user data header. */
type SmsPart = { readonly text: string; readonly udh: Buffer | undefined };

/** How a text travels: GSM-7 (data_coding 0) when every character is in GSM 03.38, else UCS-2 (8). */
type SmsEncoding = { readonly dataCoding: 0 | 8; readonly parts: readonly SmsPart[] };

const septets = (ch: string) => (GSM_EXTENDED.has(ch) ? 2 : 1);

/**
 * Splits a text into the parts one SMS each carries: 160 GSM septets or 70 UCS-2 units alone;
 * 153 or 67 per part of a concatenated message, which carries a user data header (3GPP TS
 * 23.040 IEI 0x00: reference, total, sequence) so the phone joins the parts. A part never
 * ends inside an escape pair or a surrogate pair. `reference` ties one message's parts together.
 */
export const smsParts = (text: string, reference: number): SmsEncoding => {
  const gsm = smpp.encodings.ASCII.match(text);
  const chars = [...text];
  const size = (ch: string) => (gsm ? septets(ch) : ch.length);
  const total = chars.reduce((n, ch) => n + size(ch), 0);
  const single = gsm ? 160 : 70;
  if (total <= single) return { dataCoding: gsm ? 0 : 8, parts: [{ text, udh: undefined }] };
  const room = gsm ? 153 : 67;
  const texts: string[] = [];
  let current = "";
  let used = 0;
  for (const ch of chars) {
    if (used + size(ch) > room) {
      texts.push(current);
      current = "";
      used = 0;
    }
    current += ch;
    used += size(ch);
  }
  if (current) texts.push(current);
  if (texts.length > 255) throw new RangeError("a text of more than 255 parts");
  const ref = reference & 0xff;
  return {
    dataCoding: gsm ? 0 : 8,
    parts: texts.map((t, i) => ({ text: t, udh: Buffer.from([0x05, 0x00, 0x03, ref, texts.length, i + 1]) })),
  };
};

/**
 * How many mutable globals a WebAssembly binary declares (its global section, read with the
 * format's LEB128 integers). The sandbox's snapshots restore the memory and the stack pointer
 * only, so they need the stack pointer to be the build's one mutable global.
 */
export const countMutableGlobals = (bytes: Uint8Array): number => {
  let at = 8; // after the magic number and the version
  const uint = (): number => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[at++]!;
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return result;
  };
  while (at < bytes.length) {
    const id = bytes[at++]!;
    const size = uint();
    const end = at + size;
    if (id === GLOBAL_SECTION) {
      let mutable = 0;
      for (let n = uint(); n > 0; n--) {
        at++; // the value type
        if (bytes[at++] === 1) mutable++;
        // The initialiser: a constant expression ending with `end`.
        for (let op = bytes[at++]; op !== END; op = bytes[at++]) {
          if (op === I32_CONST || op === I64_CONST || op === GLOBAL_GET) uint();
          else if (op === F32_CONST) at += 4;
          else if (op === F64_CONST) at += 8;
          else return Number.NaN; // an initialiser this reader does not know: say so, never guess
        }
      }
      return mutable;
    }
    at = end;
  }
  return 0;
};

const GLOBAL_SECTION = 6;
const END = 0x0b;
const I32_CONST = 0x41;
const I64_CONST = 0x42;
const F32_CONST = 0x43;
const F64_CONST = 0x44;
const GLOBAL_GET = 0x23;

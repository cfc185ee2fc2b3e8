/** node-postgres's own conversion of a parameter to its text (no published types for this module). */
declare module "pg/lib/utils.js" {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}

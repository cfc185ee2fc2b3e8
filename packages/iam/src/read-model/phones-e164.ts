/**
 * The principals read model's phones as E.164, by the rule of `toE164` (@platform/kernel)
 * written in SQL: `+46 70-123 45 67`, `0046…`, `46…` and `+46 (0)70…` become `+46…`. A number
 * that cannot be E.164 (a national `070…`, whose country is unknown) stays as written; erasure
 * compares its digits as they are. The events keep what was written (a log is not rewritten):
 * the projection reads them by the same rule, so a rebuild answers the same.
 */
export const PHONES_E164_SQL = String.raw`
UPDATE iam_principals p SET phone = n.e164
FROM (
  SELECT id, '+' || CASE WHEN s LIKE '+%' THEN significant ELSE regexp_replace(significant, '^00', '') END AS e164
  FROM (
    SELECT id, s,
      CASE WHEN s LIKE '+%' OR digits LIKE '00%'
        THEN regexp_replace(replace(s, '(0)', ''), '\D', '', 'g')
        ELSE digits END AS significant
    FROM (
      SELECT id, btrim(phone) AS s, regexp_replace(phone, '\D', '', 'g') AS digits
      FROM iam_principals WHERE phone IS NOT NULL
    ) AS written
    WHERE s ~ '^\+?[0-9 ()./-]+$'
      AND (s LIKE '+%' OR digits LIKE '00%' OR (digits NOT LIKE '0%' AND position('(0)' IN s) = 0))
  ) AS international
) AS n
WHERE p.id = n.id AND n.e164 ~ '^\+[1-9][0-9]{1,14}$' AND p.phone <> n.e164;
`;

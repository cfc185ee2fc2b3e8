/**
 * A small embedded list of the most common passwords (lower-cased), from the public
 * top-password lists. The policy also rejects these with digits or symbols appended and
 * simple patterns, so the list stays short.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "password", "passw0rd", "p@ssword", "p@ssw0rd", "123456", "12345678", "123456789", "1234567890", "qwerty", "qwertyuiop",
  "abc123", "111111", "123123", "letmein", "welcome", "welcome1", "monkey", "dragon", "football", "baseball", "iloveyou",
  "trustno1", "sunshine", "master", "shadow", "superman", "princess", "qazwsx", "michael", "mustang", "access", "login",
  "admin", "administrator", "root", "secret", "changeme", "default", "starwars", "whatever", "freedom", "hello", "charlie",
  "donald", "batman", "passwort", "azerty", "solo", "ninja", "flower", "hottie", "loveme", "zaq1zaq1", "zaq12wsx", "1q2w3e4r",
  "1qaz2wsx", "q1w2e3r4", "asdfghjkl", "asdfgh", "zxcvbnm", "summer", "winter", "spring", "autumn", "computer", "internet",
  "samsung", "google", "pokemon", "jordan", "harley", "ranger", "hunter", "buster", "soccer", "hockey", "killer", "george",
  "pepper", "daniel", "andrew", "joshua", "matthew", "jennifer", "thomas", "jessica", "ashley", "bailey", "liverpool",
  "chelsea", "arsenal", "cheese", "coffee", "cookie", "banana", "orange", "purple", "silver", "golden", "diamond", "tigger",
  "maggie", "ginger", "yankees", "dallas", "austin", "matrix", "mercedes", "corvette", "ferrari", "porsche", "company",
  "business", "office", "temp", "temporary", "test", "testing", "guest", "user", "username", "qwerty123", "password1",
]);

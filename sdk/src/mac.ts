/**
 * MAC addresses are stored as 12 lower-case hex digits. Input may use colons, dashes or dots
 * (`00:15:65:AA:BB:CC`, `00-15-65-aa-bb-cc`, `0015.65aa.bbcc`) or none.
 */
export function normaliseMac(input: string): string | undefined {
  const trimmed = input.trim();
  if (/^[0-9a-fA-F]{12}$/.test(trimmed)) return trimmed.toLowerCase();
  if (/^[0-9a-fA-F]{2}([:-])[0-9a-fA-F]{2}(\1[0-9a-fA-F]{2}){4}$/.test(trimmed)) {
    return trimmed.replace(/[:-]/g, '').toLowerCase();
  }
  if (/^[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}$/.test(trimmed))
    return trimmed.replace(/\./g, '').toLowerCase();
  return undefined;
}

/** Display form of a stored MAC: `00:15:65:aa:bb:cc`. */
export function macWithColons(mac: string): string {
  return mac.match(/.{2}/g)?.join(':') ?? mac;
}

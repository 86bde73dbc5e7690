/** Copies only the defined values, so optional fields are left out of the written object. */
export function compactObject(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
  );
}

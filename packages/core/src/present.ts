/**
 * The fields of `fields` that hold something: an item or an answer leaves out, rather than
 * writes, a field that is undefined, null, empty (`""`, `[]`) or false.
 */
export function present<T extends Record<string, unknown>>(fields: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : Boolean(value))),
  ) as Partial<{ [K in keyof T]: NonNullable<T[K]> }>;
}

/**
 * Sets `target[key]` to `value` as an ordinary own property, whatever the key: assigning
 * `target["__proto__"]` would replace the object's prototype instead, so a key read from a file, a
 * payload or a reply goes through here.
 *
 * @example
 * ```ts
 * const fields: Record<string, unknown> = {};
 * writeOwn(fields, "__proto__", 1);
 * Object.keys(fields); // ["__proto__"]
 * ```
 */
export function writeOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

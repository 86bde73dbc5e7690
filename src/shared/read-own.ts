/**
 * The value `table` holds under `key` as its own property, or undefined: a name Object.prototype
 * has (`constructor`, `toString`, `__proto__`) is no key of a table, whatever the prototype says.
 *
 * @example
 * ```ts
 * readOwn({ Bash: "Shell" }, "Bash"); // "Shell"
 * readOwn({ Bash: "Shell" }, "constructor"); // undefined, not Object
 * ```
 */
export function readOwn<Value>(
  table: Readonly<Record<string, Value>>,
  key: string,
): Value | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

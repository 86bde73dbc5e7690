import fc from "fast-check";
import { writeOwn } from "../../src/shared/write-own.js";

/**
 * Names Object.prototype has (`__proto__`, `constructor`, `toString`, …): a table keyed by names a
 * user, a host or a hook sends must read each as unknown, never as the prototype's value.
 */
export const prototypeNames = [
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "__defineGetter__",
  "__lookupGetter__",
] as const;

/** A prototype name, any string up to `maxLength`, or one of `knownNames` (names the tables have). */
export function arbitraryName(knownNames: readonly string[], maxLength = 12): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...prototypeNames),
    fc.string({ maxLength }),
    fc.constantFrom(...knownNames),
  );
}

/** A name of the same shape no table holds: ROT13, which keeps case and underscores (`__cebgb__`). */
export function neutralizeName(name: string): string {
  return name.replaceAll(/[a-z]/gi, (letter) => {
    const base = letter <= "Z" ? 65 : 97;
    return String.fromCharCode(((letter.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** `target` with `key` set as an own property, a `__proto__` key included: test input built by hand. */
export function withKey<Target extends object>(
  target: Target,
  key: string,
  value: unknown,
): Target {
  writeOwn(target as Record<string, unknown>, key, value);
  return target;
}

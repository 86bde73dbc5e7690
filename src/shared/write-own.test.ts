import { describe, expect, it } from "vitest";
import { writeOwn } from "./write-own.js";

describe("writeOwn", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "plain"])(
    "%s becomes an own, enumerable, writable key and the prototype stays",
    (key) => {
      const target: Record<string, unknown> = {};
      writeOwn(target, key, { polluted: true });
      expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
      expect(Object.keys(target)).toEqual([key]);
      expect(Object.hasOwn(target, key)).toBe(true);
      expect(JSON.parse(JSON.stringify(target))).toEqual(
        JSON.parse(`{${JSON.stringify(key)}: {"polluted": true}}`),
      );
      writeOwn(target, key, 2);
      expect(Object.getOwnPropertyDescriptor(target, key)?.value).toBe(2);
    },
  );
});

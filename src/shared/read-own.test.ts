import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readOwn } from "./read-own.js";

const prototypeNames = Object.getOwnPropertyNames(Object.prototype);

describe("readOwn", () => {
  it("reads own keys, falsy values included", () => {
    const table: Record<string, unknown> = { a: 1, zero: 0, empty: "", nothing: null };
    expect(readOwn(table, "a")).toBe(1);
    expect(readOwn(table, "zero")).toBe(0);
    expect(readOwn(table, "empty")).toBe("");
    expect(readOwn(table, "nothing")).toBeNull();
    expect(readOwn(table, "missing")).toBeUndefined();
  });

  it.each(prototypeNames)("reads %j as no key unless the table has it", (name) => {
    expect(readOwn({ a: 1 }, name)).toBeUndefined();
    expect(
      readOwn(JSON.parse(`{${JSON.stringify(name)}: 5}`) as Record<string, number>, name),
    ).toBe(5);
  });

  it("agrees with a Map of the same entries for any key", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(fc.string(), fc.constantFrom(...prototypeNames)), fc.integer())),
        fc.oneof(fc.string(), fc.constantFrom(...prototypeNames)),
        (entries, key) => {
          expect(readOwn(Object.fromEntries(entries), key)).toBe(new Map(entries).get(key));
        },
      ),
    );
  });
});

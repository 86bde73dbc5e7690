import { describe, expect, it } from "vitest";
import { callSafely } from "./call-safely.js";

describe("callSafely", () => {
  it("passes the values to the callback", () => {
    const seen: unknown[][] = [];
    callSafely((event: string, count: number) => seen.push([event, count]), "Stop", 2);
    expect(seen).toEqual([["Stop", 2]]);
  });

  it("does nothing without a callback", () => {
    expect(() => callSafely(undefined, "Stop")).not.toThrow();
  });

  it("swallows what the callback throws", () => {
    const failing = (_event: string) => {
      throw new Error("host bug");
    };
    expect(() => callSafely(failing, "Stop")).not.toThrow();
  });
});

import { describe, expect, it } from "vitest";
import { readRandomBytes } from "./read-random-bytes.js";

describe("readRandomBytes", () => {
  it.each([0, 1, 12, 16, 4096, 5000])("returns %i bytes", (size) => {
    expect(readRandomBytes(size).length).toBe(size);
  });

  it("returns different bytes on every call, using every byte value", () => {
    const seen = new Set<string>();
    const values = new Set<number>();
    for (let index = 0; index < 500; index += 1) {
      const bytes = readRandomBytes(16);
      seen.add(bytes.toString("hex"));
      for (const value of bytes) values.add(value);
    }
    expect(seen.size).toBe(500);
    // 8,000 uniform bytes miss one of the 256 values with a probability below 1e-10.
    expect(values.size).toBe(256);
  });

  it("never hands out the same bytes twice across refills of its pool", () => {
    // 12-byte run markers: 2,000 of them use the pool about six times over.
    const markers = new Set(
      Array.from({ length: 2000 }, () => readRandomBytes(12).toString("hex")),
    );
    expect(markers.size).toBe(2000);
  });
});

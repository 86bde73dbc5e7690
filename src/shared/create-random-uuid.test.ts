import { describe, expect, it } from "vitest";
import { createRandomUuid } from "./create-random-uuid.js";

describe("createRandomUuid", () => {
  it("is a version 4, RFC 9562 variant UUID in lower-case hex", () => {
    for (let index = 0; index < 200; index += 1) {
      expect(createRandomUuid()).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });

  it("differs on every call", () => {
    const made = new Set(Array.from({ length: 1000 }, () => createRandomUuid()));
    expect(made.size).toBe(1000);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capMessage } from "./cap-message.js";

describe("capMessage", () => {
  it("never returns more than the limit, and keeps short messages whole", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 400 }),
        fc.integer({ min: 0, max: 300 }),
        (text, limit) => {
          const capped = capMessage(text, limit);
          expect(capped.text.length).toBeLessThanOrEqual(Math.max(limit, 0));
          expect(capped.truncated).toBe(text.length > limit);
          if (!capped.truncated) expect(capped.text).toBe(text);
        },
      ),
    );
  });

  it("keeps the start of a long message and says how much was cut", () => {
    const capped = capMessage("a".repeat(50_000), 10_000);
    expect(capped.truncated).toBe(true);
    expect(capped.text.length).toBeLessThanOrEqual(10_000);
    expect(capped.text.length).toBeGreaterThan(9_900);
    expect(capped.text).toMatch(/^a+… \[truncated \d+ characters\]$/);
    const kept = capped.text.indexOf("…");
    expect(capped.text).toContain(`[truncated ${50_000 - kept} characters]`);
  });

  it("keeps a message of exactly the limit", () => {
    expect(capMessage("b".repeat(10_000), 10_000)).toEqual({
      text: "b".repeat(10_000),
      truncated: false,
    });
  });
});

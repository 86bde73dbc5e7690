import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { hashHookDefinition } from "./hash-hook-definition.js";

// "prewarm" changes how a hook runs (its script starts before its event): it is part of the trust
// hash, and a hook that does not set it keeps the hash it had before the field existed.

describe("hashHookDefinition and prewarm", () => {
  const where = { cwd: "/nonexistent-repo", home: "/nonexistent-home" };
  const base = createHookDefinition({ command: "python3 ~/.claude/hooks/guard.py" });

  it("gives a hook that turns prewarm on a new hash", async () => {
    const on = await hashHookDefinition({ ...base, prewarm: true }, where);
    expect(on).not.toBe(await hashHookDefinition(base, where));
  });

  it("keeps the hash of a hook with prewarm absent or false", async () => {
    const hash = await hashHookDefinition(base, where);
    expect(await hashHookDefinition({ ...base, prewarm: false }, where)).toBe(hash);
  });
});

import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { readHookTestFile } from "./hook-test-case.js";

describe("readHookTestFile", () => {
  it("reads expect.hooksRun", async () => {
    const workspace = createTestWorkspace("hook-test-case");
    const file = workspace.writeJson("cases.json", [
      { name: "none", event: "Stop", expect: { hooksRun: 0 } },
    ]);
    const read = await readHookTestFile(file);
    expect(read.ok && read.cases[0]?.expect).toEqual({ hooksRun: 0 });
  });

  it("suggests the field a misspelled one meant, in a case, its expect and the file", async () => {
    const workspace = createTestWorkspace("hook-test-case");
    const file = workspace.writeJson("cases.json", {
      profle: "claude",
      cases: [{ name: "x", event: "Stop", payloadd: {}, expect: { decison: "deny" } }],
    });
    const read = await readHookTestFile(file);
    expect(read.ok).toBe(false);
    const error = read.ok ? "" : read.error;
    expect(error).toContain('Unrecognized key: "profle" (did you mean "profile"?) at (root)');
    expect(error).toContain('Unrecognized key: "payloadd" (did you mean "payload"?) at cases.0');
    expect(error).toContain(
      'Unrecognized key: "decison" (did you mean "decision"?) at cases.0.expect',
    );
  });

  it("refuses a hooksRun that is not a whole number of 0 or more", async () => {
    const workspace = createTestWorkspace("hook-test-case");
    const file = workspace.writeJson("cases.json", [
      { name: "x", event: "Stop", expect: { hooksRun: -1 } },
    ]);
    const read = await readHookTestFile(file);
    expect(read.ok ? "" : read.error).toContain("at 0.expect.hooksRun");
  });
});

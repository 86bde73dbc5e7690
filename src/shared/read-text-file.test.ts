import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { readTextFile } from "./read-text-file.js";

describe("readTextFile", () => {
  it("reads a file as UTF-8 text", async () => {
    const workspace = createTestWorkspace("read-text-file");
    const file = workspace.writeFile("hooks.json", '{"name":"café ✓"}');
    await expect(readTextFile(file)).resolves.toBe('{"name":"café ✓"}');
  });

  it("rejects with Node's error and its code", async () => {
    const workspace = createTestWorkspace("read-text-file");
    await expect(readTextFile(workspace.path("missing.json"))).rejects.toMatchObject({
      code: "ENOENT",
    });
    await expect(readTextFile(workspace.root)).rejects.toMatchObject({ code: "EISDIR" });
  });
});

import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { createPrivateDirectory } from "./create-private-directory.js";

describe("createPrivateDirectory", () => {
  it("creates a folder and its missing parents, mode 0700", async () => {
    const workspace = createTestWorkspace("private-directory");
    const folder = workspace.path("a", "b", "c");
    expect(await createPrivateDirectory(folder)).toBeNull();
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it("sets 0700 even when the umask takes the owner's write bit away", async () => {
    const workspace = createTestWorkspace("private-directory");
    const folder = workspace.path("private");
    const umask = process.umask(0o277);
    try {
      expect(await createPrivateDirectory(folder)).toBeNull();
    } finally {
      process.umask(umask);
    }
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it("leaves an existing folder as it is", async () => {
    const workspace = createTestWorkspace("private-directory");
    const folder = workspace.path("shared");
    mkdirSync(folder, { mode: 0o755 });
    expect(await createPrivateDirectory(folder)).toBeNull();
    expect(statSync(folder).mode & 0o777).toBe(0o755);
  });

  it("returns the error code instead of throwing", async () => {
    const workspace = createTestWorkspace("private-directory");
    const file = workspace.writeFile("taken", "a file");
    expect(await createPrivateDirectory(file)).toBe("EEXIST");
    writeFileSync(file, "still a file");
    expect(await createPrivateDirectory(`${file}/below`)).toBe("ENOTDIR");
  });
});

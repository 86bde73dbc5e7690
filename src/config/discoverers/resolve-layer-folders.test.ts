import { describe, expect, it } from "vitest";
import { codexProfile } from "../../profiles/codex.js";
import { zerocodeProfile } from "../../profiles/zerocode.js";
import { resolveLayerFolders } from "./resolve-layer-folders.js";

describe("resolveLayerFolders", () => {
  it("reads Codex's folders from its configLocations: /etc/codex, ~/.codex, .codex", () => {
    expect(resolveLayerFolders(codexProfile, { home: "/home/a", cwd: "/repo" })).toEqual({
      system: "/etc/codex",
      user: "/home/a/.codex",
      projectFolder: ".codex",
    });
  });

  it("keeps ZeroCode's: the <system> default, ~/.zerotwo, .zerotwo", () => {
    expect(resolveLayerFolders(zerocodeProfile, { home: "/home/a", cwd: "/repo" })).toEqual({
      system: "/etc/zerotwo",
      user: "/home/a/.zerotwo",
      projectFolder: ".zerotwo",
    });
  });

  it("lets systemDir replace the profile's system folder, relative to the cwd", () => {
    const folders = resolveLayerFolders(codexProfile, {
      home: "/home/a",
      cwd: "/repo",
      systemDir: "etc",
    });
    expect(folders.system).toBe("/repo/etc");
  });
});

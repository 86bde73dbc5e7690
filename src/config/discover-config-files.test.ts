import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { Profile } from "../profiles/profile.js";
import { describeConfigFiles, discoverConfigFiles } from "./discover-config-files.js";

const configs = fileURLToPath(new URL("../../test/fixtures/configs/", import.meta.url));

describe("discoverConfigFiles", () => {
  it("finds the deepagents file under the home directory", () => {
    expect(discoverConfigFiles(deepagentsProfile, { home: "/home/me", cwd: "/work" })).toEqual([
      {
        file: "/home/me/.deepagents/hooks.json",
        layer: "user",
        dialect: "deepagents",
        explicit: false,
        trust: "none",
      },
    ]);
  });

  it("replaces discovery with configFiles, in the order given", () => {
    const sources = discoverConfigFiles(deepagentsProfile, {
      home: "/home/me",
      cwd: "/work",
      configFiles: ["b.json", "/abs/a.json", "~/c.json", "~"],
    });
    expect(sources.map((source) => [source.file, source.layer, source.explicit])).toEqual([
      ["/work/b.json", "explicit", true],
      ["/abs/a.json", "explicit", true],
      ["/home/me/c.json", "explicit", true],
      ["/home/me", "explicit", true],
    ]);
  });

  it("treats an empty configFiles list as 'no files', not as discovery", () => {
    expect(
      discoverConfigFiles(deepagentsProfile, { home: "/home/me", cwd: "/work", configFiles: [] }),
    ).toEqual([]);
  });

  it("resolves <cwd> templates of other profiles against the session cwd", () => {
    const profile: Profile = {
      ...deepagentsProfile,
      configLocations: [
        { layer: "user", path: "~/.tool/settings.json", dialect: "deepagents" },
        { layer: "project", path: "<cwd>/.tool/settings.json", dialect: "deepagents" },
      ],
    };
    expect(
      discoverConfigFiles(profile, { home: "/home/me", cwd: "/work/repo" }).map((s) => s.file),
    ).toEqual(["/home/me/.tool/settings.json", "/work/repo/.tool/settings.json"]);
  });
});

describe("describeConfigFiles", () => {
  it("says whether each resolved file exists", () => {
    const home = join(configs, "seed-example", "home");
    expect(describeConfigFiles(deepagentsProfile, { home, cwd: configs })).toEqual([
      { file: join(home, ".deepagents", "hooks.json"), layer: "user", exists: true },
    ]);
    expect(describeConfigFiles(deepagentsProfile, { home: configs, cwd: configs })).toEqual([
      { file: join(configs, ".deepagents", "hooks.json"), layer: "user", exists: false },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { resolveHooksFeature } from "./resolve-hooks-feature.js";

const config = (file: string, features: Record<string, unknown> | undefined) => ({
  file,
  document: features === undefined ? {} : { features },
});

describe("resolveHooksFeature", () => {
  it("is on by default", () => {
    expect(resolveHooksFeature([config("/s", undefined)], null)).toEqual({
      enabled: true,
      setting: null,
      diagnostics: [],
    });
  });

  it.each([
    ["user off", [undefined, { hooks: false }, undefined], undefined, false, "/user"],
    [
      "project overrides user",
      [undefined, { hooks: false }, { hooks: true }],
      undefined,
      true,
      "/project",
    ],
    [
      "user overrides system",
      [{ hooks: false }, { hooks: true }, undefined],
      undefined,
      true,
      "/user",
    ],
    ["system off alone", [{ hooks: false }, undefined, undefined], undefined, false, "/system"],
    [
      "requirements pin on",
      [undefined, { hooks: false }, undefined],
      { hooks: true },
      true,
      "/requirements",
    ],
    [
      "requirements force off",
      [undefined, { hooks: true }, undefined],
      { hooks: false },
      false,
      "/requirements",
    ],
    ["requirements without features", [undefined, { hooks: false }, undefined], {}, false, "/user"],
  ])("%s", (_name, layers, requirements, enabled, decidedBy) => {
    const [system, user, project] = layers;
    const feature = resolveHooksFeature(
      [config("/system", system), config("/user", user), config("/project", project)],
      config("/requirements", requirements),
    );
    expect(feature.enabled).toBe(enabled);
    expect(feature.setting?.file).toBe(decidedBy);
    expect(feature.setting?.policy).toBe(decidedBy === "/requirements");
  });

  it("reads zerocode_hooks as a deprecated alias; hooks wins when both are set", () => {
    const alias = resolveHooksFeature([config("/user", { zerocode_hooks: false })], null);
    expect(alias.enabled).toBe(false);
    expect(alias.setting).toEqual({
      file: "/user",
      path: "features.zerocode_hooks",
      value: false,
      policy: false,
    });
    expect(alias.diagnostics).toEqual([
      expect.objectContaining({
        code: "deprecated_field",
        severity: "warning",
        file: "/user",
        path: "features.zerocode_hooks",
      }),
    ]);
    const both = resolveHooksFeature([config("/u", { zerocode_hooks: false, hooks: true })], null);
    expect(both.enabled).toBe(true);
    expect(both.diagnostics.map((d) => d.code)).toEqual(["deprecated_field"]);
  });

  it("ignores a non-boolean value with an error", () => {
    const feature = resolveHooksFeature([config("/u", { hooks: "no" })], null);
    expect(feature.enabled).toBe(true);
    expect(feature.diagnostics).toEqual([
      expect.objectContaining({
        code: "invalid_config",
        severity: "error",
        path: "features.hooks",
      }),
    ]);
  });
});

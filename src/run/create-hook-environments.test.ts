import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import type { CompiledHook } from "../match/compile-hooks.js";
import { createHookEnvironments } from "./create-hook-environments.js";

function createHook(id: string, env: Record<string, string> = {}): CompiledHook {
  return {
    id,
    definition: createHookDefinition({ env }),
    matcher: { kind: "all" } as unknown as CompiledHook["matcher"],
    rule: null,
    ifUnsupported: false,
  };
}

describe("createHookEnvironments", () => {
  const inherited = { PATH: "/bin", OTEL_SERVICE_NAME: "agent", OTELISH: "kept", TOKEN: "s3cret" };

  it("leaves out inherited variables with a withheld prefix; a hook's own env may set them", () => {
    const environments = createHookEnvironments(inherited, ["OTEL_"]);
    expect(environments.environmentFor(createHook("a"))).toEqual({
      PATH: "/bin",
      OTELISH: "kept",
      TOKEN: "s3cret",
    });
    expect(
      environments.environmentFor(createHook("b", { OTEL_SERVICE_NAME: "hook" })),
    ).toMatchObject({ OTEL_SERVICE_NAME: "hook" });
  });

  it("passes everything on without withheld prefixes, one frozen object per hook", () => {
    const environments = createHookEnvironments(inherited);
    const hook = createHook("a");
    const environment = environments.environmentFor(hook);
    expect(environment).toEqual(inherited);
    expect(Object.isFrozen(environment)).toBe(true);
    expect(environments.environmentFor(hook)).toBe(environment);
  });

  it("withholds a secret's value from environments built afterwards", () => {
    const environments = createHookEnvironments(inherited);
    environments.withhold(["s3cret"]);
    expect(environments.environmentFor(createHook("a"))).not.toHaveProperty("TOKEN");
  });
});

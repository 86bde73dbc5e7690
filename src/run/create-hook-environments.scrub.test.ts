import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import type { CompiledHook } from "../match/compile-hooks.js";
import { claudeProfile } from "../profiles/claude.js";
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

const scrub = claudeProfile.credentialScrub;
const inherited = {
  PATH: "/bin",
  ANTHROPIC_API_KEY: "sk-ant",
  AWS_SECRET_ACCESS_KEY: "aws",
  AWS_REGION: "eu-west-1",
  GITHUB_TOKEN: "ghs",
  OTEL_EXPORTER_OTLP_HEADERS: "Authorization=Bearer x",
};

describe("createHookEnvironments: the credential scrub", () => {
  it.each(["1", "true", " TRUE "])(
    "withholds the listed credentials when the variable is %j",
    (on) => {
      const environments = createHookEnvironments(
        { ...inherited, CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: on },
        claudeProfile.withheldVariablePrefixes,
        scrub,
      );
      expect(environments.environmentFor(createHook("a"))).toEqual({
        PATH: "/bin",
        AWS_REGION: "eu-west-1",
        // Kept as Claude Code keeps it: wrapper scripts call the GitHub API with it.
        GITHUB_TOKEN: "ghs",
        CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: on,
      });
    },
  );

  it("lets a hook's own env set a withheld credential", () => {
    const environments = createHookEnvironments(
      { ...inherited, CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: "1" },
      [],
      scrub,
    );
    const own = environments.environmentFor(createHook("a", { ANTHROPIC_API_KEY: "own" }));
    expect(own.ANTHROPIC_API_KEY).toBe("own");
  });

  it.each([undefined, "0", "false", "yes"])(
    "passes credentials on when the variable is %j",
    (off) => {
      const environment =
        off === undefined ? inherited : { ...inherited, CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: off };
      const environments = createHookEnvironments(environment, [], scrub);
      expect(environments.environmentFor(createHook("a"))).toMatchObject({
        ANTHROPIC_API_KEY: "sk-ant",
        AWS_SECRET_ACCESS_KEY: "aws",
      });
    },
  );
});

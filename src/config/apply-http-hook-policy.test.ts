import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { applyHttpHookPolicy } from "./apply-http-hook-policy.js";
import type { HookDefinition } from "./hook-definition.js";
import type { HttpHookPolicy } from "./http-hook-policy.js";

const httpHook = (url: string, allowedEnvVars: string[] = [], handlerIndex = 0): HookDefinition =>
  createHookDefinition({
    command: url,
    action: { type: "http", url, headers: { Authorization: "Bearer $TOKEN" }, allowedEnvVars },
    handlerIndex,
  });
const commandHook = createHookDefinition({ command: "./guard.sh", handlerIndex: 9 });
const noLimits: HttpHookPolicy = { allowedUrls: null, allowedEnvVars: null };
const urls = (entries: string[]): HttpHookPolicy => ({
  allowedUrls: {
    entries,
    files: ["/etc/claude-code/managed-settings.json", "/home/me/.claude/settings.json"],
  },
  allowedEnvVars: null,
});

describe("applyHttpHookPolicy", () => {
  it("keeps every handler when there is no policy or no list is set", () => {
    const hooks = [httpHook("https://anywhere.example/hook"), commandHook];
    expect(applyHttpHookPolicy(hooks, undefined)).toEqual({ definitions: hooks, diagnostics: [] });
    expect(applyHttpHookPolicy(hooks, noLimits)).toEqual({ definitions: hooks, diagnostics: [] });
  });

  it("keeps an http handler whose URL matches a wildcard pattern", () => {
    const hooks = [httpHook("http://localhost:8080/hook")];
    const policed = applyHttpHookPolicy(
      hooks,
      urls(["https://hooks.example.com/*", "http://localhost:*"]),
    );
    expect(policed).toEqual({ definitions: hooks, diagnostics: [] });
  });

  it("drops an http handler whose URL matches no pattern, naming the setting and where", () => {
    const allowed = httpHook("https://hooks.example.com/ok", [], 0);
    const refused = httpHook("https://evil.example/steal", [], 1);
    const policed = applyHttpHookPolicy(
      [allowed, refused, commandHook],
      urls(["https://hooks.example.com/*"]),
    );
    expect(policed.definitions).toEqual([allowed, commandHook]);
    expect(policed.diagnostics).toEqual([
      {
        code: "http_url_refused",
        severity: "error",
        message:
          "http hook https://evil.example/steal is not allowed: it matches no allowedHttpHookUrls pattern (set in /etc/claude-code/managed-settings.json, /home/me/.claude/settings.json); the handler is skipped",
        file: "/config/hooks.json",
        path: "hooks.PreToolUse[0].hooks[1].url",
      },
    ]);
  });

  it("drops every http handler when the merged list is empty, and no command handler", () => {
    const policed = applyHttpHookPolicy(
      [httpHook("http://localhost:8080/hook"), commandHook],
      urls([]),
    );
    expect(policed.definitions).toEqual([commandHook]);
    expect(policed.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      [
        "http_url_refused",
        "http hook http://localhost:8080/hook is not allowed: allowedHttpHookUrls is an empty list (set in /etc/claude-code/managed-settings.json, /home/me/.claude/settings.json), which blocks every http hook; the handler is skipped",
      ],
    ]);
  });

  it("cuts allowedEnvVars to httpHookAllowedEnvVars and says which were removed", () => {
    const hook = httpHook("http://localhost:8080/hook", ["TOKEN", "HOME", "PATH"]);
    const policy: HttpHookPolicy = {
      allowedUrls: null,
      allowedEnvVars: { entries: ["TOKEN", "CI_TOKEN"], files: ["/a.json", "/b.json"] },
    };
    const policed = applyHttpHookPolicy([hook, commandHook], policy);
    expect(policed.definitions).toEqual([
      { ...hook, action: { ...hook.action, allowedEnvVars: ["TOKEN"] } },
      commandHook,
    ]);
    expect(policed.diagnostics).toEqual([
      {
        code: "http_env_var_refused",
        severity: "warning",
        message:
          'allowedEnvVars "HOME", "PATH" are not in httpHookAllowedEnvVars (set in /a.json, /b.json); header references to them are sent empty',
        file: "/config/hooks.json",
        path: "hooks.PreToolUse[0].hooks[0].allowedEnvVars",
      },
    ]);
  });

  it("leaves a handler whose variables are all permitted unchanged", () => {
    const hook = httpHook("http://localhost:8080/hook", ["TOKEN"]);
    const policy: HttpHookPolicy = {
      allowedUrls: null,
      allowedEnvVars: { entries: ["TOKEN"], files: ["/a.json"] },
    };
    expect(applyHttpHookPolicy([hook], policy)).toEqual({ definitions: [hook], diagnostics: [] });
  });
});

import { chmod, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import {
  collectLines,
  type ListeningServe,
  root,
  spawnListeningServe,
  spawnServe,
  waitFor,
} from "../../../test/fixtures/remote/serve-process.js";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { runCli } from "../../../test/support/run-cli.js";
import { connectWebSocket } from "../../remote/connect-websocket.js";
import { createRemoteHookEngine } from "../../remote/create-remote-hook-engine.js";
import { createProgram } from "../main.js";
import { UsageError } from "../shared-options.js";

const serves: ListeningServe[] = [];
afterEach(async () => {
  await Promise.all(serves.splice(0).map((serve) => serve.stop("SIGKILL")));
});

/** Opens a raw WebSocket and resolves with the HTTP status of the upgrade (101 when accepted). */
function openRaw(url: string, headers: Record<string, string>): Promise<number> {
  const socket = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    socket.once("open", () => {
      socket.close();
      resolve(101);
    });
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("error", reject);
  });
}

describe("agent-hooks serve", () => {
  it.each([
    { args: ["--stdio", "--listen", "7777"], message: "choose one of --stdio and --listen" },
    {
      args: ["--listen", "nope"],
      message: '--listen takes [host:]port, such as 127.0.0.1:7777; got "nope"',
    },
    { args: ["--listen", "127.0.0.1:70000"], message: 'got "127.0.0.1:70000"' },
    {
      args: ["--max-message-bytes", "0"],
      message: "--max-message-bytes must be a positive integer",
    },
    { args: ["--profile", "windsurf"], message: 'unknown profile "windsurf"' },
    {
      args: ["--allow-origin", "https://app.example.com"],
      message: "--allow-origin needs --listen",
    },
    { args: ["--token-file", "token.txt"], message: "--token-file needs --listen" },
    { args: ["--stdio", "--token-fd", "3"], message: "--token-fd needs --listen" },
    {
      args: ["--listen", "0", "--token-file", "token.txt", "--token-fd", "3"],
      message: "choose one of --token-file and --token-fd",
    },
    ...["1", "2", "three", "-1"].map((descriptor) => ({
      args: ["--listen", "0", "--token-fd", descriptor],
      message: `--token-fd takes a descriptor number such as 3 (not 1 or 2), got "${descriptor}"`,
    })),
    ...[
      "app.example.com",
      "https://app.example.com/path",
      "null",
      "https://user@app.example.com",
    ].map((origin) => ({
      args: ["--listen", "0", "--allow-origin", origin],
      message: `--allow-origin takes an origin such as https://app.example.com or http://localhost:3000, got "${origin}"`,
    })),
  ])("refuses $args with a usage error", async ({ args, message }) => {
    // Parsed in this process: the CLI prints a usage error and exits 1 (the test below).
    const argv = ["node", "agent-hooks", "serve", ...args];
    const refusal = await (await createProgram(argv)).parseAsync(argv).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(UsageError);
    expect((refusal as UsageError).message).toContain(message);
  });

  it("prints a usage error on stderr and exits 1, serving nothing", async () => {
    const run = await runCli(["serve", "--stdio", "--listen", "7777"]);
    expect(run).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "agent-hooks: choose one of --stdio and --listen\n",
    });
  });

  it("binds loopback when --listen names only a port, and reports a port already in use", async () => {
    const serve = await spawnListeningServe("0");
    serves.push(serve);
    expect(serve.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(serve.stderr()).not.toContain("beyond loopback");
    const response = await fetch(`http://127.0.0.1:${serve.port}/`);
    expect(response.status).toBe(426);
    const taken = await runCli(["serve", "--listen", `127.0.0.1:${serve.port}`]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(`cannot listen on 127.0.0.1:${serve.port} (EADDRINUSE)`);
  });

  it("takes the token from AGENT_HOOKS_TOKEN without printing it", async () => {
    const serve = await spawnListeningServe("127.0.0.1:0", {
      AGENT_HOOKS_TOKEN: "secret-from-env",
    });
    serves.push(serve);
    expect(serve.stderr()).toContain("token: the value of AGENT_HOOKS_TOKEN");
    expect(serve.stderr()).not.toContain("secret-from-env");
  });

  it("refuses a web page's upgrade (Origin) with 403 unless --allow-origin lists it", async () => {
    const serve = await spawnListeningServe("127.0.0.1:0", {}, [
      "--allow-origin",
      "https://app.example.com",
      "--allow-origin",
      "http://localhost:3000",
    ]);
    serves.push(serve);
    const bearer = { authorization: `Bearer ${serve.token ?? ""}` };
    expect(await openRaw(serve.url, bearer)).toBe(101);
    expect(await openRaw(serve.url, { ...bearer, origin: "https://app.example.com" })).toBe(101);
    expect(await openRaw(serve.url, { ...bearer, origin: "http://localhost:3000" })).toBe(101);
    expect(await openRaw(serve.url, { ...bearer, origin: "https://evil.example" })).toBe(403);
    expect(await openRaw(serve.url, { ...bearer, origin: `http://127.0.0.1:${serve.port}` })).toBe(
      403,
    );
    expect(serve.stderr()).toContain('origin "https://evil.example" is not allowed (403)');
  });

  it("refuses every upgrade with an Origin when no --allow-origin is given", async () => {
    const serve = await spawnListeningServe("127.0.0.1:0");
    serves.push(serve);
    const bearer = { authorization: `Bearer ${serve.token ?? ""}` };
    expect(await openRaw(serve.url, { ...bearer, origin: "http://localhost:3000" })).toBe(403);
    expect(await openRaw(serve.url, bearer)).toBe(101);
  });

  // A real hook writes the environment it runs with; the token must be in it under no name.
  const token = "cli-token-8d2e61b0f5";
  async function prepareEnvironmentHook() {
    const directory = createTestWorkspace("serve-environment").root;
    const environmentFile = path.join(directory, "environment.txt");
    const config = path.join(directory, "hooks.json");
    const hook = {
      type: "command",
      command: [path.join(root, "test/fixtures/remote/print-environment.sh")],
    };
    await writeFile(config, JSON.stringify({ hooks: { SessionStart: [{ hooks: [hook] }] } }));
    const env = {
      AGENT_HOOKS_TOKEN: token,
      COPIED_TOKEN: token,
      PROBE: "visible",
      HOOK_ENVIRONMENT_FILE: environmentFile,
    };
    return { config, env, environmentFile };
  }
  async function expectNoToken(environmentFile: string) {
    const environment = await readFile(environmentFile, "utf8");
    expect(environment).toContain("PROBE=visible\n");
    expect(environment).not.toContain(token);
    expect(environment).not.toMatch(/^(AGENT_HOOKS_TOKEN|COPIED_TOKEN)=/m);
  }

  it("--listen: never passes the token (AGENT_HOOKS_TOKEN, or a copy) to hooks", async () => {
    const { config, env, environmentFile } = await prepareEnvironmentHook();
    const serve = await spawnListeningServe("127.0.0.1:0", env, ["--config", config]);
    serves.push(serve);
    const remote = createRemoteHookEngine(connectWebSocket(serve.url, { token }));
    try {
      const result = await remote.dispatch("SessionStart", { source: "startup" });
      expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
    } finally {
      await remote.close();
    }
    await expectNoToken(environmentFile);
  });

  it("--stdio: never passes AGENT_HOOKS_TOKEN, or a copy, to hooks", async () => {
    const { config, env, environmentFile } = await prepareEnvironmentHook();
    const serve = spawnServe(["--stdio", "--config", config], env);
    const answers = collectLines(serve.child.stdout) as {
      id: number;
      result?: { runs: { status: string }[] };
    }[];
    const request = { event: "SessionStart", payload: { source: "startup" } };
    serve.child.stdin.end(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "hooks/dispatch", params: request })}\n`,
    );
    // The end of its input ends the server once every answer is out.
    await waitFor(() => serve.child.exitCode !== null);
    expect(serve.child.exitCode).toBe(0);
    expect(answers[0]?.result?.runs.map((run) => run.status)).toEqual(["ok"]);
    await expectNoToken(environmentFile);
  });

  // How a hook of the same user would look for the token: the server's initial environment block.
  async function readServerEnvironment(pid: number | undefined): Promise<string> {
    return (await readFile(`/proc/${pid}/environ`, "latin1")).split("\0").join("\n");
  }

  describe.skipIf(process.platform !== "linux")("the token in /proc/<pid>/environ", () => {
    it("--token-fd: reads a pipe, leaves no copy in the environment, and hooks never get it", async () => {
      const { config, environmentFile } = await prepareEnvironmentHook();
      const env = { PROBE: "visible", HOOK_ENVIRONMENT_FILE: environmentFile };
      const serve = await spawnListeningServe(
        "127.0.0.1:0",
        env,
        ["--config", config, "--token-fd", "3"],
        `${token}\n`,
      );
      serves.push(serve);
      expect(serve.stderr()).toContain("token: read from descriptor 3\n");
      expect(serve.stderr()).not.toContain(token);
      expect(await openRaw(serve.url, { authorization: "Bearer wrong" })).toBe(401);
      const remote = createRemoteHookEngine(connectWebSocket(serve.url, { token }));
      try {
        const result = await remote.dispatch("SessionStart", { source: "startup" });
        expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
      } finally {
        await remote.close();
      }
      await expectNoToken(environmentFile);
      const environment = await readServerEnvironment(serve.child.pid);
      expect(environment).toContain("PROBE=visible\n");
      expect(environment).not.toContain(token);
    });

    it("--token-file: reads a 600 file, leaves no copy in the environment, and hooks never get it", async () => {
      const { config, environmentFile } = await prepareEnvironmentHook();
      const tokenFile = path.join(path.dirname(environmentFile), "token.txt");
      await writeFile(tokenFile, `${token}\r\n`, { mode: 0o600 });
      const env = { PROBE: "visible", HOOK_ENVIRONMENT_FILE: environmentFile };
      const serve = await spawnListeningServe("127.0.0.1:0", env, [
        "--config",
        config,
        "--token-file",
        tokenFile,
      ]);
      serves.push(serve);
      expect(serve.stderr()).toContain(`token: read from ${tokenFile}\n`);
      expect(serve.stderr()).not.toContain(token);
      const remote = createRemoteHookEngine(connectWebSocket(serve.url, { token }));
      try {
        const result = await remote.dispatch("SessionStart", { source: "startup" });
        expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
      } finally {
        await remote.close();
      }
      await expectNoToken(environmentFile);
      const environment = await readServerEnvironment(serve.child.pid);
      expect(environment).toContain("PROBE=visible\n");
      expect(environment).not.toContain(token);
    });

    it("--token-file: refuses a file group or others may read, like ssh, serving nothing", async () => {
      const directory = createTestWorkspace("serve-token-file").root;
      const tokenFile = path.join(directory, "token.txt");
      await writeFile(tokenFile, `${token}\n`);
      await chmod(tokenFile, 0o640);
      const open = await runCli(["serve", "--listen", "0", "--token-file", tokenFile]);
      expect(open).toMatchObject({
        code: 1,
        stdout: "",
        stderr: `agent-hooks: --token-file ${tokenFile}: group or others may access it (mode 0640); run chmod 600 on it\n`,
      });
      await chmod(tokenFile, 0o600);
      await writeFile(tokenFile, "two words\n");
      const spaced = await runCli(["serve", "--listen", "0", "--token-file", tokenFile]);
      expect(spaced.stderr).toContain("the token must be one line of visible ASCII characters");
      const missing = await runCli(["serve", "--listen", "0", "--token-file", `${tokenFile}.x`]);
      expect(missing.stderr).toContain("ENOENT");
    });

    it("--token-fd: refuses an empty pipe and a flag given with AGENT_HOOKS_TOKEN", async () => {
      // SIGCONT changes nothing: stop() then only waits for the exit.
      const empty = spawnServe(["--listen", "0", "--token-fd", "3"], {}, "");
      expect(await empty.stop("SIGCONT")).toBe(1);
      expect(empty.stderr()).toBe("agent-hooks: --token-fd 3: the token is empty\n");
      const both = spawnServe(
        ["--listen", "0", "--token-fd", "3"],
        { AGENT_HOOKS_TOKEN: token },
        token,
      );
      expect(await both.stop("SIGCONT")).toBe(1);
      expect(both.stderr()).toContain("--token-fd and AGENT_HOOKS_TOKEN both give a token");
      expect(both.stderr()).not.toContain(token);
    });

    it("AGENT_HOOKS_TOKEN: blanks the value in the server's environment block, or says it could not", async () => {
      const serve = await spawnListeningServe("127.0.0.1:0", {
        AGENT_HOOKS_TOKEN: token,
        PROBE: "visible",
      });
      serves.push(serve);
      const environment = await readServerEnvironment(serve.child.pid);
      expect(environment).toContain("PROBE=visible\n");
      if (serve.stderr().includes("stays readable")) {
        // A kernel that refuses writes through /proc/self/mem: the warning is the guarantee.
        console.warn(`AGENT_HOOKS_TOKEN could not be blanked here: ${serve.stderr()}`);
        expect(environment).toContain(token);
      } else {
        expect(environment).toContain("AGENT_HOOKS_TOKEN=\n");
        expect(environment).not.toContain(token);
      }
      const remote = createRemoteHookEngine(connectWebSocket(serve.url, { token }));
      try {
        const result = await remote.dispatch("SessionStart", { source: "startup" });
        expect(result.runs.map((run) => run.status)).not.toContain("error");
      } finally {
        await remote.close();
      }
    });
  });
});

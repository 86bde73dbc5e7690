import { afterEach, describe, expect, it } from "vitest";
import {
  type ListeningServe,
  spawnListeningServe,
} from "../../../test/fixtures/remote/serve-process.js";
import { runCli } from "../../../test/support/run-cli.js";

const serves: ListeningServe[] = [];
afterEach(async () => {
  await Promise.all(serves.splice(0).map((serve) => serve.stop("SIGKILL")));
});

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
    { args: ["--profile", "cursor"], message: 'unknown profile "cursor"' },
  ])("refuses $args with a usage error (exit 1)", async ({ args, message }) => {
    const run = await runCli(["serve", ...args]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
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
});

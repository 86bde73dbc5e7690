import type { Command } from "commander";
import { createHookEngine } from "../../engine/engine.js";
import { createRunRelay } from "../../remote/create-run-relay.js";
import { createStreamChannel } from "../../remote/create-stream-channel.js";
import { defaultMaxMessageBytes } from "../../remote/message-channel.js";
import { serveHookEngine } from "../../remote/serve-hook-engine.js";
import { startWebSocketServer } from "../../remote/start-websocket-server.js";
import { eraseEnvironmentValue } from "../erase-environment-value.js";
import { formatDiagnostic } from "../format-diagnostic.js";
import { parseTokenDescriptor, readTokenDescriptor, readTokenFile } from "../read-serve-token.js";
import {
  addEngineOptions,
  type EngineFlags,
  toEngineOptions,
  UsageError,
} from "../shared-options.js";

interface ServeFlags extends EngineFlags {
  stdio?: boolean;
  listen?: string;
  maxMessageBytes?: number;
  allowOrigin?: string[];
  tokenFile?: string;
  tokenFd?: number;
  allowScopedHooks?: boolean;
}

/** How long the process may linger after a clean shutdown before it is ended anyway. */
const exitGraceMs = 3000;

/**
 * `agent-hooks serve`: runs the hook side of a client/server split, answering an agent's
 * dispatches with this configuration's hooks, over stdio or a WebSocket.
 */
export function registerServeCommand(program: Command): void {
  addEngineOptions(
    program
      .command("serve")
      .description(
        "serve this configuration's hooks to an agent running elsewhere (JSON-RPC over stdio or WebSocket)",
      )
      .option("--stdio", "newline-delimited JSON-RPC on standard input and output (the default)")
      .option(
        "--listen <address>",
        "listen for agents over WebSocket on [host:]port (host: 127.0.0.1; port 0 picks one)",
      )
      .option(
        "--max-message-bytes <bytes>",
        `largest message accepted (default ${defaultMaxMessageBytes})`,
        parseByteCount,
      )
      .option(
        "--allow-origin <origin>",
        "with --listen, let web pages of this origin (scheme://host[:port]) connect; repeatable",
        collectOrigin,
      )
      .option(
        "--token-file <path>",
        "with --listen, read the token from this file (mode 600: group and others may not read it)",
      )
      .option(
        "--token-fd <n>",
        "with --listen, read the token from this open descriptor (a pipe), then close it",
        parseTokenDescriptor,
      )
      .option(
        "--allow-scoped-hooks",
        "with --listen, let agents add skill and subagent hooks (hooks/addScopedHooks), which run commands no configuration file names; over stdio they always may",
      )
      .addHelpText(
        "after",
        `
The token (--listen): printed at start unless given by --token-fd, --token-file or
AGENT_HOOKS_TOKEN. A descriptor or file leaves no copy in this process's environment, which
other processes of the same user, hooks included, can read in /proc/<pid>/environ;
AGENT_HOOKS_TOKEN is blanked there where Linux allows it (see docs/remote.md).

Examples:
  $ agent-hooks serve --config examples/hooks.json
  $ agent-hooks serve --listen 127.0.0.1:7777 --token-fd 3 3< <(pass show agent-hooks)
  $ agent-hooks serve --listen 0 --token-file ~/.config/agent-hooks/token --allow-origin http://localhost:3000`,
      ),
  ).action(async (flags: ServeFlags) => {
    if (flags.stdio === true && flags.listen !== undefined) {
      throw new UsageError("choose one of --stdio and --listen");
    }
    if (flags.allowOrigin !== undefined && flags.listen === undefined) {
      throw new UsageError("--allow-origin needs --listen");
    }
    if (flags.allowScopedHooks === true && flags.listen === undefined) {
      throw new UsageError("--allow-scoped-hooks needs --listen (over stdio they always may)");
    }
    const fromEnvironment = process.env.AGENT_HOOKS_TOKEN;
    const environmentToken =
      fromEnvironment === undefined || fromEnvironment === "" ? undefined : fromEnvironment;
    const given = readGivenToken(flags, environmentToken);
    const address = flags.listen === undefined ? null : parseListenAddress(flags.listen);
    const log = (message: string) => process.stderr.write(`agent-hooks serve: ${message}\n`);
    // Routes each run's notifications to the connection whose dispatch started it.
    const relay = createRunRelay();
    const engine = await createHookEngine({ ...toEngineOptions(flags), ...relay.engineOptions });
    for (const diagnostic of engine.diagnostics) {
      process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
    }
    const token = given?.token ?? environmentToken;
    // Hooks never see the token, under its own name or another (the engine drops the former).
    if (token !== undefined) engine.withholdSecrets?.([token]);
    // Nor the server's own environment block, which /proc/<pid>/environ shows them.
    const erased =
      environmentToken === undefined ? null : eraseEnvironmentValue("AGENT_HOOKS_TOKEN");
    if (erased !== null && !erased.erased) {
      log(
        `warning: AGENT_HOOKS_TOKEN stays readable in /proc/${process.pid}/environ by processes of this user, hooks included (${erased.reason}); --token-fd or --token-file leave no copy there`,
      );
    }
    const maxMessageBytes = flags.maxMessageBytes ?? defaultMaxMessageBytes;
    const stopped = new Promise<string>((resolve) => {
      process.once("SIGINT", () => resolve("SIGINT"));
      process.once("SIGTERM", () => resolve("SIGTERM"));
    });

    if (address === null) {
      // Standard output carries the protocol; every log line goes to standard error.
      const channel = createStreamChannel(process.stdin, process.stdout, { maxMessageBytes });
      // The host started this server itself: its scoped hooks are its own commands.
      const served = serveHookEngine(engine, channel, {
        onLog: log,
        relay,
        allowScopedHooks: true,
      });
      log(`serving ${engine.profile.name} hooks on standard input and output`);
      const reason = await Promise.race([served.done.then(() => "end of input"), stopped]);
      served.close();
      log(`stopping (${reason})`);
    } else {
      let server: Awaited<ReturnType<typeof startWebSocketServer>>;
      try {
        server = await startWebSocketServer(engine, {
          host: address.host,
          port: address.port,
          maxMessageBytes,
          onLog: log,
          relay,
          allowScopedHooks: flags.allowScopedHooks === true,
          ...(token !== undefined && { token }),
          ...(flags.allowOrigin !== undefined && { allowedOrigins: flags.allowOrigin }),
        });
      } catch (error) {
        await engine.close();
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        throw new UsageError(`cannot listen on ${address.host}:${address.port} (${code})`);
      }
      if (!isLoopback(server.host)) {
        log(
          `warning: listening on ${server.host}, beyond loopback; anyone who reaches it with the token runs these hooks`,
        );
      }
      log(`listening on ${server.url}`);
      log(
        `token: ${given?.description ?? (token === undefined ? server.token : "the value of AGENT_HOOKS_TOKEN")}`,
      );
      const reason = await stopped;
      log(`stopping (${reason})`);
      await server.close();
    }
    await engine.close();
    // Nothing should be left, but a stray handle must not keep a stopped server alive.
    setTimeout(() => process.exit(0), exitGraceMs).unref();
  });
}

/** The token `--token-fd` or `--token-file` gives, read before anything else starts. */
function readGivenToken(
  flags: ServeFlags,
  environmentToken: string | undefined,
): { token: string; description: string } | null {
  const { tokenFile, tokenFd } = flags;
  if (tokenFile === undefined && tokenFd === undefined) return null;
  if (tokenFile !== undefined && tokenFd !== undefined) {
    throw new UsageError("choose one of --token-file and --token-fd");
  }
  const flag = tokenFile === undefined ? "--token-fd" : "--token-file";
  if (flags.listen === undefined) throw new UsageError(`${flag} needs --listen`);
  if (environmentToken !== undefined) {
    throw new UsageError(
      `${flag} and AGENT_HOOKS_TOKEN both give a token; unset AGENT_HOOKS_TOKEN (it would sit in this process's environment)`,
    );
  }
  return tokenFile === undefined
    ? { token: readTokenDescriptor(tokenFd ?? 0), description: `read from descriptor ${tokenFd}` }
    : { token: readTokenFile(tokenFile), description: `read from ${tokenFile}` };
}

/** Adds one `--allow-origin`: an origin as browsers send it, `scheme://host[:port]`. */
function collectOrigin(value: string, previous: string[] = []): string[] {
  let origin: string | null = null;
  try {
    const parsed = new URL(value);
    origin = parsed.origin !== "null" && `${parsed.origin}/` === parsed.href ? parsed.origin : null;
  } catch {
    origin = null;
  }
  if (origin === null) {
    throw new UsageError(
      `--allow-origin takes an origin such as https://app.example.com or http://localhost:3000, got "${value}"`,
    );
  }
  return [...previous, origin];
}

function parseByteCount(value: string): number {
  const bytes = Number(value);
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new UsageError(`--max-message-bytes must be a positive integer, got "${value}"`);
  }
  return bytes;
}

/** `[host:]port`, with `[::1]:port` for IPv6; the host defaults to the loopback 127.0.0.1. */
function parseListenAddress(value: string): { host: string; port: number } {
  const match = /^(?:(\[[^\]]+\]|[^:]+):)?(\d+)$/.exec(value);
  const port = Number(match?.[2]);
  if (match === null || !Number.isInteger(port) || port > 65_535) {
    throw new UsageError(`--listen takes [host:]port, such as 127.0.0.1:7777; got "${value}"`);
  }
  const host = match[1]?.replace(/^\[(.*)\]$/, "$1") ?? "127.0.0.1";
  return { host, port };
}

function isLoopback(host: string): boolean {
  return (
    host === "::1" || host === "localhost" || /^127\./.test(host) || host === "::ffff:127.0.0.1"
  );
}

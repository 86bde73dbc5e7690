import { describe, expect, it } from "vitest";
import { readInlineOutput } from "./read-inline-output.js";

describe("readInlineOutput", () => {
  it.each([
    [`echo '{"decision":"block"}'`, { stdout: '{"decision":"block"}\n', stderr: "", exitCode: 0 }],
    ["echo -n ok", { stdout: "ok", stderr: "", exitCode: 0 }],
    ["exit 2", { stdout: "", stderr: "", exitCode: 2 }],
    ["echo no >&2; exit 2", { stdout: "", stderr: "no\n", exitCode: 2 }],
    ["echo no 1>&2\nexit 2\necho never", { stdout: "", stderr: "no\n", exitCode: 2 }],
    [`printf '%s' '{"a":1}'`, { stdout: '{"a":1}', stderr: "", exitCode: 0 }],
    [`printf 'done\\n'`, { stdout: "done\n", stderr: "", exitCode: 0 }],
    [": ; true", { stdout: "", stderr: "", exitCode: 0 }],
  ])("reads %j", (command, expected) => {
    expect(readInlineOutput(command)).toEqual(expected);
  });

  it.each([
    "./guard.sh",
    "echo $HOME",
    'echo "$(cat reply.json)"',
    "echo x > out.txt",
    "echo x 2>/dev/null",
    "test -f x && exit 2",
    "X=1 echo hi",
    "echo 'a\\nb'",
    "printf '%d' 3",
    "exit $CODE",
    "echo 'unterminated",
  ])("cannot know the output of %j without running it", (command) => {
    expect(readInlineOutput(command)).toBeNull();
  });
});

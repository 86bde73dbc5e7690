#!/usr/bin/env bash
# PostToolUse: a shell hook that reads the payload and adds a note for the model.
payload=$(cat)
case "$payload" in
  *'"tool_name":"Write"'*) echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"Remember to format the file you just wrote."}}' ;;
  *'"tool_name":"Edit"'*) echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"You edited code: run the tests before you finish."}}' ;;
esac
exit 0

#!/bin/sh
# Reads the payload from stdin and denies the call (scenario b).
cat > /dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by bench"}}'

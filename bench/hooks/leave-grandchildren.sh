#!/bin/sh
# Scenario g: leaves two grandchildren and waits. One holds stdout for 3 s; the other lives 6 s
# with its output closed. Their pids are appended to the file named by $1.
sleep 3 &
echo "$!" >> "$1"
sleep 6 > /dev/null 2>&1 &
echo "$!" >> "$1"
wait

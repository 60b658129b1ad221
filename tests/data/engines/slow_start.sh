#!/bin/sh
# An engine for tests/external_test.cpp that takes two seconds to start up, then plays the first
# legal action. With a file as its argument, it adds to it when its start-up began and ended
# (nanoseconds since the epoch), so that a test can tell copies started together from copies
# started one after another.
[ -n "$1" ] && echo "start $(date +%s%N)" >> "$1"
sleep 2
[ -n "$1" ] && echo "end $(date +%s%N)" >> "$1"
read -r hello
echo "ready slow_start"
while read -r cmd rest; do
  case "$cmd" in
    choose) printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":\([0-9]*\),.*/\1/p' ;;
    quit) exit 0 ;;
  esac
done

#!/bin/sh
# A broken engine for tests/external_test.cpp and tests/arena_test.cpp: plays the first legal
# action, and at its choose number $1 (counted from 1) sends that answer again $2 seconds after
# it (0.3 by default): a second answer, late, as from an engine that answers while it thinks on.
read -r hello
echo "ready late_twice"
n=0
while read -r cmd rest; do
  case "$cmd" in
    choose)
      n=$((n + 1))
      code=$(printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":\([0-9]*\),.*/\1/p')
      echo "$code"
      if [ "$n" -eq "$1" ]; then
        sleep "${2:-0.3}"
        echo "$code"
      fi
      ;;
    quit) exit 0 ;;
  esac
done

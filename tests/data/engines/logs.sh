#!/bin/sh
# An engine for tests/external_test.cpp and tests/play_test.cpp: plays the first legal action,
# and writes every message it is sent but the handshake to the file $1, after its process id.
read -r hello
echo "ready logs"
while read -r cmd rest; do
  case "$cmd" in
    choose)
      printf '%s %s %s\n' "$$" "$cmd" "$rest" >> "$1"
      printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":\([0-9]*\),.*/\1/p'
      ;;
    quit) exit 0 ;;
    *) printf '%s %s %s\n' "$$" "$cmd" "$rest" >> "$1" ;;
  esac
done

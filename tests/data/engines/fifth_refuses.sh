#!/bin/sh
# A broken engine for tests/external_test.cpp: each copy adds a line to the file named by its
# first argument; the first four copies play the first legal action, later ones refuse the
# handshake (as an engine out of licences, memory or ports would).
echo x >> "$1"
read -r hello
if [ "$(wc -l < "$1")" -gt 4 ]; then
  echo "no more copies"
  exit 0
fi
echo "ready fifth_refuses"
while read -r cmd rest; do
  case "$cmd" in
    choose) printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":\([0-9]*\),.*/\1/p' ;;
    quit) exit 0 ;;
  esac
done

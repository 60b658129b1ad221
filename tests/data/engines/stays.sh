#!/bin/sh
# An engine for tests/arena_test.cpp: adds its process id to the file named by its first argument,
# plays the first legal action, and exits neither on `quit` nor at the end of its input, so that
# it outlives a whist that does not kill it.
echo $$ >> "$1"
read -r hello
echo "ready stays"
while read -r cmd rest; do
  case "$cmd" in
    choose) printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":\([0-9]*\),.*/\1/p' ;;
  esac
done
sleep 60

#!/bin/sh
# An engine for tests/external_test.cpp and tests/arena_test.cpp that plays the first legal action
# but exits neither on `quit` nor at the end of its input: whist has to kill it. With a file as
# its argument, it adds its process id to it, so that a test can check it is gone.
[ -n "$1" ] && echo $$ >> "$1"
read -r hello
echo "ready ignores_quit"
while read -r cmd rest; do
  case "$cmd" in
    choose) printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":\([0-9]*\),.*/\1/p' ;;
  esac
done
sleep 60

#!/bin/sh
# A broken engine for tests/external_test.cpp: answers each choose twice, with the first legal
# action's code, in one write.
read -r hello
echo "ready twice"
while read -r cmd rest; do
  case "$cmd" in
    choose)
      code=$(printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":\([0-9]*\),.*/\1/p')
      printf '%s\n%s\n' "$code" "$code"
      ;;
    quit) exit 0 ;;
  esac
done

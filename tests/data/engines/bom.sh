#!/bin/sh
# An engine for tests/external_test.cpp whose output starts with a UTF-8 byte order mark, as some
# runtimes write one; it plays the first legal action.
read -r hello
printf '\357\273\277ready bom\n'
while read -r cmd rest; do
  case "$cmd" in
    choose) printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":\([0-9]*\),.*/\1/p' ;;
    quit) exit 0 ;;
  esac
done

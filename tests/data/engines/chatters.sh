#!/bin/sh
# A broken engine for tests/external_test.cpp: answers choose with comment lines, as fast as
# `yes` writes them, without end.
read -r hello
echo "ready chatters"
while read -r cmd rest; do
  case "$cmd" in
    choose) yes "# still thinking" ;;
    quit) exit 0 ;;
  esac
done

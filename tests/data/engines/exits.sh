#!/bin/sh
# A broken engine for tests/external_test.cpp: shakes hands, then exits with status 3 at the
# first choose.
read -r hello
echo "ready exits"
while read -r cmd rest; do
  case "$cmd" in
    choose) exit 3 ;;
  esac
done
